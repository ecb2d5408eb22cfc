import { useTranslation } from 'react-i18next';
import { DocumentTextIcon, PrinterIcon } from '@heroicons/react/24/outline';
import type { receiptFormats } from '@pms/contract/cash';
import { Badge } from '../../ui/badge.tsx';
import { ReceiptMail } from './receipt-mail.tsx';

type TReceiptFormat = (typeof receiptFormats)[number];

/** Where the browser opens a receipt's PDF: the first print is the original, later ones say COPY. */
export function receiptPdfUrl(receiptId: string, format: TReceiptFormat): string {
  return `/api/fiscal_receipts/${encodeURIComponent(receiptId)}/pdf?format=${format}`;
}

/** Where the browser opens a day close's Z report. */
export function zReportUrl(dayCloseId: string): string {
  return `/api/cash_day_closes/${encodeURIComponent(dayCloseId)}/pdf`;
}

type TReceiptLinksProps = {
  receipt: { id: string; number: number; isSimulated?: boolean; deviceFailed?: boolean };
};

const linkClasses =
  'inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-primary-700 hover:bg-primary-50 hover:text-primary-900 focus-visible:outline-2 focus-visible:outline-primary-600';

/** A signed receipt: its number, what it says about its signing, and its PDF on A4 or the receipt printer. */
export function ReceiptLinks({ receipt }: TReceiptLinksProps) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="whitespace-nowrap">{t('billing.receipt.number', { number: receipt.number })}</span>
      {receipt.isSimulated && <Badge color="amber">{t('billing.receipt.simulated')}</Badge>}
      {receipt.deviceFailed && <Badge color="red">{t('billing.receipt.deviceFailed')}</Badge>}
      <span className="flex items-center">
        <a
          href={receiptPdfUrl(receipt.id, 'a4')}
          target="_blank"
          rel="noreferrer"
          className={linkClasses}
          aria-label={t('billing.receipt.printA4', { number: receipt.number })}
          title={t('billing.receipt.printA4', { number: receipt.number })}
        >
          <PrinterIcon aria-hidden="true" className="size-4" />
          {t('billing.receipt.a4')}
        </a>
        <a
          href={receiptPdfUrl(receipt.id, 'receipt')}
          target="_blank"
          rel="noreferrer"
          className={linkClasses}
          aria-label={t('billing.receipt.printRoll', { number: receipt.number })}
          title={t('billing.receipt.printRoll', { number: receipt.number })}
        >
          <PrinterIcon aria-hidden="true" className="size-4" />
          {t('billing.receipt.roll')}
        </a>
        <ReceiptMail receipt={receipt} />
      </span>
    </span>
  );
}

/** A day close's Z report, opened in a new tab. */
export function ZReportLink({ dayClose }: { dayClose: { id: string; number: number } }) {
  const { t } = useTranslation();
  return (
    <a href={zReportUrl(dayClose.id)} target="_blank" rel="noreferrer" className={linkClasses}>
      <DocumentTextIcon aria-hidden="true" className="size-4" />
      {t('billing.receipt.zReport', { number: dayClose.number })}
    </a>
  );
}
