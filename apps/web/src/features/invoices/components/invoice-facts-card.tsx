import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TInvoice } from '@pms/contract/invoices';
import { useFormatInstantDate } from '../../../lib/format.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Card } from '../../../ui/card.tsx';
import { FactList } from '../../../ui/fact-list.tsx';

/** The invoice's number, dates, due day and booking. */
export function InvoiceFactsCard({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatInstantDate = useFormatInstantDate();
  const servicePeriod =
    invoice.serviceFrom && invoice.serviceTo
      ? `${formatDate(invoice.serviceFrom)} – ${formatDate(invoice.serviceTo)}`
      : '–';
  return (
    <Card title={t('billing.detail.factsTitle')}>
      <FactList
        facts={[
          {
            label: t('billing.detail.number'),
            value: invoice.number ?? t('billing.invoices.draftNumber'),
          },
          {
            label: t('billing.detail.issuedAt'),
            value: invoice.issuedAt ? formatInstantDate(invoice.issuedAt) : '–',
          },
          { label: t('billing.detail.servicePeriod'), value: servicePeriod },
          ...(invoice.dueOn ? [{ label: t('billing.detail.dueOn'), value: formatDate(invoice.dueOn) }] : []),
          {
            label: t('billing.detail.booking'),
            value: invoice.bookingId ? (
              <Link
                to={`/bookings/${invoice.bookingId}`}
                className="font-medium text-primary-700 hover:underline"
              >
                {t('billing.detail.showBooking')}
              </Link>
            ) : (
              '–'
            ),
          },
        ]}
      />
    </Card>
  );
}
