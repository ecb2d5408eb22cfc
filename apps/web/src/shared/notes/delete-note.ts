import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNote } from '@pms/contract/contacts';
import { api } from '../../lib/api-client.ts';
import { notesQueryKey } from './note-objects.ts';

export function deleteNote(noteId: string): Promise<void> {
  return api.delete(`/notes/${encodeURIComponent(noteId)}`);
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: TNote) => deleteNote(note.id),
    meta: { errorTitle: 'notes.notDeleted' },
    onSuccess: (_result, note) =>
      queryClient.invalidateQueries({ queryKey: notesQueryKey(note.objectType, note.objectId) }),
  });
}
