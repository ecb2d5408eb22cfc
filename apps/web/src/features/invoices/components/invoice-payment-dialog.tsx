import { useTranslation } from 'react-i18next';
import type { TInvoice } from '@pms/contract/invoices';
import { PaymentForm, WithPaymentMethods } from '../../../shared/folios/index.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useInvoicePayment } from '../api/receivables.ts';

type TInvoicePaymentDialogProps = {
  /** The open invoice a payment arrived for; null while closed. */
  invoice: Pick<TInvoice, 'id' | 'number' | 'dueAmount'> | null;
  onClose: () => void;
};

/** A payment received on an open invoice after departure (a transfer), at most what it leaves open. */
export function InvoicePaymentDialog({ invoice, onClose }: TInvoicePaymentDialogProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const payInvoice = useInvoicePayment();
  const close = () => {
    payInvoice.reset();
    onClose();
  };
  return (
    <Modal
      open={invoice !== null}
      onClose={close}
      title={t('billing.receivables.paymentTitle', { number: invoice?.number ?? '' })}
      description={
        invoice ? t('billing.receivables.paymentText', { due: formatMoney(invoice.dueAmount) }) : ''
      }
    >
      {invoice && (
        <WithPaymentMethods>
          {(methods) => (
            <PaymentForm
              key={invoice.id}
              methods={methods}
              suggested={invoice.dueAmount}
              submitLabel={t('billing.payment.submit')}
              isPending={payInvoice.isPending}
              error={payInvoice.error}
              onClose={close}
              onSubmit={(payment) =>
                payInvoice.mutate(
                  { id: invoice.id, payment },
                  {
                    onSuccess: (paid) => {
                      toast.success(
                        t(
                          paid.status === 'paid'
                            ? 'billing.receivables.paidInFull'
                            : 'billing.payment.posted',
                        ),
                        paid.status === 'paid'
                          ? undefined
                          : t('billing.receivables.stillDue', { due: formatMoney(paid.dueAmount) }),
                      );
                      close();
                    },
                  },
                )
              }
            />
          )}
        </WithPaymentMethods>
      )}
    </Modal>
  );
}
