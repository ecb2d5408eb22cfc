import { useTranslation } from 'react-i18next';
import type { TInvoice, TInvoiceLine, TInvoiceTax } from '@pms/contract/invoices';
import { useFormatPercentage } from '../../../shared/base-data/index.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

type TSum = 'net' | 'tax' | 'localTax' | 'total' | 'paid' | 'due';

/**
 * The totals as the server computed them (the PDF prints the same): the local tax apart when there is
 * one; a cancellation owes and refunds nothing, which the screen says in words instead.
 */
function sums(invoice: TInvoice): [TSum, number][] {
  return [
    ['net', invoice.netAmount],
    ['tax', invoice.taxAmount],
    ...(invoice.localTaxAmount !== 0 ? [['localTax', invoice.localTaxAmount] as [TSum, number]] : []),
    ['total', invoice.totalAmount],
    ...(invoice.cancels
      ? []
      : ([
          ['paid', invoice.paidAmount],
          ['due', invoice.dueAmount],
        ] as [TSum, number][])),
  ];
}

/** The invoice's lines, its tax per rate and its totals, as the server computed them. */
export function InvoiceFigures({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const formatPercentage = useFormatPercentage();

  const lineColumns: TColumn<TInvoiceLine & { id: string }>[] = [
    {
      id: 'position',
      header: t('billing.detail.position'),
      cell: (line) => line.position,
      className: 'tabular-nums',
    },
    {
      id: 'date',
      header: t('billing.detail.serviceDate'),
      cell: (line) => formatDate(line.serviceDate),
      className: 'whitespace-nowrap',
    },
    { id: 'text', header: t('billing.detail.text'), cell: (line) => line.text },
    {
      id: 'quantity',
      header: t('billing.detail.quantity'),
      cell: (line) => line.quantity,
      className: amountClasses,
    },
    {
      id: 'rate',
      header: t('billing.detail.taxRate'),
      cell: (line) => formatPercentage(line.taxPercentage),
      className: amountClasses,
    },
    {
      id: 'net',
      header: t('billing.detail.net'),
      cell: (line) => formatMoney(line.netAmount),
      className: amountClasses,
    },
    {
      id: 'gross',
      header: t('billing.detail.gross'),
      cell: (line) => formatMoney(line.grossAmount),
      className: amountClasses,
    },
  ];

  const taxColumns: TColumn<TInvoiceTax & { id: string }>[] = [
    {
      id: 'rate',
      header: t('billing.detail.taxRate'),
      cell: (tax) => formatPercentage(tax.taxPercentage),
      className: 'tabular-nums',
    },
    {
      id: 'net',
      header: t('billing.detail.net'),
      cell: (tax) => formatMoney(tax.netAmount),
      className: amountClasses,
    },
    {
      id: 'tax',
      header: t('billing.detail.tax'),
      cell: (tax) => formatMoney(tax.taxAmount),
      className: amountClasses,
    },
    {
      id: 'gross',
      header: t('billing.detail.gross'),
      cell: (tax) => formatMoney(tax.grossAmount),
      className: amountClasses,
    },
  ];

  return (
    <>
      <Card isFlush title={t('billing.detail.lines')}>
        <DataTable
          label={t('billing.detail.lines')}
          columns={lineColumns}
          rows={invoice.lines.map((line) => ({ ...line, id: String(line.position) }))}
          emptyText={t('billing.detail.noLines')}
        />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card isFlush title={t('billing.detail.taxes')}>
          <DataTable
            label={t('billing.detail.taxes')}
            columns={taxColumns}
            rows={invoice.taxes.map((tax) => ({ ...tax, id: String(tax.taxPercentage) }))}
            emptyText={t('billing.detail.noLines')}
          />
        </Card>
        <Card title={t('billing.detail.totals')}>
          <dl className="space-y-2 text-sm">
            {sums(invoice).map(([key, amount]) => (
              <div
                key={key}
                className={
                  key === 'total' || key === 'due'
                    ? 'flex justify-between gap-4 border-t border-gray-200 pt-2 font-semibold text-gray-900'
                    : 'flex justify-between gap-4 text-gray-700'
                }
              >
                <dt>{t(`billing.detail.sums.${key}`)}</dt>
                <dd className="tabular-nums">{formatMoney(amount)}</dd>
              </div>
            ))}
          </dl>
          {invoice.cancels && (
            <p className="mt-4 text-sm text-gray-600">{t('billing.detail.cancellationSettled')}</p>
          )}
        </Card>
      </div>
    </>
  );
}
