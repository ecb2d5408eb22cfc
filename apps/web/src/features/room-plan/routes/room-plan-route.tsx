import { useLayoutEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDaysIcon, LockClosedIcon } from '@heroicons/react/24/outline';
import { addDays } from '@pms/contract/dates';
import { can } from '@pms/contract/permissions';
import type { TRoomLock } from '@pms/contract/room-plan';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { endFirstScreen } from '../../../lib/first-screen.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { usePropertyToday } from '../../../lib/property-today.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { openCreateBooking } from '../../../shared/bookings/index.ts';
import { roomLockQueryOptions } from '../../../shared/room-locks/index.ts';
import { RoomLockDialog } from '../../../shared/room-locks/index.ts';
import { useRoomPlan } from '../api/get-room-plan.ts';
import { useMoveBooking } from '../api/move-booking.ts';
import { RoomPlanGrid } from '../components/room-plan-grid.tsx';
import { RoomPlanLegend, RoomPlanToolbar } from '../components/room-plan-toolbar.tsx';
import { planPeriod, planRange, planStart, type TPlanPeriod } from '../plan-period.ts';
import { moveRefusal, type TPlanBooking, type TPlanRoom } from '../plan-layout.ts';

/** The period from the URL (`from`, `days`), so a reload or a shared link shows the same days. */
function usePlanPeriod(today: string): [TPlanPeriod, (period: TPlanPeriod) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setPeriod = (next: TPlanPeriod) =>
    setSearchParams({ from: next.from, days: String(next.days) }, { replace: true });
  return [planPeriod(searchParams, today), setPeriod];
}

export function RoomPlanRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const formatDate = useFormatDate();
  const today = usePropertyToday();
  const [period, setPeriod] = usePlanPeriod(today);
  const plan = useRoomPlan(planRange(period));
  const moveBooking = useMoveBooking();
  const queryClient = useQueryClient();
  const [isLockDialogOpen, setIsLockDialogOpen] = useState(false);
  const [editedLock, setEditedLock] = useState<TRoomLock | null>(null);
  const canChangeBookings = can(user.role, 'bookings', 'write');
  const canChangeLocks = can(user.role, 'roomLocks', 'write');
  // The plan (or why there is none) is drawn: it replaces the one the server wrote into the page, and
  // a click on that picture goes to the same place of the app's plan.
  useLayoutEffect(() => {
    if (!plan.isPending) endFirstScreen({ isSameScreen: plan.isSuccess });
  }, [plan.isPending, plan.isSuccess]);

  const openLock = async (lockId: string) => {
    try {
      setEditedLock(await queryClient.fetchQuery(roomLockQueryOptions(lockId)));
    } catch (error) {
      toast.error(t('roomPlan.lockLoadFailed'), errorMessage(error));
    }
  };

  const requestMove = async (booking: TPlanBooking, room: TPlanRoom, delta: number) => {
    if (room.id === booking.roomId && delta === 0) return;
    const refusal = moveRefusal(booking, room);
    if (refusal) {
      toast.error(t('roomPlan.moveFailed'), errorMessage(new ApiError(refusal)));
      return;
    }
    const checkIn = addDays(booking.checkIn, delta);
    const checkOut = addDays(booking.checkOut, delta);
    const isConfirmed = await openConfirmDialog({
      title: t('roomPlan.moveTitle'),
      subtitle: (
        <Trans
          i18nKey="roomPlan.moveText"
          values={{
            code: booking.code,
            room: room.number,
            checkIn: formatDate(checkIn),
            checkOut: formatDate(checkOut),
          }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('roomPlan.move'),
    });
    if (!isConfirmed) return;
    moveBooking.mutate(
      { id: booking.id, roomId: room.id, checkIn, checkOut },
      { onSuccess: () => toast.success(t('roomPlan.moved', { code: booking.code, room: room.number })) },
    );
  };

  const renderPlan = () => {
    if (plan.isPending) return <Spinner />;
    if (plan.isError && !plan.data)
      return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />;
    if (plan.data.rooms.length === 0 && plan.data.bookings.length === 0)
      return (
        <EmptyState icon={CalendarDaysIcon} title={t('roomPlan.emptyTitle')} text={t('roomPlan.emptyText')} />
      );
    return (
      <RoomPlanGrid
        plan={plan.data}
        canMove={canChangeBookings}
        canCreate={canChangeBookings}
        onOpen={(bookingId) => void navigate(`/bookings/${encodeURIComponent(bookingId)}`)}
        onOpenLock={canChangeLocks ? (lockId) => void openLock(lockId) : undefined}
        onSelect={(room, checkIn, checkOut) => openCreateBooking({ roomId: room.id, checkIn, checkOut })}
        onMove={(booking, room, delta) => void requestMove(booking, room, delta)}
      />
    );
  };

  return (
    <div className="flex h-[calc(100dvh-7rem)] min-h-[30rem] flex-col lg:h-[calc(100dvh-8rem)]">
      <PageHeader
        title={t('roomPlan.title')}
        actions={
          canChangeLocks && (
            <Button variant="secondary" icon={LockClosedIcon} onClick={() => setIsLockDialogOpen(true)}>
              {t('roomPlan.newRoomLock')}
            </Button>
          )
        }
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <RoomPlanToolbar
          period={period}
          todayStart={planStart(today)}
          isUpdating={plan.isPlaceholderData || moveBooking.isPending}
          onChange={setPeriod}
        />
        <RoomPlanLegend />
      </div>
      <section className="relative min-h-0 flex-1 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-gray-200">
        {renderPlan()}
      </section>
      <RoomLockDialog open={isLockDialogOpen} onClose={() => setIsLockDialogOpen(false)} />
      <RoomLockDialog open={editedLock !== null} lock={editedLock} onClose={() => setEditedLock(null)} />
    </div>
  );
}
