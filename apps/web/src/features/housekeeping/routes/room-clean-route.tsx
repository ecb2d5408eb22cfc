import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  ArrowLeftIcon,
  CheckCircleIcon,
  NoSymbolIcon,
  QuestionMarkCircleIcon,
  SparklesIcon,
} from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import type { THousekeepingRoom, THousekeepingState } from '@pms/contract/room-plan';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useHousekeeping } from '../api/get-housekeeping.ts';
import { useUpdateRoomStatus } from '../api/update-room-status.ts';
import { RoomFacts } from '../components/room-facts.tsx';
import { RoomStatusBadge } from '../components/room-status-badge.tsx';
import { RoomsNotLoaded } from '../components/rooms-not-loaded.tsx';
import { housekeepingReturnPath } from '../housekeeping-paths.ts';

function RoomConfirmation({ room, returnPath }: { room: THousekeepingRoom; returnPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const updateStatus = useUpdateRoomStatus();
  const canWrite = can(user.role, 'housekeeping', 'write');
  const pending = updateStatus.isPending ? updateStatus.variables.status : null;

  const setStatus = (status: THousekeepingState) =>
    updateStatus.mutate(
      { roomId: room.id, status },
      {
        onSuccess: () => {
          toast.success(t(`housekeeping.marked.${status}`, { number: room.number }));
          void navigate(returnPath);
        },
      },
    );

  return (
    <section
      aria-labelledby="room-number"
      className="rounded-2xl bg-white p-6 shadow-xs ring-1 ring-gray-200"
    >
      <div className="text-center">
        <p aria-hidden="true" className="text-sm font-medium tracking-wide text-gray-500 uppercase">
          {t('housekeeping.room')}
        </p>
        <h1 id="room-number" className="mt-1 text-7xl font-bold tracking-tight text-gray-900">
          <span className="sr-only">{t('housekeeping.room')} </span>
          {room.number}
        </h1>
        <p className="mt-1 text-gray-500">{room.roomTypeName}</p>
        <div className="mt-3 flex justify-center">
          <RoomStatusBadge status={room.housekeepingStatus} />
        </div>
      </div>
      <div className="mt-6 border-t border-gray-100 pt-5">
        <RoomFacts room={room} />
      </div>
      {canWrite && (
        <div className="mt-8 space-y-3">
          {room.housekeepingStatus === 'clean' ? (
            <p className="flex items-center justify-center gap-2 rounded-lg bg-green-50 p-4 text-sm font-medium text-green-800">
              <CheckCircleIcon aria-hidden="true" className="size-5" />
              {t('housekeeping.alreadyClean')}
            </p>
          ) : (
            <Button
              icon={SparklesIcon}
              className="min-h-16 w-full"
              isLoading={pending === 'clean'}
              disabled={updateStatus.isPending}
              onClick={() => setStatus('clean')}
            >
              <span className="text-lg">{t('housekeeping.confirmClean')}</span>
            </Button>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {room.housekeepingStatus !== 'dirty' && (
              <Button
                variant="secondary"
                className="min-h-12"
                isLoading={pending === 'dirty'}
                disabled={updateStatus.isPending}
                onClick={() => setStatus('dirty')}
              >
                {t('housekeeping.markDirty')}
              </Button>
            )}
            {room.housekeepingStatus !== 'out_of_service' && (
              <Button
                variant="secondary"
                icon={NoSymbolIcon}
                className="min-h-12"
                isLoading={pending === 'out_of_service'}
                disabled={updateStatus.isPending}
                onClick={() => setStatus('out_of_service')}
              >
                {t('housekeeping.markOutOfService')}
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/** The room-clean confirmation page: the room in big type and one button to confirm it is clean. */
export function RoomCleanRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const returnPath = housekeepingReturnPath(location.state);
  const rooms = useHousekeeping();
  const room = rooms.data?.find((candidate) => candidate.id === id);

  const content = () => {
    if (rooms.isPending) return <Spinner />;
    if (rooms.isError) return <RoomsNotLoaded error={rooms.error} onRetry={() => void rooms.refetch()} />;
    if (!room)
      return (
        <EmptyState
          icon={QuestionMarkCircleIcon}
          title={t('housekeeping.roomNotFound')}
          text={t('housekeeping.roomNotFoundText')}
        />
      );
    return <RoomConfirmation room={room} returnPath={returnPath} />;
  };

  return (
    <div className="mx-auto max-w-md space-y-4">
      <Link
        to={returnPath}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-gray-500 hover:text-gray-900"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        {t('housekeeping.backToList')}
      </Link>
      {content()}
    </div>
  );
}
