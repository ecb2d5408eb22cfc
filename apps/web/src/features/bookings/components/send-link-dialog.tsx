import { useTranslation } from 'react-i18next';
import { SendMailDialog } from '../../../shared/mail/index.ts';
import { toast } from '../../../ui/toast.tsx';
import { useSendBookingLink } from '../api/send-booking-link.ts';

type TSendLinkDialogProps = { bookingId: string; linkId: string; open: boolean; onClose: () => void };

/** Sends the guest portal link by e-mail and downloads the message as an .eml file. */
export function SendLinkDialog({ open, onClose, bookingId, linkId }: TSendLinkDialogProps) {
  const { t } = useTranslation();
  const sendLink = useSendBookingLink();
  return (
    <SendMailDialog
      open={open}
      onClose={onClose}
      title={t('bookings.sendLink.title')}
      description={t('bookings.sendLink.description')}
      isPending={sendLink.isPending}
      error={sendLink.error}
      onSend={(values) =>
        sendLink.mutate(
          { bookingId, linkId, ...values },
          {
            onSuccess: (fileName) => {
              toast.success(t('bookings.sendLink.sent'), t('bookings.sendLink.sentText', { fileName }));
              onClose();
            },
          },
        )
      }
    />
  );
}
