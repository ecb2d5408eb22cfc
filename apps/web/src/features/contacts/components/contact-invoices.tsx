import { useTranslation } from 'react-i18next';
import { InvoicesTable } from '../../../shared/invoices/index.ts';
import { Card } from '../../../ui/card.tsx';

/** The invoices addressed to a contact, newest first. */
export function ContactInvoices({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  return (
    <Card
      isFlush
      title={t('billing.invoices.contactTitle')}
      description={t('billing.invoices.contactDescription')}
    >
      <InvoicesTable label={t('billing.invoices.contactListLabel')} filter={{ customerId: contactId }} />
    </Card>
  );
}
