import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateUserRequest, TCreateUserResponse } from '@pms/contract/users';
import { api } from '../../../lib/api-client.ts';

export function createUser(user: TCreateUserRequest): Promise<TCreateUserResponse> {
  return api.post<TCreateUserResponse>('/users', { body: user });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { isErrorShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
