import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSession } from '@pms/contract/session';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export function acceptInvitation(token: string): Promise<TSession> {
  return api.post<TSession>('/session/accept_invitation', { body: { token } });
}

/** Joins the team that invited the signed-in user; the session moves to that property. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { isErrorShownInline: true },
    onSuccess: async (session) => {
      sessionStore.setUser(session);
      await queryClient.resetQueries();
    },
  });
}
