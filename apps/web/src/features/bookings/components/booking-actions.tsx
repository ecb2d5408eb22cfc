import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  availableBookingActions,
  bookingActionBlocker,
  isCheckInHeldByDue,
  type TBooking,
  type TBookingAction,
} from '@pms/contract/bookings';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { usePropertyToday } from '../../../lib/property-today.ts';
import { Button, type TButtonVariant } from '../../../ui/button.tsx';
import { openConfirmDialog, type TConfirmColor } from '../../../ui/confirm-dialog.tsx';
import { CheckboxField } from '../../../ui/field.tsx';
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
  const formatMoney = useFormatMoney();
  const today = usePropertyToday();
  const hintId = useId();
  const actions = availableBookingActions(booking.status);
  // The contract's rule, as the server applies it: check-in needs a room, and check-in and no-show
  // the arrival day.
  const hintOf = (action: TBookingAction): string | null => {
    const blocker = bookingActionBlocker(action, booking, today);
    if (blocker === 'booking/room_required') return t('bookings.actions.checkInNeedsRoom');
    // Money due is said before the confirm dialog, not refused after it.
    if (blocker === null && action === 'check_in' && isCheckInHeldByDue(booking))
      return t('bookings.actions.checkInNeedsPayment', { amount: formatMoney(booking.dueAmount) });
    if (blocker === null) return null;
    const date = formatDate(booking.checkIn);
    return action === 'no_show'
      ? t('bookings.actions.noShowFrom', { date })
      : t('bookings.actions.checkInFrom', { date });
  };
  const hints = actions.flatMap((action) => {
    const text = hintOf(action);
    return text ? [{ action, text, id: `${hintId}-${action}` }] : [];
  });

  // Leaving before the booked check-out date: the dialog asks whether the stay ends today.
  const isEarlyCheckOut = (action: TBookingAction) => action === 'check_out' && today < booking.checkOut;

  // Leaving with money due: the dialog names the amount, and confirming it is recorded with the check-out.
  const hasDueAtCheckOut = (action: TBookingAction) => action === 'check_out' && booking.dueAmount > 0;

  const run = async (action: TBookingAction) => {
    // An invoiced stay cannot be shortened: its invoice bills the booked nights until it is cancelled.
    const choice = { shortenStay: !booking.isReadOnly };
    const isConfirmed = await openConfirmDialog({
      title: t(`bookings.confirmations.${action}`, { code: booking.code }),
      subtitle: (
        <Trans
          i18nKey={`bookings.confirmationTexts.${action}`}
          values={{ name: booking.displayName }}
          components={{ strong: <strong /> }}
        />
      ),
      content: (isEarlyCheckOut(action) || hasDueAtCheckOut(action)) && (
        <>
          {hasDueAtCheckOut(action) && (
            <p>{t('bookings.actions.checkOutWithDue', { amount: formatMoney(booking.dueAmount) })}</p>
          )}
          {isEarlyCheckOut(action) && booking.isReadOnly && (
            <p>{t('bookings.actions.shortenInvoiced', { date: formatDate(booking.checkOut) })}</p>
          )}
          {isEarlyCheckOut(action) && !booking.isReadOnly && (
            <CheckboxField
              label={t('bookings.actions.shortenStay')}
              description={t('bookings.actions.shortenStayHint', { date: formatDate(booking.checkOut) })}
              defaultChecked={choice.shortenStay}
              onChange={(event) => {
                choice.shortenStay = event.target.checked;
              }}
            />
          )}
        </>
      ),
      confirmText: t(`bookings.actions.${action}`),
      confirmColor: confirmColor(action),
    });
    if (!isConfirmed) return;
    performAction.mutate(
      {
        id: booking.id,
        action,
        shortenStay: isEarlyCheckOut(action) && choice.shortenStay,
        confirmDueAmount: hasDueAtCheckOut(action),
      },
      { onSuccess: () => toast.success(t(`bookings.actionDone.${action}`)) },
    );
  };

  if (actions.length === 0) return null;
  return (
    <div className="space-y-2">
      <div role="group" aria-label={t('bookings.actions.label')} className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const hint = hints.find((candidate) => candidate.action === action);
          return (
            <Button
              key={action}
              variant={buttonVariant(action)}
              className={destructiveActions.has(action) ? 'text-red-700' : undefined}
              isLoading={performAction.isPending && performAction.variables.action === action}
              disabled={performAction.isPending || hint !== undefined}
              aria-describedby={hint?.id}
              onClick={() => void run(action)}
            >
              {t(`bookings.actions.${action}`)}
            </Button>
          );
        })}
      </div>
      {hints.map((hint) => (
        <p key={hint.action} id={hint.id} className="text-sm text-gray-500">
          {hint.text}
        </p>
      ))}
    </div>
  );
}
