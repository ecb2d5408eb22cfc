import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { availableBookingActions, type TBooking, type TBookingAction } from '@pms/contract';
import { useFormatDate } from '../../../lib/format-date.ts';
import { usePropertyToday } from '../../../lib/property-today.ts';
import { Button, type TButtonVariant } from '../../../ui/button.tsx';
import { openConfirmDialog, type TConfirmColor } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { usePerformBookingAction } from '../api/perform-booking-action.ts';

/** Ending a stay before it starts is marked red; arriving and leaving are the main actions. */
const destructiveActions: ReadonlySet<TBookingAction> = new Set(['cancel', 'no_show']);
const mainActions: ReadonlySet<TBookingAction> = new Set(['check_in', 'check_out']);

function buttonVariant(action: TBookingAction): TButtonVariant {
  return mainActions.has(action) ? 'primary' : 'secondary';
}

function confirmColor(action: TBookingAction): TConfirmColor {
  return destructiveActions.has(action) ? 'red' : 'primary';
}

/** Exactly the status actions the booking's status allows, each confirmed first. */
export function BookingActions({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const performAction = usePerformBookingAction();
  const formatDate = useFormatDate();
  const today = usePropertyToday();
  const hintId = useId();
  const actions = availableBookingActions(booking.status);
  // The server checks a guest in only into an assigned room and from the arrival day on.
  const checkInHint = !actions.includes('check_in')
    ? null
    : !booking.roomId
      ? t('bookings.actions.checkInNeedsRoom')
      : booking.checkIn > today
        ? t('bookings.actions.checkInFrom', { date: formatDate(booking.checkIn) })
        : null;

  const run = async (action: TBookingAction) => {
    const isConfirmed = await openConfirmDialog({
      title: t(`bookings.confirmations.${action}`, { code: booking.code }),
      subtitle: (
        <Trans
          i18nKey={`bookings.confirmationTexts.${action}`}
          values={{ name: booking.displayName }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t(`bookings.actions.${action}`),
      confirmColor: confirmColor(action),
    });
    if (!isConfirmed) return;
    performAction.mutate(
      { id: booking.id, action },
      { onSuccess: () => toast.success(t(`bookings.actionDone.${action}`)) },
    );
  };

  if (actions.length === 0) return null;
  return (
    <div className="space-y-2">
      <div role="group" aria-label={t('bookings.actions.label')} className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const isBlocked = action === 'check_in' && checkInHint !== null;
          return (
            <Button
              key={action}
              variant={buttonVariant(action)}
              className={destructiveActions.has(action) ? 'text-red-700' : undefined}
              isLoading={performAction.isPending && performAction.variables.action === action}
              disabled={performAction.isPending || isBlocked}
              aria-describedby={isBlocked ? hintId : undefined}
              onClick={() => void run(action)}
            >
              {t(`bookings.actions.${action}`)}
            </Button>
          );
        })}
      </div>
      {checkInHint && (
        <p id={hintId} className="text-sm text-gray-500">
          {checkInHint}
        </p>
      )}
    </div>
  );
}
