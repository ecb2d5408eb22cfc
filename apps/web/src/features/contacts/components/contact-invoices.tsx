import { useTranslation } from 'react-i18next';
import type { TInvoiceSummary } from '@pms/contract/contacts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { PagedTable, usePaging, type TColumn } from '../../../ui/paged-table.tsx';
import { useContactInvoices } from '../api/get-contact-invoices.ts';
import { InvoiceStatusBadge } from '../../../shared/invoices/invoice-status-badge.tsx';

/** The invoices addressed to a contact, newest first. */
export function ContactInvoices({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const paging = usePaging();
  const invoices = useContactInvoices(contactId, paging);

  const columns: TColumn<TInvoiceSummary>[] = [
    {
      id: 'number',
      header: t('contacts.invoices.number'),
      cell: (invoice) => invoice.number ?? t('contacts.invoices.noNumber'),
    },
    {
      id: 'status',
      header: t('contacts.invoices.status'),
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      id: 'total',
      header: t('contacts.invoices.total'),
      className: 'text-right',
      cell: (invoice) => <span className="whitespace-nowrap">{formatMoney(invoice.totalAmount)}</span>,
    },
    {
      id: 'created',
      header: t('common.created'),
      cell: (invoice) => <span className="whitespace-nowrap">{formatDateTime(invoice.createdAt)}</span>,
    },
  ];

  return (
    <Card isFlush title={t('contacts.invoices.title')} description={t('contacts.invoices.description')}>
      <PagedTable
        label={t('contacts.invoices.title')}
        columns={columns}
        query={invoices}
        paging={paging}
        emptyText={t('contacts.invoices.empty')}
      />
    </Card>
  );
}
