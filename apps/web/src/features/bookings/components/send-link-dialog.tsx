import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZSendMailRequest } from '@pms/contract/mail';
import { errorMessage } from '../../../lib/error-message.ts';
import { emptyTo, zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal, ModalActions } from '../../../ui/dialog.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useSendBookingLink } from '../api/send-booking-link.ts';

const ZSendLinkForm = z.object({
  to: emptyTo(undefined, ZSendMailRequest.shape.to),
  language: emptyTo(undefined, ZSendMailRequest.shape.language),
});

type TSendLinkDialogProps = { bookingId: string; linkId: string; open: boolean; onClose: () => void };

function SendLinkForm({ bookingId, linkId, onClose }: Omit<TSendLinkDialogProps, 'open'>) {
  const { t } = useTranslation();
  const sendLink = useSendBookingLink();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZSendLinkForm), defaultValues: { to: '', language: '' } });

  const send = handleSubmit((values) =>
    sendLink.mutate(
      { bookingId, linkId, ...values },
      {
        onSuccess: (fileName) => {
          toast.success(t('bookings.sendLink.sent'), t('bookings.sendLink.sentText', { fileName }));
          onClose();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void send(event)} className="space-y-5">
      {sendLink.isError && <Alert type="error">{errorMessage(sendLink.error)}</Alert>}
      <Field
        label={t('bookings.sendLink.to')}
        description={t('bookings.sendLink.toHint')}
        error={errors.to?.message}
      >
        <Input type="email" autoComplete="off" {...register('to')} />
      </Field>
      <Field label={t('bookings.sendLink.language')} error={errors.language?.message}>
        <Select {...register('language')}>
          <option value="">{t('bookings.sendLink.guestLanguage')}</option>
          <option value="de">{t('languages.de')}</option>
          <option value="en">{t('languages.en')}</option>
        </Select>
      </Field>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isLoading={sendLink.isPending}>
          {t('bookings.sendLink.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}

/** Sends the guest portal link by e-mail and downloads the message as an .eml file. */
export function SendLinkDialog({ open, onClose, ...ids }: TSendLinkDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('bookings.sendLink.title')}
      description={t('bookings.sendLink.description')}
    >
      <SendLinkForm {...ids} onClose={onClose} />
    </Modal>
  );
}
