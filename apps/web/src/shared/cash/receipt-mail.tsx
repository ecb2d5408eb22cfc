import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EnvelopeIcon } from '@heroicons/react/24/outline';
import type { TMailMessage, TSendMailRequest } from '@pms/contract/mail';
import { can } from '@pms/contract/permissions';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { IconButton } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import { SendMailDialog } from '../mail/index.ts';
import { mailKeys } from '../query-keys/index.ts';

/** Queues the receipt's e-mail with its PDF attached; the job runner sends it. */
function sendReceipt({ id, ...body }: TSendMailRequest & { id: string }): Promise<TMailMessage> {
  return api.post<TMailMessage>(`/fiscal_receipts/${encodeURIComponent(id)}/send`, { body });
}

/** E-mails a signed receipt to the address staff type (the guest's own copy of it). */
export function ReceiptMail({ receipt }: { receipt: { id: string; number: number } }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: sendReceipt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
  const [isOpen, setOpen] = useState(false);
  if (!can(user.role, 'cashBook', 'write')) return null;
  const close = () => {
    setOpen(false);
    send.reset();
  };
  return (
    <>
      <IconButton
        icon={EnvelopeIcon}
        label={t('billing.receipt.sendMail', { number: receipt.number })}
        onClick={() => setOpen(true)}
      />
      <SendMailDialog
        open={isOpen}
        onClose={close}
        title={t('billing.receipt.sendTitle', { number: receipt.number })}
        description={t('billing.receipt.sendDescription')}
        isPending={send.isPending}
        error={send.error}
        onSend={(values) =>
          send.mutate(
            { id: receipt.id, ...values },
            {
              onSuccess: (message) => {
                toast.success(t('billing.detail.sent'), t('billing.detail.sentText', { to: message.to }));
                close();
              },
            },
          )
        }
      />
    </>
  );
}
