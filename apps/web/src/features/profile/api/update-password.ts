import { useMutation } from '@tanstack/react-query';
import type { TUpdatePasswordRequest } from '@pms/contract/session';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export function updatePassword(passwords: TUpdatePasswordRequest): Promise<void> {
  return api.post<void>('/session/update_password', { body: passwords });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    meta: { isErrorShownInline: true },
    onSuccess: () => {
      const { user } = sessionStore.getState();
      if (user?.mustChangePassword) sessionStore.setUser({ ...user, mustChangePassword: false });
    },
  });
}
