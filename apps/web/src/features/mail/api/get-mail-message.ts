import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailMessage } from '@pms/contract/mail';
import { api } from '../../../lib/api-client.ts';
import { mailKeys } from '../../../shared/query-keys/index.ts';

export function getMailMessage(id: string): Promise<TMailMessage> {
  return api.get<TMailMessage>(`/mail_messages/${encodeURIComponent(id)}`);
}

export const mailMessageQueryOptions = (id: string) =>
  queryOptions({ queryKey: mailKeys.detail(id), queryFn: () => getMailMessage(id) });

export function useMailMessage(id: string) {
  return useQuery(mailMessageQueryOptions(id));
}
