import { useTranslation } from 'react-i18next';
import type { TInvoiceListItem } from '@pms/contract/invoices';
import { useFormatInstantDate } from '../../lib/format.ts';
import { useFormatMoney } from '../../lib/format-money.ts';
import type { TColumn } from '../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../ui/paged-table.tsx';
import { useInvoices, type TInvoiceFilter } from './get-invoices.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

type TInvoicesTableProps = {
  /** The table's accessible name. */
  label: string;
  filter: TInvoiceFilter;
  emptyText?: string;
};

/** Invoices in the paged table with a detail link per row and the aggregate row over all matches. */
export function InvoicesTable({ label, filter, emptyText }: TInvoicesTableProps) {
  const { t } = useTranslation();
  const formatDate = useFormatInstantDate();
  const formatMoney = useFormatMoney();
  const paging = usePaging();
  const invoices = useInvoices(filter, paging);

  const columns: TColumn<TInvoiceListItem>[] = [
    {
      id: 'number',
      header: t('billing.invoices.number'),
      cell: (invoice) => invoice.number ?? t('billing.invoices.draftNumber'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'recipient',
      header: t('billing.invoices.recipient'),
      cell: (invoice) => invoice.recipient ?? '–',
    },
    {
      id: 'status',
      header: t('billing.invoices.status'),
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      id: 'date',
      header: t('billing.invoices.date'),
      cell: (invoice) => formatDate(invoice.issuedAt ?? invoice.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      id: 'total',
      header: t('billing.invoices.total'),
      cell: (invoice) => formatMoney(invoice.totalAmount),
      className: amountClasses,
    },
    {
      id: 'paid',
      header: t('billing.invoices.paid'),
      cell: (invoice) => formatMoney(invoice.paidAmount),
      className: amountClasses,
    },
    {
      id: 'due',
      header: t('billing.invoices.due'),
      cell: (invoice) => formatMoney(invoice.dueAmount),
      className: amountClasses,
    },
  ];

  const aggregate = invoices.data?.aggregate;
  return (
    <PagedTable
      label={label}
      columns={columns}
      query={invoices}
      paging={paging}
      detailRoute="/invoices/:id"
      emptyText={emptyText ?? t('billing.invoices.empty')}
      aggregate={
        aggregate && {
          number: t('billing.invoices.sum'),
          total: formatMoney(aggregate.totalAmount),
          paid: formatMoney(aggregate.paidAmount),
          due: formatMoney(aggregate.dueAmount),
        }
      }
    />
  );
}
