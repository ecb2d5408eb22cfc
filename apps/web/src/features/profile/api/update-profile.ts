import { useMutation } from '@tanstack/react-query';
import type { TSession } from '@pms/contract/session';
import type { TUpdateProfileRequest } from '@pms/contract/users';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';

export function updateProfile(changes: TUpdateProfileRequest): Promise<TSession> {
  return api.patch<TSession>('/session/profile', { body: changes });
}

/** Saves name or language; the answer replaces the user, so a new language applies at once. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorTitle: 'profile.notSaved' },
    onSuccess: (session) => sessionStore.setUser(session),
  });
}
