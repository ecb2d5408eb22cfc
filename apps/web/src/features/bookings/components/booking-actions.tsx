import { Trans, useTranslation } from 'react-i18next';
import { availableBookingActions, type TBooking, type TBookingAction } from '@pms/contract';
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
  const actions = availableBookingActions(booking.status);

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
    <div role="group" aria-label={t('bookings.actions.label')} className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action}
          variant={buttonVariant(action)}
          className={destructiveActions.has(action) ? 'text-red-700' : undefined}
          isLoading={performAction.isPending && performAction.variables.action === action}
          disabled={performAction.isPending}
          onClick={() => void run(action)}
        >
          {t(`bookings.actions.${action}`)}
        </Button>
      ))}
    </div>
  );
}
