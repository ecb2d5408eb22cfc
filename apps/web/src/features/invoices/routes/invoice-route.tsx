import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from '@heroicons/react/24/outline';
import type { TInvoice } from '@pms/contract/invoices';
import { can } from '@pms/contract/permissions';
import { InvoiceStatusBadge } from '../../../shared/invoices/index.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useInvoice } from '../api/get-invoice.ts';
import { InvoiceFactsCard } from '../components/invoice-facts-card.tsx';
import { InvoiceFigures } from '../components/invoice-figures.tsx';
import { InvoiceHeaderActions } from '../components/invoice-header-actions.tsx';
import { InvoiceHistory } from '../components/invoice-history.tsx';
import { InvoiceReceivableCard } from '../components/invoice-receivable-card.tsx';
import { InvoiceRecipientCard } from '../components/invoice-recipient-card.tsx';

function InvoiceDetails({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canWrite = can(user.role, 'invoices', 'write');
  return (
    <>
      <PageHeader
        back={<BackToList />}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {invoice.cancels
              ? t('billing.detail.cancellationTitle', { number: invoice.number ?? '' })
              : invoice.number
                ? t('billing.detail.title', { number: invoice.number })
                : t('billing.detail.draftTitle')}
            <InvoiceStatusBadge status={invoice.status} />
          </span>
        }
        description={invoice.recipient ?? undefined}
        actions={<InvoiceHeaderActions invoice={invoice} canWrite={canWrite} />}
      />
      <div className="space-y-6">
        {invoice.cancels && (
          <Alert type="info" title={t('billing.detail.cancellationNotice')}>
            <Link to={`/invoices/${invoice.cancels}`} className="font-semibold underline">
              {t('billing.detail.showCanceled')}
            </Link>
            {' · '}
            <span>{t('billing.detail.folioOpenAgain')}</span>
            {invoice.bookingId && (
              <>
                {' '}
                <Link to={`/bookings/${invoice.bookingId}?tab=folios`} className="font-semibold underline">
                  {t('billing.detail.showFolios')}
                </Link>
              </>
            )}
          </Alert>
        )}
        {invoice.canceledBy && (
          <Alert type="warning" title={t('billing.detail.canceledNotice')}>
            <Link to={`/invoices/${invoice.canceledBy}`} className="font-semibold underline">
              {t('billing.detail.showCancellation')}
            </Link>
          </Alert>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <InvoiceRecipientCard invoice={invoice} canWrite={canWrite} />
          <InvoiceFactsCard invoice={invoice} />
        </div>
        <InvoiceFigures invoice={invoice} />
        {invoice.number && !invoice.cancels && <InvoiceReceivableCard invoice={invoice} />}
        {invoice.number && <InvoiceHistory invoiceId={invoice.id} />}
      </div>
    </>
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link
      to="/invoices"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-500 hover:text-gray-900"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('billing.detail.backToList')}
    </Link>
  );
}

/** An invoice: recipient, lines, tax per rate, totals, status, and issue, delete, cancel and downloads. */
export function InvoiceRoute() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  if (invoice.isPending) return <Spinner />;
  if (invoice.isError) return <ErrorState error={invoice.error} onRetry={() => void invoice.refetch()} />;
  return <InvoiceDetails invoice={invoice.data} />;
}
