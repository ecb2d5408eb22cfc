import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSession } from '@pms/contract/session';
import { api } from '../../../lib/api-client.ts';

export function getSession(): Promise<TSession> {
  return api.get<TSession>('/session');
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'user'], queryFn: getSession, staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
