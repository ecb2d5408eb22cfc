import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProperty, TUpdatePropertyRequest } from '@pms/contract/properties';
import { api } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { currentPropertyQueryOptions } from './get-current-property.ts';

export function updateProperty(id: string, changes: TUpdatePropertyRequest): Promise<TProperty> {
  return api.put<TProperty>(`/properties/${encodeURIComponent(id)}`, { body: changes });
}

/** Saves the property; its name and branding take effect in the whole app at once. */
export function useUpdateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TUpdatePropertyRequest }) =>
      updateProperty(id, changes),
    meta: { errorTitle: 'settings.notSaved' },
    onSuccess: (property) => {
      queryClient.setQueryData(currentPropertyQueryOptions().queryKey, property);
      sessionStore.updateProperty(property);
    },
  });
}
