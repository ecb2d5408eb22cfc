import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilSquareIcon } from '@heroicons/react/24/outline';
import type { TInvoice } from '@pms/contract/invoices';
import { countryName } from '../../../lib/countries.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { InvoiceRecipientDialog } from './invoice-recipient-dialog.tsx';

function addressLines(invoice: TInvoice, language: string): string[] {
  const { line1, line2, postalCode, city, country } = invoice.billingAddress;
  return [
    line1,
    line2,
    [postalCode, city].filter(Boolean).join(' '),
    country ? countryName(country, language) : null,
  ].filter((line): line is string => Boolean(line));
}

/** Who the invoice is addressed to, with its company, VAT ID and text; a draft's recipient can be changed. */
export function InvoiceRecipientCard({ invoice, canWrite }: { invoice: TInvoice; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const isDraft = invoice.status === 'draft';
  return (
    <>
      <Card
        title={t('billing.detail.recipientTitle')}
        actions={
          canWrite &&
          isDraft && (
            <Button size="sm" variant="secondary" icon={PencilSquareIcon} onClick={() => setIsEditOpen(true)}>
              {t('billing.detail.editRecipient')}
            </Button>
          )
        }
      >
        <address className="text-sm leading-6 text-gray-900 not-italic">
          {invoice.recipientCompany && (
            <span className="block font-semibold">{invoice.recipientCompany}</span>
          )}
          <span className={invoice.recipientCompany ? 'block' : 'font-semibold'}>
            {invoice.recipient && invoice.recipient !== invoice.recipientCompany
              ? invoice.recipient
              : invoice.recipientCompany
                ? null
                : t('billing.detail.noRecipient')}
          </span>
          {addressLines(invoice, i18n.language).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          {invoice.recipientVatId && (
            <span className="block text-gray-600">
              {t('billing.detail.recipientVatId')}: {invoice.recipientVatId}
            </span>
          )}
        </address>
        {invoice.additionalText && (
          <p className="mt-4 text-sm whitespace-pre-line text-gray-600">{invoice.additionalText}</p>
        )}
      </Card>
      {canWrite && isDraft && (
        <InvoiceRecipientDialog invoice={invoice} open={isEditOpen} onClose={() => setIsEditOpen(false)} />
      )}
    </>
  );
}
