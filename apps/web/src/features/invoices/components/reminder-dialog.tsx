import { useTranslation } from 'react-i18next';
import type { TReminderLevel } from '@pms/contract/receivables';
import type { TSendMailRequest } from '@pms/contract/mail';
import { SendMailDialog } from '../../../shared/mail/index.ts';
import { toast } from '../../../ui/toast.tsx';
import { useCreateReminder } from '../api/receivables.ts';

type TReminderDialogProps = {
  /** The invoice to remind, with its number and the level the reminder will have; null while closed. */
  target: { invoiceId: string; number: string; level: TReminderLevel } | null;
  onClose: () => void;
};

/**
 * Makes the next reminder of an open invoice: sent by e-mail with the letter and the invoice attached,
 * or only made as a letter to print and post.
 */
export function ReminderDialog({ target, onClose }: TReminderDialogProps) {
  const { t } = useTranslation();
  const createReminder = useCreateReminder();
  const close = () => {
    createReminder.reset();
    onClose();
  };
  const create = (values: TSendMailRequest, send: boolean) => {
    if (!target) return;
    createReminder.mutate(
      { id: target.invoiceId, request: { ...values, send } },
      {
        onSuccess: (reminder) => {
          toast.success(
            t(`billing.receivables.created.${reminder.level}`, { number: target.number }),
            t(send ? 'billing.receivables.createdSent' : 'billing.receivables.createdLetter'),
          );
          close();
        },
      },
    );
  };
  const level = target?.level ?? 1;
  return (
    <SendMailDialog
      open={target !== null}
      onClose={close}
      title={t(`billing.receivables.dialogTitle.${level}`, { number: target?.number ?? '' })}
      description={t(`billing.receivables.dialogText.${level}`)}
      isPending={createReminder.isPending}
      error={createReminder.error}
      submitLabel={t('billing.receivables.sendByMail')}
      onSend={(values) => create(values, true)}
      alternative={{
        label: t('billing.receivables.letterOnly'),
        onSubmit: (values) => create(values, false),
      }}
    />
  );
}
