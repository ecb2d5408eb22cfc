import { useTranslation } from 'react-i18next';
import { SendMailDialog } from '../../../shared/mail/index.ts';
import { toast } from '../../../ui/toast.tsx';
import { useSendBookingConfirmation } from '../api/send-booking-confirmation.ts';

type TSendConfirmationDialogProps = {
  bookingId: string;
  /** The customer's address, offered as the recipient. */
  email: string | null | undefined;
  open: boolean;
  onClose: () => void;
};

/** Sends the booking confirmation by e-mail, to the customer's address unless another is typed. */
export function SendConfirmationDialog({ bookingId, email, open, onClose }: TSendConfirmationDialogProps) {
  const { t } = useTranslation();
  const sendConfirmation = useSendBookingConfirmation();
  return (
    <SendMailDialog
      open={open}
      onClose={onClose}
      title={t('bookings.sendConfirmation.title')}
      description={t('bookings.sendConfirmation.description')}
      defaultTo={email ?? ''}
      isPending={sendConfirmation.isPending}
      error={sendConfirmation.error}
      onSend={(values) =>
        sendConfirmation.mutate(
          { bookingId, ...values },
          {
            onSuccess: (message) => {
              toast.success(
                t('bookings.sendConfirmation.sent'),
                t('bookings.sendConfirmation.sentText', { to: message.to }),
              );
              onClose();
            },
          },
        )
      }
    />
  );
}
