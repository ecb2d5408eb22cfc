import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ArrowsRightLeftIcon,
  BanknotesIcon,
  DocumentTextIcon,
  PencilSquareIcon,
  PlusIcon,
  ReceiptPercentIcon,
  ReceiptRefundIcon,
  XCircleIcon,
} from '@heroicons/react/24/outline';
import type { TFolio, TFolioCharge } from '@pms/contract/folios';
import type { TInvoiceListItem } from '@pms/contract/invoices';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormatDate } from '../../lib/format-date.ts';
import { useFormatInstantDate } from '../../lib/format.ts';
import { useFormatMoney } from '../../lib/format-money.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { openConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type TColumn } from '../../ui/data-table.tsx';
import { CheckboxField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useFormatPercentage } from '../base-data/index.ts';
import { contactPath } from '../contacts/index.ts';
import { useCreateInvoice } from '../invoices/index.ts';
import type { TChargeOnFolio } from './allowance-dialog.tsx';
import { ChargeActionsMenu, type TChargeAction } from './charge-actions-menu.tsx';
import { remainingByCharge, unitAmountOf } from './folio-entries.ts';
import { useUpdateFolio } from './folio-mutations.ts';
import { FolioPayments } from './folio-payments.tsx';
import type { TPaymentKind } from './payment-dialog.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

export type TFolioPermissions = {
  /** May post charges (catering too, food and drinks only). */
  canPost: boolean;
  /** The front desk: payments, refunds, allowances, moves, extra folios. */
  canSettle: boolean;
  /** May create invoices and open them. */
  canInvoice: boolean;
};

type TFolioCardProps = {
  folio: TFolio;
  label: string;
  permissions: TFolioPermissions;
  /** The folio's standing invoice (draft, open or paid), if it has one. */
  invoice: TInvoiceListItem | undefined;
  /** The contact an invoice goes to when the folio names none (the booking's or group's customer). */
  fallbackCustomerId: string | null;
  /** Whether another open folio could take a moved charge. */
  canMove: boolean;
  onPostCharge: () => void;
  onAllowance: (target: TChargeOnFolio) => void;
  onCorrect: (target: TChargeOnFolio) => void;
  onVoid: (target: TChargeOnFolio) => void;
  onMove: (source: TChargeOnFolio) => void;
  onPayment: (kind: TPaymentKind) => void;
};

/** One folio: its charges, allowances, payments and refunds, the totals and what may be done with it. */
export function FolioCard({
  folio,
  label,
  permissions,
  invoice,
  fallbackCustomerId,
  canMove,
  onPostCharge,
  onAllowance,
  onCorrect,
  onVoid,
  onMove,
  onPayment,
}: TFolioCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatDate('short');
  const formatInstantDate = useFormatInstantDate();
  const formatMoney = useFormatMoney();
  const formatPercentage = useFormatPercentage();
  const createInvoice = useCreateInvoice();
  const updateFolio = useUpdateFolio();
  const remaining = remainingByCharge(folio.charges);
  const isOpen = !folio.isClosed;
  const customerId = folio.customerId ?? fallbackCustomerId;

  const startInvoice = async () => {
    const due = folio.totals.dueAmount;
    if (due > 0) {
      const isConfirmed = await openConfirmDialog({
        title: t('billing.invoice.confirmDueTitle'),
        content: t('billing.invoice.confirmDueText', { due: formatMoney(due) }),
        confirmText: t('billing.invoice.confirmDue'),
      });
      if (!isConfirmed) return;
    }
    createInvoice.mutate(
      { folioId: folio.id, closeWithDueAmount: due > 0 },
      {
        onSuccess: (created) => {
          toast.success(t('billing.invoice.created', { number: created.number ?? '' }));
          void navigate(`/invoices/${created.id}`);
        },
      },
    );
  };

  // A draft takes the address as it is; it is completed on the draft and checked when issued.
  const startDraft = () =>
    createInvoice.mutate(
      { folioId: folio.id, draft: true },
      {
        onSuccess: (created) => {
          toast.success(t('billing.invoice.draftCreated'));
          void navigate(`/invoices/${created.id}`);
        },
      },
    );

  const entryText = (entry: TFolioCharge) => (
    <span className="flex flex-wrap items-center gap-2">
      <span
        className={clsx(
          entry.kind === 'charge' && remaining.get(entry.id) === 0 && 'text-gray-500 line-through',
        )}
      >
        {entry.text}
      </span>
      {entry.kind === 'allowance' && (
        <Badge color={entry.transferChargeId ? 'primary' : 'amber'}>
          {t(entry.transferChargeId ? 'billing.folios.movedAway' : 'billing.folios.allowance')}
        </Badge>
      )}
      {entry.kind === 'charge' && entry.transferChargeId && (
        <Badge color="primary">{t('billing.folios.movedHere')}</Badge>
      )}
      {entry.isTransitory && <Badge>{t('billing.folios.transitory')}</Badge>}
      {entry.kind === 'allowance' && entry.reason && !entry.transferChargeId && (
        <span className="basis-full text-xs text-gray-500">
          {t('billing.folios.reason', { reason: entry.reason })}
        </span>
      )}
    </span>
  );

  const chargeActions = (entry: TFolioCharge) => {
    const left = remaining.get(entry.id) ?? 0;
    if (entry.kind !== 'charge' || left <= 0) return null;
    const target = { folio, charge: entry, remaining: left };
    const isUncorrected = left === entry.grossAmount;
    const actions: TChargeAction[] = [
      ...(isUncorrected && entry.itemId
        ? [
            {
              label: t('billing.folios.correctCharge', { text: entry.text }),
              icon: PencilSquareIcon,
              onSelect: () => onCorrect(target),
            },
          ]
        : []),
      {
        label: t('billing.folios.allowanceFor', { text: entry.text }),
        icon: ReceiptPercentIcon,
        onSelect: () => onAllowance(target),
      },
      {
        label: t('billing.folios.voidCharge', { text: entry.text }),
        icon: XCircleIcon,
        onSelect: () => onVoid(target),
      },
      ...(canMove && isUncorrected
        ? [
            {
              label: t('billing.folios.moveCharge', { text: entry.text }),
              icon: ArrowsRightLeftIcon,
              onSelect: () => onMove(target),
            },
          ]
        : []),
    ];
    return (
      <span className="flex justify-end">
        <ChargeActionsMenu
          label={t('billing.folios.chargeActions', { text: entry.text })}
          actions={actions}
        />
      </span>
    );
  };

  const chargeColumns: TColumn<TFolioCharge>[] = [
    {
      id: 'date',
      header: t('billing.folios.date'),
      cell: (entry) => formatDate(entry.bookedOn),
      className: 'whitespace-nowrap',
    },
    { id: 'text', header: t('billing.folios.text'), cell: entryText, className: 'min-w-48' },
    {
      id: 'quantity',
      header: t('billing.folios.quantity'),
      cell: (entry) => entry.quantity,
      className: 'text-right tabular-nums',
    },
    {
      id: 'price',
      header: t('billing.folios.price'),
      cell: (entry) => formatMoney(unitAmountOf(entry)),
      className: amountClasses,
    },
    {
      id: 'net',
      header: t('billing.folios.net'),
      cell: (entry) => formatMoney(entry.netAmount),
      className: amountClasses,
    },
    {
      id: 'tax',
      header: t('billing.folios.taxRate'),
      cell: (entry) => formatPercentage(entry.taxPercentage),
      className: amountClasses,
    },
    {
      id: 'taxAmount',
      header: t('billing.folios.taxAmount'),
      cell: (entry) => formatMoney(entry.taxAmount),
      className: amountClasses,
    },
    {
      id: 'gross',
      header: t('billing.folios.gross'),
      cell: (entry) => formatMoney(entry.grossAmount),
      className: amountClasses,
    },
    ...(isOpen && permissions.canSettle
      ? [
          {
            id: 'actions',
            header: <span className="sr-only">{t('billing.folios.actions')}</span>,
            cell: chargeActions,
            className: 'w-16 py-1',
          },
        ]
      : []),
  ];

  const isAddressIncomplete =
    createInvoice.error instanceof ApiError &&
    createInvoice.error.type === 'folio/customer_address_incomplete';

  const title = (
    <span className="flex flex-wrap items-center gap-2">
      {label}
      {folio.isGroupFolio && <Badge color="primary">{t('billing.folios.groupFolio')}</Badge>}
      {folio.isClosed ? (
        <Badge color="gray">{t('billing.folios.closed')}</Badge>
      ) : (
        <Badge color="green">{t('billing.folios.open')}</Badge>
      )}
    </span>
  );

  const actions = (
    <div className="flex flex-wrap justify-end gap-2">
      {isOpen && permissions.canPost && (
        <Button size="sm" icon={PlusIcon} onClick={onPostCharge}>
          {t('billing.folios.postCharge')}
        </Button>
      )}
      {permissions.canSettle && (
        <>
          <Button size="sm" variant="secondary" icon={BanknotesIcon} onClick={() => onPayment('payment')}>
            {t('billing.folios.takePayment')}
          </Button>
          <Button size="sm" variant="secondary" icon={ReceiptRefundIcon} onClick={() => onPayment('refund')}>
            {t('billing.folios.refund')}
          </Button>
        </>
      )}
      {permissions.canInvoice && invoice && (
        <Link
          to={`/invoices/${invoice.id}`}
          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-primary-700 hover:bg-primary-50"
        >
          <DocumentTextIcon aria-hidden="true" className="size-4" />
          {invoice.number
            ? t('billing.folios.showInvoice', { number: invoice.number })
            : t('billing.folios.showDraft')}
        </Link>
      )}
      {permissions.canInvoice && isOpen && !invoice && (
        <Button
          size="sm"
          variant="secondary"
          icon={DocumentTextIcon}
          isLoading={createInvoice.isPending}
          disabled={folio.charges.length === 0}
          onClick={() => void startInvoice()}
        >
          {t('billing.folios.createInvoice')}
        </Button>
      )}
    </div>
  );

  return (
    <Card isFlush title={title} actions={actions}>
      <div className="space-y-3 px-5 pt-4 empty:hidden">
        {folio.isClosed && (
          <Alert type="info">
            {t('billing.folios.closedText', {
              date: folio.closedAt ? formatInstantDate(folio.closedAt) : '',
            })}
          </Alert>
        )}
        {folio.warnings.chargeCardBeforeCheckOut && (
          <Alert type="warning" title={t('billing.folios.virtualPayment')}>
            {t('billing.folios.virtualWarning')}
          </Alert>
        )}
        {createInvoice.isError && (
          <Alert type="error" title={t('billing.invoice.failed')}>
            {errorMessage(createInvoice.error)}
            {isAddressIncomplete && (
              <span className="mt-3 flex flex-wrap items-center gap-3">
                {customerId && (
                  <Link to={contactPath(customerId)} className="font-semibold underline">
                    {t('billing.invoice.openCustomer')}
                  </Link>
                )}
                <Button size="sm" variant="secondary" onClick={startDraft}>
                  {t('billing.invoice.createDraft')}
                </Button>
              </span>
            )}
          </Alert>
        )}
      </div>
      <div className="mt-4">
        <DataTable
          label={t('billing.folios.chargesLabel', { folio: label })}
          columns={chargeColumns}
          rows={folio.charges}
          emptyText={t('billing.folios.noCharges')}
        />
      </div>
      {(folio.taxes.length > 0 || folio.localTaxAmount !== 0) && (
        <div className="border-t border-gray-100 px-5 py-3">
          <h3 className="pb-2 text-sm font-semibold text-gray-900">{t('billing.folios.taxSummary')}</h3>
          <p className="pb-2 text-xs text-gray-500">{t('billing.folios.taxSummaryHint')}</p>
          <dl className="grid gap-1 text-sm sm:max-w-md">
            {folio.taxes.map((share) => (
              <div key={share.taxPercentage} className="flex justify-between gap-4">
                <dt className="text-gray-600">
                  {t('billing.folios.taxShare', { rate: formatPercentage(share.taxPercentage) })}
                </dt>
                <dd className="text-right whitespace-nowrap text-gray-900 tabular-nums">
                  {t('billing.folios.taxShareAmounts', {
                    net: formatMoney(share.netAmount),
                    tax: formatMoney(share.taxAmount),
                  })}
                </dd>
              </div>
            ))}
            {folio.localTaxAmount !== 0 && (
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600">{t('billing.folios.localTax')}</dt>
                <dd className="text-right whitespace-nowrap text-gray-900 tabular-nums">
                  {formatMoney(folio.localTaxAmount)}
                </dd>
              </div>
            )}
          </dl>
        </div>
      )}
      {folio.payments.length > 0 && (
        <FolioPayments folio={folio} label={label} canDelete={isOpen && permissions.canSettle} />
      )}
      <div className="flex flex-col gap-4 border-t-2 border-gray-200 bg-gray-50 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
        {isOpen && permissions.canSettle ? (
          <CheckboxField
            label={t('billing.folios.virtualPayment')}
            checked={folio.isVirtualPayment}
            disabled={updateFolio.isPending}
            onChange={(event) =>
              updateFolio.mutate({ folioId: folio.id, changes: { isVirtualPayment: event.target.checked } })
            }
          />
        ) : (
          <span />
        )}
        <dl className="grid grid-cols-3 gap-6 text-sm sm:text-right">
          <div>
            <dt className="text-xs text-gray-500">{t('billing.folios.gross')}</dt>
            <dd className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
              {formatMoney(folio.totals.grossAmount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500">{t('billing.folios.paid')}</dt>
            <dd className="whitespace-nowrap text-gray-900 tabular-nums">
              {formatMoney(folio.totals.paidAmount)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500">{t('billing.folios.due')}</dt>
            <dd
              className={clsx(
                'font-semibold whitespace-nowrap tabular-nums',
                folio.totals.dueAmount > 0 ? 'text-red-700' : 'text-gray-900',
              )}
            >
              {formatMoney(folio.totals.dueAmount)}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
