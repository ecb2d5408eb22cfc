import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateNoteRequest, TNote, TNoteObjectType } from '@pms/contract/contacts';
import { api } from '../../lib/api-client.ts';
import { noteCollections, notesQueryKey } from './note-objects.ts';

export function createNote(
  objectType: TNoteObjectType,
  objectId: string,
  note: TCreateNoteRequest,
): Promise<TNote> {
  return api.post<TNote>(`/${noteCollections[objectType]}/${encodeURIComponent(objectId)}/notes`, {
    body: note,
  });
}

export function useCreateNote(objectType: TNoteObjectType, objectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: TCreateNoteRequest) => createNote(objectType, objectId, note),
    meta: { isErrorShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(objectType, objectId) }),
  });
}
