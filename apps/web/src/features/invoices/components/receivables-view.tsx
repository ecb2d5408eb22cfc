import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BanknotesIcon, EnvelopeIcon, MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import { type TAgingBucket, type TReceivable, type TReminderLevel } from '@pms/contract/receivables';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Input } from '../../../ui/field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useReceivables } from '../api/receivables.ts';
import { InvoicePaymentDialog } from './invoice-payment-dialog.tsx';
import { ReminderDialog } from './reminder-dialog.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

/** The reminder a receivable can have today: its level, or null while none is due. */
export function reminderDueToday(receivable: Pick<TReceivable, 'nextReminder'>, today: string) {
  const next = receivable.nextReminder;
  return next && today >= next.from ? next.level : null;
}

function BucketFilter({
  buckets,
  total,
  selected,
  onSelect,
}: {
  buckets: { bucket: TAgingBucket; count: number; dueAmount: number }[];
  total: { count: number; dueAmount: number };
  selected: TAgingBucket | undefined;
  onSelect: (bucket: TAgingBucket | undefined) => void;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const tile = (
    key: string,
    label: string,
    count: number,
    amount: number,
    isSelected: boolean,
    onClick: () => void,
  ) => (
    <button
      key={key}
      type="button"
      aria-pressed={isSelected}
      onClick={onClick}
      className={clsx(
        'rounded-lg px-4 py-3 text-left ring-1 transition focus-visible:outline-2 focus-visible:outline-primary-500',
        isSelected ? 'bg-primary-50 ring-primary-500' : 'bg-white ring-gray-200 hover:bg-gray-50',
      )}
    >
      <span className="block text-xs font-semibold tracking-wide text-gray-600 uppercase">{label}</span>
      <span className="mt-1 block text-lg font-semibold text-gray-900 tabular-nums">
        {formatMoney(amount)}
      </span>
      <span className="block text-xs text-gray-600">{t('billing.receivables.invoiceCount', { count })}</span>
    </button>
  );
  return (
    <div className="grid grid-cols-2 gap-3 px-5 py-4 sm:grid-cols-3 lg:grid-cols-5">
      {tile('all', t('billing.receivables.allOpen'), total.count, total.dueAmount, !selected, () =>
        onSelect(undefined),
      )}
      {buckets.map((entry) =>
        tile(
          entry.bucket,
          t(`billing.receivables.buckets.${entry.bucket}`),
          entry.count,
          entry.dueAmount,
          selected === entry.bucket,
          () => onSelect(selected === entry.bucket ? undefined : entry.bucket),
        ),
      )}
    </div>
  );
}

/**
 * The receivables: open invoices by age (0-30, 31-60, 61-90, over 90 days since issued) with the open
 * amount per bracket, how long each is overdue, its reminders, and the payment and reminder actions.
 */
export function ReceivablesView() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const [bucket, setBucket] = useState<TAgingBucket | undefined>();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const receivables = useReceivables({ bucket, search: debouncedSearch || undefined });
  const [paying, setPaying] = useState<TReceivable | null>(null);
  const [reminding, setReminding] = useState<{
    invoiceId: string;
    number: string;
    level: TReminderLevel;
  } | null>(null);
  const canWrite = can(user.role, 'invoices', 'write');

  if (receivables.isPending) return <Spinner />;
  if (receivables.isError)
    return <ErrorState error={receivables.error} onRetry={() => void receivables.refetch()} />;
  const { asOf, data, buckets, total } = receivables.data;

  const columns: TColumn<TReceivable>[] = [
    {
      id: 'number',
      header: t('billing.invoices.number'),
      cell: (row) => (
        <Link to={`/invoices/${row.id}`} className="font-medium text-primary-700 hover:underline">
          {row.number}
        </Link>
      ),
      className: 'whitespace-nowrap',
    },
    {
      id: 'recipient',
      header: t('billing.invoices.recipient'),
      cell: (row) => (
        <>
          <span className="block text-gray-900">{row.recipientCompany ?? row.recipient ?? '–'}</span>
          {row.bookingCode && (
            <span className="block text-xs text-gray-500">
              {t('billing.receivables.booking', { code: row.bookingCode })}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'issued',
      header: t('billing.receivables.issuedOn'),
      cell: (row) => (
        <>
          <span className="block">{formatDate(row.issuedOn)}</span>
          <span className="block text-xs text-gray-500">
            {t('billing.receivables.age', { count: row.ageDays })}
          </span>
        </>
      ),
      className: 'whitespace-nowrap',
    },
    {
      id: 'dueOn',
      header: t('billing.receivables.dueOn'),
      cell: (row) => (
        <>
          <span className="block">{row.dueOn ? formatDate(row.dueOn) : '–'}</span>
          {row.overdueDays > 0 && (
            <Badge color="red">{t('billing.receivables.overdue', { count: row.overdueDays })}</Badge>
          )}
        </>
      ),
      className: 'whitespace-nowrap',
    },
    {
      id: 'reminder',
      header: t('billing.receivables.reminder'),
      cell: (row) =>
        row.lastReminder ? (
          <>
            <Badge color={row.lastReminder.level === 2 ? 'red' : 'amber'}>
              {t(`billing.receivables.levels.${row.lastReminder.level}`)}
            </Badge>
            <span className="block text-xs text-gray-500">
              {t('billing.receivables.payBy', { date: formatDate(row.lastReminder.payBy) })}
            </span>
          </>
        ) : (
          <span className="text-gray-600">{t('billing.receivables.none')}</span>
        ),
    },
    {
      id: 'due',
      header: t('billing.invoices.due'),
      cell: (row) => <span className="font-semibold text-gray-900">{formatMoney(row.dueAmount)}</span>,
      className: amountClasses,
    },
    ...(canWrite
      ? [
          {
            id: 'actions',
            header: <span className="sr-only">{t('billing.receivables.actions')}</span>,
            cell: (row: TReceivable) => {
              const level = reminderDueToday(row, asOf);
              return (
                <div className="flex flex-col items-end gap-1.5">
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={BanknotesIcon}
                    aria-label={t('billing.receivables.recordPaymentFor', { number: row.number })}
                    onClick={() => setPaying(row)}
                  >
                    {t('billing.receivables.payment')}
                  </Button>
                  {level && (
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={EnvelopeIcon}
                      aria-label={t(`billing.receivables.remindFor.${level}`, { number: row.number })}
                      onClick={() => setReminding({ invoiceId: row.id, number: row.number ?? '', level })}
                    >
                      {t(`billing.receivables.remind.${level}`)}
                    </Button>
                  )}
                </div>
              );
            },
            className: 'text-right',
          },
        ]
      : []),
  ];

  return (
    <Card isFlush>
      <BucketFilter buckets={buckets} total={total} selected={bucket} onSelect={setBucket} />
      <div className="border-y border-gray-100 px-5 py-3">
        <label className="relative block max-w-sm">
          <span className="sr-only">{t('billing.receivables.search')}</span>
          <MagnifyingGlassIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
          />
          <Input
            type="search"
            className="pl-9"
            placeholder={t('billing.receivables.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </div>
      <DataTable
        label={t('billing.receivables.listLabel')}
        columns={columns}
        rows={data}
        emptyText={t(
          bucket || debouncedSearch ? 'billing.receivables.noMatches' : 'billing.receivables.empty',
        )}
        aggregate={
          data.length > 0
            ? {
                number: t('billing.invoices.sum'),
                due: formatMoney(data.reduce((sum, row) => sum + row.dueAmount, 0)),
              }
            : undefined
        }
      />
      <InvoicePaymentDialog invoice={paying} onClose={() => setPaying(null)} />
      <ReminderDialog target={reminding} onClose={() => setReminding(null)} />
    </Card>
  );
}
