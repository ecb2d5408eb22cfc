import { useTranslation } from 'react-i18next';
import { TrashIcon } from '@heroicons/react/24/outline';
import type { TFolio, TPayment } from '@pms/contract/folios';
import { useFormatDate } from '../../lib/format-date.ts';
import { useFormatMoney } from '../../lib/format-money.ts';
import { Badge } from '../../ui/badge.tsx';
import { IconButton } from '../../ui/button.tsx';
import { openConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type TColumn } from '../../ui/data-table.tsx';
import { toast } from '../../ui/toast.tsx';
import { ReceiptLinks } from '../cash/index.ts';
import { useDeletePayment } from './folio-mutations.ts';

type TFolioPaymentsProps = {
  folio: TFolio;
  label: string;
  /** The desk may still take a payment back: the folio is open. */
  canDelete: boolean;
};

/** A folio's payments and refunds, each with the receipt a cash register signed for it. */
export function FolioPayments({ folio, label, canDelete }: TFolioPaymentsProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate('short');
  const formatMoney = useFormatMoney();
  const deletePayment = useDeletePayment();

  const removePayment = async (payment: TPayment) => {
    const isConfirmed = await openConfirmDialog({
      title: t('billing.payment.deleteTitle'),
      content: t('billing.payment.deleteText', { amount: formatMoney(payment.amount) }),
      confirmText: t('billing.payment.deleteConfirm'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deletePayment.mutate(
      { folioId: folio.id, paymentId: payment.id },
      { onSuccess: () => toast.success(t('billing.payment.deleted')) },
    );
  };

  const columns: TColumn<TPayment>[] = [
    {
      id: 'date',
      header: t('billing.folios.date'),
      cell: (payment) => formatDate(payment.paidOn),
      className: 'whitespace-nowrap',
    },
    {
      id: 'method',
      header: t('billing.payment.method'),
      cell: (payment) => (
        <span className="flex flex-wrap items-center gap-2">
          {payment.paymentMethodName ?? '–'}
          {payment.isRefund && <Badge color="amber">{t('billing.payment.refund')}</Badge>}
        </span>
      ),
    },
    { id: 'reference', header: t('billing.payment.reference'), cell: (payment) => payment.reference ?? '' },
    ...(folio.payments.some((payment) => payment.receipt)
      ? [
          {
            id: 'receipt',
            header: t('billing.receipt.column'),
            cell: (payment: TPayment) => payment.receipt && <ReceiptLinks receipt={payment.receipt} />,
          },
        ]
      : []),
    {
      id: 'amount',
      header: t('billing.payment.amount'),
      cell: (payment) => formatMoney(payment.amount),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    ...(canDelete
      ? [
          {
            id: 'actions',
            header: <span className="sr-only">{t('billing.folios.actions')}</span>,
            cell: (payment: TPayment) => (
              <span className="flex justify-end">
                <IconButton
                  label={t('billing.payment.deleteLabel', { amount: formatMoney(payment.amount) })}
                  icon={TrashIcon}
                  onClick={() => void removePayment(payment)}
                />
              </span>
            ),
            className: 'w-16 py-1',
          },
        ]
      : []),
  ];

  return (
    <div className="border-t border-gray-100">
      <h3 className="px-5 pt-4 pb-2 text-sm font-semibold text-gray-900">{t('billing.folios.payments')}</h3>
      <DataTable
        label={t('billing.folios.paymentsLabel', { folio: label })}
        columns={columns}
        rows={folio.payments}
        emptyText=""
      />
    </div>
  );
}
