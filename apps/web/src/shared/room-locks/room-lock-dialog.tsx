import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoomLock } from '@pms/contract/room-plan';
import { Modal } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';

// The form's code loads when the dialog is first opened, not with the room plan's first screen.
const RoomLockDialogBody = lazy(async () => ({
  default: (await import('./room-lock-form.tsx')).RoomLockDialogBody,
}));

type TRoomLockDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The lock to edit; without one the dialog creates a lock. */
  lock?: TRoomLock | null;
};

/** Creates or edits a room lock; opened from the room locks list and the room plan's toolbar. */
export function RoomLockDialog({ open, onClose, lock = null }: TRoomLockDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t(lock ? 'roomLocks.editTitle' : 'roomLocks.createTitle')}>
      <Suspense fallback={<Spinner />}>
        <RoomLockDialogBody lock={lock} onClose={onClose} />
      </Suspense>
    </Modal>
  );
}
