import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NoSymbolIcon, PencilSquareIcon, PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import type { TRoomLock } from '@pms/contract/room-plan';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { useCancelRoomLock } from '../api/cancel-room-lock.ts';
import { useDeleteRoomLock } from '../api/delete-room-lock.ts';
import { useRoomLocks } from '../api/get-room-locks.ts';
import { RoomLockDialog } from '../../../shared/room-locks/index.ts';

const statusColors: Record<TRoomLock['status'], TBadgeColor> = {
  scheduled: 'primary',
  active: 'amber',
  ended: 'gray',
  canceled: 'red',
};

/** A lock can still change until it has ended or was canceled. */
function isChangeable(lock: TRoomLock): boolean {
  return lock.status === 'scheduled' || lock.status === 'active';
}

type TDialogState = { isOpen: boolean; lock: TRoomLock | null };

export function RoomLocksRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const formatDate = useFormatDate();
  const paging = usePaging();
  const roomLocks = useRoomLocks(paging);
  const baseData = useBaseData();
  const cancelRoomLock = useCancelRoomLock();
  const deleteRoomLock = useDeleteRoomLock();
  const [dialog, setDialog] = useState<TDialogState>({ isOpen: false, lock: null });
  const canWrite = can(user.role, 'roomLocks', 'write');
  const roomNumbers = new Map(baseData.data?.rooms.map((room) => [room.id, room.number]));

  const roomNumber = (lock: TRoomLock) => lock.room?.number ?? roomNumbers.get(lock.roomId) ?? '–';
  const lockValues = (lock: TRoomLock) => ({
    room: roomNumber(lock),
    from: formatDate(lock.startDate),
    to: formatDate(lock.endDate),
  });

  const lockActions = {
    cancel: {
      mutation: cancelRoomLock,
      title: t('roomLocks.cancelTitle'),
      text: 'roomLocks.cancelText',
      confirmText: t('roomLocks.cancelConfirm'),
      cancelText: t('roomLocks.keep'),
      done: t('roomLocks.canceled'),
    },
    delete: {
      mutation: deleteRoomLock,
      title: t('roomLocks.deleteTitle'),
      text: 'roomLocks.deleteText',
      confirmText: t('common.delete'),
      cancelText: undefined,
      done: t('roomLocks.deleted'),
    },
  } as const;

  /** Cancelling and deleting both ask first, naming the room and the days. */
  const runLockAction = async (action: keyof typeof lockActions, lock: TRoomLock) => {
    const { mutation, title, text, confirmText, cancelText, done } = lockActions[action];
    const isConfirmed = await openConfirmDialog({
      title,
      subtitle: <Trans i18nKey={text} values={lockValues(lock)} components={{ strong: <strong /> }} />,
      confirmText,
      cancelText,
      confirmColor: 'red',
    });
    if (isConfirmed) mutation.mutate(lock.id, { onSuccess: () => toast.success(done) });
  };

  const columns: TColumn<TRoomLock>[] = [
    {
      id: 'room',
      header: t('roomLocks.room'),
      cell: (lock) => <span className="font-medium text-gray-900">{roomNumber(lock)}</span>,
    },
    {
      id: 'start',
      header: t('roomLocks.startDate'),
      cell: (lock) => <span className="whitespace-nowrap">{formatDate(lock.startDate)}</span>,
    },
    {
      id: 'end',
      header: t('roomLocks.endDate'),
      cell: (lock) => <span className="whitespace-nowrap">{formatDate(lock.endDate)}</span>,
    },
    { id: 'reason', header: t('roomLocks.reason'), cell: (lock) => lock.reason },
    {
      id: 'statusAfterStart',
      header: t('roomLocks.afterStartColumn'),
      cell: (lock) => t(`housekeeping.statuses.${lock.statusAfterStart}`),
    },
    {
      id: 'statusAfterEnd',
      header: t('roomLocks.afterEndColumn'),
      cell: (lock) => t(`housekeeping.statuses.${lock.statusAfterEnd}`),
    },
    {
      id: 'status',
      header: t('roomLocks.status'),
      cell: (lock) => (
        <Badge color={statusColors[lock.status]}>{t(`roomLocks.statuses.${lock.status}`)}</Badge>
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'w-32 text-right whitespace-nowrap',
      cell: (lock) => (
        <div className="flex justify-end gap-1">
          {isChangeable(lock) && (
            <>
              <IconButton
                label={t('roomLocks.edit')}
                icon={PencilSquareIcon}
                onClick={() => setDialog({ isOpen: true, lock })}
              />
              <IconButton
                label={t('roomLocks.cancel')}
                icon={NoSymbolIcon}
                disabled={cancelRoomLock.isPending}
                onClick={() => void runLockAction('cancel', lock)}
              />
            </>
          )}
          <IconButton
            label={t('roomLocks.delete')}
            icon={TrashIcon}
            disabled={deleteRoomLock.isPending}
            onClick={() => void runLockAction('delete', lock)}
          />
        </div>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('roomLocks.title')}
        description={t('roomLocks.description')}
        actions={
          canWrite && (
            <Button icon={PlusIcon} onClick={() => setDialog({ isOpen: true, lock: null })}>
              {t('roomLocks.create')}
            </Button>
          )
        }
      />
      <Card isFlush>
        <PagedTable
          label={t('roomLocks.title')}
          columns={columns}
          query={roomLocks}
          paging={paging}
          emptyText={t('roomLocks.empty')}
        />
      </Card>
      <RoomLockDialog
        open={dialog.isOpen}
        lock={dialog.lock}
        onClose={() => setDialog((current) => ({ ...current, isOpen: false }))}
      />
    </>
  );
}
