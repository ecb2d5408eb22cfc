import { useTranslation } from 'react-i18next';
import type { TCashDayClose } from '@pms/contract/cash';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { ZReportLink } from '../../../shared/cash/index.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

/** The day closes of the period, each with its Z report. */
export function DayCloses({ dayCloses }: { dayCloses: TCashDayClose[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();

  const columns: TColumn<TCashDayClose>[] = [
    { id: 'number', header: t('cash.dayCloses.number'), cell: (close) => close.number },
    {
      id: 'date',
      header: t('cash.dayCloses.date'),
      cell: (close) => <span className="whitespace-nowrap">{formatDate(close.businessDate)}</span>,
    },
    {
      id: 'receipts',
      header: t('cash.dayCloses.receipts'),
      cell: (close) =>
        close.firstReceiptNumber === null
          ? '–'
          : t('cash.dayCloses.receiptRange', {
              first: close.firstReceiptNumber,
              last: close.lastReceiptNumber,
            }),
    },
    {
      id: 'revenue',
      header: t('cash.dayCloses.revenue'),
      className: amountClasses,
      cell: (close) => formatMoney(close.revenueAmount),
    },
    {
      id: 'difference',
      header: t('cash.dayCloses.difference'),
      className: amountClasses,
      cell: (close) => formatMoney(close.differenceAmount),
    },
    {
      id: 'closed',
      header: t('cash.dayCloses.closed'),
      cell: (close) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{formatDateTime(close.closedAt)}</span>
          <span className="text-xs text-gray-500">{close.closedBy ?? t('cash.unknownUser')}</span>
        </span>
      ),
    },
    {
      id: 'report',
      header: <span className="sr-only">{t('cash.dayCloses.report')}</span>,
      className: 'text-right whitespace-nowrap',
      cell: (close) => <ZReportLink dayClose={close} />,
    },
  ];

  return (
    <Card isFlush title={t('cash.dayCloses.title')} description={t('cash.dayCloses.description')}>
      <DataTable
        label={t('cash.dayCloses.title')}
        columns={columns}
        rows={dayCloses}
        emptyText={t('cash.dayCloses.empty')}
      />
    </Card>
  );
}
