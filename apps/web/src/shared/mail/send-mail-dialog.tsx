import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZSendMailRequest, type TSendMailRequest } from '@pms/contract/mail';
import { errorMessage } from '../../lib/error-message.ts';
import { emptyTo, zodFormResolver } from '../../lib/form.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/dialog.tsx';
import { ModalFormActions } from '../../ui/modal-form.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';

const ZSendMailForm = z.object({
  to: emptyTo(undefined, ZSendMailRequest.shape.to),
  language: emptyTo(undefined, ZSendMailRequest.shape.language),
});

type TSendMailDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The recipient filled in to start with (editable); empty leaves it to the server. */
  defaultTo?: string;
  /** Sends with the recipient and language chosen (both left to the server when empty). */
  onSend: (values: TSendMailRequest) => void;
  isPending: boolean;
  error: Error | null;
  /** A second way out: the same choices without sending (a reminder made as a letter to print). */
  alternative?: { label: string; onSubmit: (values: TSendMailRequest) => void };
  /** The send button's text; "Send" when absent. */
  submitLabel?: string;
};

function SendMailForm({
  defaultTo = '',
  onClose,
  onSend,
  isPending,
  error,
  alternative,
  submitLabel,
}: Omit<TSendMailDialogProps, 'open' | 'title' | 'description'>) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZSendMailForm), defaultValues: { to: defaultTo, language: '' } });
  const send = handleSubmit((values) => onSend(values));
  const other = alternative && handleSubmit((values) => alternative.onSubmit(values));

  return (
    <form noValidate onSubmit={(event) => void send(event)} className="space-y-5">
      {error && <Alert type="error">{errorMessage(error)}</Alert>}
      <Field label={t('sendMail.to')} description={t('sendMail.toHint')} error={errors.to?.message}>
        <Input type="email" autoComplete="off" {...register('to')} />
      </Field>
      <Field label={t('sendMail.language')} error={errors.language?.message}>
        <Select {...register('language')}>
          <option value="">{t('sendMail.guestLanguage')}</option>
          <option value="de">{t('languages.de')}</option>
          <option value="en">{t('languages.en')}</option>
        </Select>
      </Field>
      <ModalFormActions
        onCancel={onClose}
        submitLabel={submitLabel ?? t('sendMail.submit')}
        isPending={isPending}
      >
        {alternative && other && (
          <Button variant="secondary" disabled={isPending} onClick={() => void other()}>
            {alternative.label}
          </Button>
        )}
      </ModalFormActions>
    </form>
  );
}

/** Asks for the recipient and language of an e-mail to a guest (the booking link, an invoice) and sends it. */
export function SendMailDialog({ open, onClose, title, description, ...form }: TSendMailDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      <SendMailForm onClose={onClose} {...form} />
    </Modal>
  );
}
