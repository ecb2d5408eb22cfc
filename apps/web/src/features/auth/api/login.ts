import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TSession } from '@pms/contract/session';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export function login(credentials: TLoginRequest): Promise<TSession> {
  return api.post<TSession>('/session/login', { body: credentials });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    meta: { isErrorShownInline: true },
    onSuccess: (session) => sessionStore.setUser(session),
  });
}
