import { useTranslation } from 'react-i18next';
import { InvoicesTable } from '../../../shared/invoices/index.ts';
import { Card } from '../../../ui/card.tsx';

export function BookingInvoices({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  return (
    <Card isFlush title={t('billing.invoices.bookingTitle')}>
      <InvoicesTable label={t('billing.invoices.bookingListLabel')} filter={{ bookingId }} />
    </Card>
  );
}
