import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export function logout(): Promise<void> {
  return api.post<void>('/session/logout');
}

/** Logs out on the server; whether that works or not, the local session ends. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    meta: { isErrorShownInline: true },
    onSettled: () => sessionStore.end('logout'),
  });
}
