import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChatBubbleLeftRightIcon, TrashIcon } from '@heroicons/react/24/outline';
import { ZCreateNoteRequest, type TNote, type TNoteObjectType } from '@pms/contract/contacts';
import { can } from '@pms/contract/permissions';
import { errorMessage } from '../../lib/error-message.ts';
import { zodFormResolver } from '../../lib/form.ts';
import { useFormatDateTime } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { openConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Field, Textarea } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.tsx';
import { useCreateNote } from './create-note.ts';
import { useDeleteNote } from './delete-note.ts';
import { useNotes } from './get-notes.ts';
import { noteCollections } from './note-objects.ts';

type TNotesPanelProps = { objectType: TNoteObjectType; objectId: string };

function AddNoteForm({ objectType, objectId }: TNotesPanelProps) {
  const { t } = useTranslation();
  const createNote = useCreateNote(objectType, objectId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZCreateNoteRequest), defaultValues: { text: '' } });

  const save = handleSubmit((note) =>
    createNote.mutate(note, {
      onSuccess: () => {
        reset({ text: '' });
        toast.success(t('notes.added'));
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-3">
      {createNote.isError && <Alert type="error">{errorMessage(createNote.error)}</Alert>}
      <Field label={t('notes.newNote')} error={errors.text?.message}>
        <Textarea rows={3} placeholder={t('notes.placeholder')} {...register('text')} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" isLoading={createNote.isPending}>
          {t('notes.add')}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({ note, canDelete }: { note: TNote; canDelete: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const deleteNote = useDeleteNote();

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('notes.deleteTitle'),
      subtitle: t('notes.deleteText', { author: note.authorName }),
      content: <p className="line-clamp-4 whitespace-pre-line">{note.text}</p>,
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteNote.mutate(note, { onSuccess: () => toast.success(t('notes.deleted')) });
  };

  return (
    <li className="flex gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-gray-900">{note.authorName}</span>
          <time dateTime={note.createdAt} className="text-xs text-gray-500">
            {formatDateTime(note.createdAt)}
          </time>
        </p>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-700">{note.text}</p>
      </div>
      {canDelete && (
        <IconButton
          label={t('notes.deleteLabel', { author: note.authorName })}
          icon={TrashIcon}
          disabled={deleteNote.isPending}
          className="-my-1 hover:text-red-600"
          onClick={() => void remove()}
        />
      )}
    </li>
  );
}

function NoteList({ objectType, objectId, canWrite }: TNotesPanelProps & { canWrite: boolean }) {
  const { t } = useTranslation();
  const notes = useNotes(objectType, objectId);

  if (notes.isPending) return <Spinner className="py-10" />;
  if (notes.isError) return <ErrorState error={notes.error} onRetry={() => void notes.refetch()} />;
  const items = notes.data.pages.flatMap((page) => page.data);
  if (items.length === 0)
    return (
      <EmptyState icon={ChatBubbleLeftRightIcon} title={t('notes.emptyTitle')} text={t('notes.emptyText')} />
    );

  return (
    <>
      <ul aria-label={t('notes.listLabel')} className="divide-y divide-gray-100">
        {items.map((note) => (
          <NoteItem key={note.id} note={note} canDelete={canWrite} />
        ))}
      </ul>
      {notes.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="secondary"
            isLoading={notes.isFetchingNextPage}
            onClick={() => void notes.fetchNextPage()}
          >
            {t('notes.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

/** The notes of a booking, contact, group or invoice: read them, add one, delete one. */
export function NotesPanel({ objectType, objectId }: TNotesPanelProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canWrite = can(user.role, noteCollections[objectType], 'write');
  return (
    <Card title={t('notes.title')}>
      <div className="space-y-4">
        {canWrite && <AddNoteForm objectType={objectType} objectId={objectId} />}
        <NoteList objectType={objectType} objectId={objectId} canWrite={canWrite} />
      </div>
    </Card>
  );
}
