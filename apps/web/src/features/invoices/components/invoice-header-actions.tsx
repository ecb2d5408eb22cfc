import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ArrowDownTrayIcon,
  CheckIcon,
  EnvelopeIcon,
  TrashIcon,
  XCircleIcon,
} from '@heroicons/react/24/outline';
import type { TInvoice } from '@pms/contract/invoices';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { SendMailDialog } from '../../../shared/mail/index.ts';
import { Button } from '../../../ui/button.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDownloadInvoiceDocument, type TInvoiceDocument } from '../api/download-invoice-document.ts';
import { useCancelInvoice, useDeleteInvoice, useIssueInvoice } from '../api/invoice-actions.ts';
import { useSendInvoice } from '../api/send-invoice.ts';

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

/** The invoice's header buttons: its documents and e-mail once issued, and issue, delete or cancel. */
export function InvoiceHeaderActions({ invoice, canWrite }: { invoice: TInvoice; canWrite: boolean }) {
  return (
    <>
      {invoice.number && <InvoiceDocuments invoice={invoice} />}
      {invoice.number && <InvoiceMail invoice={invoice} />}
      {canWrite && <InvoiceActions invoice={invoice} />}
    </>
  );
}
