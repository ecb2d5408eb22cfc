import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ArrowDownTrayIcon,
  ArrowLeftIcon,
  CheckIcon,
  EnvelopeIcon,
  PencilSquareIcon,
  TrashIcon,
  XCircleIcon,
} from '@heroicons/react/24/outline';
import type { TInvoice, TInvoiceLine, TInvoiceTax } from '@pms/contract/invoices';
import { can } from '@pms/contract/permissions';
import { useFormatPercentage } from '../../../shared/base-data/tax-rate-format.ts';
import { InvoiceStatusBadge } from '../../../shared/invoices/invoice-status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { countryName } from '../../../lib/countries.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormatInstantDate } from '../../../lib/format.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FactList } from '../../../ui/fact-list.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { TColumn } from '../../../ui/paged-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDownloadInvoiceDocument, type TInvoiceDocument } from '../api/download-invoice-document.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { useCancelInvoice, useDeleteInvoice, useIssueInvoice } from '../api/invoice-actions.ts';
import { useSendInvoice } from '../api/send-invoice.ts';
import { InvoiceHistory } from '../components/invoice-history.tsx';
import { InvoiceReceivableCard } from '../components/invoice-receivable-card.tsx';
import { InvoiceRecipientDialog } from '../components/invoice-recipient-dialog.tsx';
import { SendMailDialog } from '../../../shared/mail/send-mail-dialog.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

function isProblem(error: unknown, type: string): boolean {
  return error instanceof ApiError && error.type === type;
}

function InvoiceMail({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const sendInvoice = useSendInvoice();
  const [isOpen, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    sendInvoice.reset();
  };
  return (
    <>
      <Button variant="secondary" icon={EnvelopeIcon} onClick={() => setOpen(true)}>
        {t('billing.detail.sendMail')}
      </Button>
      <SendMailDialog
        open={isOpen}
        onClose={close}
        title={t('billing.detail.sendTitle')}
        description={t('billing.detail.sendDescription')}
        isPending={sendInvoice.isPending}
        error={sendInvoice.error}
        onSend={(values) =>
          sendInvoice.mutate(
            { id: invoice.id, ...values },
            {
              onSuccess: (message) => {
                toast.success(t('billing.detail.sent'), t('billing.detail.sentText', { to: message.to }));
                close();
              },
            },
          )
        }
      />
    </>
  );
}

function InvoiceDocuments({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const download = useDownloadInvoiceDocument();
  const [pending, setPending] = useState<TInvoiceDocument | null>(null);
  const baseName = invoice.number ?? invoice.id;

  const start = (document: TInvoiceDocument) => {
    setPending(document);
    download.mutate(
      { id: invoice.id, document, fallbackName: `${baseName}.${document}` },
      {
        onError: (error) =>
          // The document is rendered by a background job after the invoice commits.
          isProblem(error, 'invoice/document_pending')
            ? toast.info(t('billing.detail.preparingTitle'), t('billing.detail.preparingText'))
            : toast.error(t('billing.detail.downloadFailed'), errorMessage(error)),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <>
      <Button
        variant="secondary"
        icon={ArrowDownTrayIcon}
        isLoading={pending === 'pdf'}
        onClick={() => start('pdf')}
      >
        {t('billing.detail.downloadPdf')}
      </Button>
      <Button
        variant="secondary"
        icon={ArrowDownTrayIcon}
        isLoading={pending === 'xml'}
        onClick={() => start('xml')}
      >
        {t('billing.detail.downloadXml')}
      </Button>
    </>
  );
}

function InvoiceActions({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useFormatMoney();
  const issueInvoice = useIssueInvoice();
  const cancelInvoice = useCancelInvoice();
  const deleteInvoice = useDeleteInvoice();
  const isDraft = invoice.status === 'draft';
  const isCancelable = invoice.status === 'open' || invoice.status === 'paid';

  const issue = async () => {
    const closeWithDueAmount =
      invoice.dueAmount > 0 &&
      (await openConfirmDialog({
        title: t('billing.invoice.confirmDueTitle'),
        content: t('billing.invoice.confirmDueText', { due: formatMoney(invoice.dueAmount) }),
        confirmText: t('billing.invoice.confirmDue'),
      }));
    if (invoice.dueAmount > 0 && !closeWithDueAmount) return;
    issueInvoice.mutate(
      { id: invoice.id, request: { closeWithDueAmount } },
      { onSuccess: (issued) => toast.success(t('billing.detail.issued', { number: issued.number ?? '' })) },
    );
  };

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('billing.detail.deleteTitle'),
      content: t('billing.detail.deleteText'),
      confirmText: t('billing.detail.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteInvoice.mutate(invoice.id, {
      onSuccess: () => {
        toast.success(t('billing.detail.deleted'));
        void navigate(invoice.bookingId ? `/bookings/${invoice.bookingId}?tab=folios` : '/invoices');
      },
    });
  };

  const cancel = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('billing.detail.cancelTitle', { number: invoice.number ?? '' }),
      content: t('billing.detail.cancelText'),
      confirmText: t('billing.detail.cancel'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    cancelInvoice.mutate(invoice.id, {
      onSuccess: (cancellation) => {
        toast.success(
          t('billing.detail.canceledTitle'),
          t('billing.detail.canceledText', { number: cancellation.number ?? '' }),
        );
        void navigate(`/invoices/${cancellation.id}`);
      },
    });
  };

  return (
    <>
      {isDraft && (
        <>
          <Button icon={CheckIcon} isLoading={issueInvoice.isPending} onClick={() => void issue()}>
            {t('billing.detail.issue')}
          </Button>
          <Button
            variant="secondary"
            icon={TrashIcon}
            isLoading={deleteInvoice.isPending}
            onClick={() => void remove()}
          >
            {t('billing.detail.delete')}
          </Button>
        </>
      )}
      {isCancelable && (
        <Button
          variant="secondary"
          icon={XCircleIcon}
          isLoading={cancelInvoice.isPending}
          onClick={() => void cancel()}
        >
          {t('billing.detail.cancel')}
        </Button>
      )}
    </>
  );
}

function addressLines(invoice: TInvoice, language: string): string[] {
  const { line1, line2, postalCode, city, country } = invoice.billingAddress;
  return [
    line1,
    line2,
    [postalCode, city].filter(Boolean).join(' '),
    country ? countryName(country, language) : null,
  ].filter((line): line is string => Boolean(line));
}

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

function InvoiceDetails({ invoice }: { invoice: TInvoice }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const formatDate = useFormatDate();
  const formatInstantDate = useFormatInstantDate();
  const formatMoney = useFormatMoney();
  const formatPercentage = useFormatPercentage();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const canWrite = can(user.role, 'invoices', 'write');
  const isDraft = invoice.status === 'draft';

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

  const servicePeriod =
    invoice.serviceFrom && invoice.serviceTo
      ? `${formatDate(invoice.serviceFrom)} – ${formatDate(invoice.serviceTo)}`
      : '–';

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
        actions={
          <>
            {invoice.number && <InvoiceDocuments invoice={invoice} />}
            {invoice.number && <InvoiceMail invoice={invoice} />}
            {canWrite && <InvoiceActions invoice={invoice} />}
          </>
        }
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
          <Card
            title={t('billing.detail.recipientTitle')}
            actions={
              canWrite &&
              isDraft && (
                <Button
                  size="sm"
                  variant="secondary"
                  icon={PencilSquareIcon}
                  onClick={() => setIsEditOpen(true)}
                >
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
                ...(invoice.dueOn
                  ? [{ label: t('billing.detail.dueOn'), value: formatDate(invoice.dueOn) }]
                  : []),
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
        </div>
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
        {invoice.number && !invoice.cancels && <InvoiceReceivableCard invoice={invoice} />}
        {invoice.number && <InvoiceHistory invoiceId={invoice.id} />}
      </div>
      {canWrite && isDraft && (
        <InvoiceRecipientDialog invoice={invoice} open={isEditOpen} onClose={() => setIsEditOpen(false)} />
      )}
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
