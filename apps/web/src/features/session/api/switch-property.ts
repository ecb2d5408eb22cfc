import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSession } from '@pms/contract/session';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export function switchProperty(propertyId: string): Promise<TSession> {
  return api.post<TSession>('/session/switch_property', { query: { propertyId } });
}

/** Moves the session to another property, then re-initialises: every query loads again. */
export function useSwitchProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchProperty,
    onSuccess: async (session) => {
      sessionStore.setUser(session);
      await queryClient.resetQueries();
    },
  });
}
