import { useTranslation } from 'react-i18next';
import { DocumentTextIcon } from '@heroicons/react/24/outline';
import type { TInvoiceSummary } from '@pms/contract/contacts';
import { InvoiceStatusBadge } from '../../../shared/invoices/invoice-status-badge.tsx';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PagedTable, usePaging, type TColumn } from '../../../ui/paged-table.tsx';
import { useBookingInvoices } from '../api/get-booking-invoices.ts';

export function BookingInvoices({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const paging = usePaging();
  const invoices = useBookingInvoices(bookingId, paging);

  const columns: TColumn<TInvoiceSummary>[] = [
    {
      id: 'number',
      header: t('bookings.invoices.number'),
      cell: (invoice) => invoice.number ?? t('bookings.invoices.draft'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'status',
      header: t('bookings.invoices.status'),
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      id: 'total',
      header: t('bookings.invoices.total'),
      cell: (invoice) => formatMoney(invoice.totalAmount),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    {
      id: 'created',
      header: t('bookings.invoices.created'),
      cell: (invoice) => formatDateTime(invoice.createdAt),
      className: 'whitespace-nowrap',
    },
  ];

  return (
    <Card isFlush title={t('bookings.invoices.title')}>
      {invoices.data?.count === 0 ? (
        <EmptyState icon={DocumentTextIcon} title={t('bookings.invoices.empty')} />
      ) : (
        <PagedTable
          label={t('bookings.invoices.listLabel')}
          columns={columns}
          query={invoices}
          paging={paging}
          detailRoute="/invoices/:id"
        />
      )}
    </Card>
  );
}
