import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { TCashBook, TCashMovement } from '@pms/contract/cash';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { ReceiptLinks } from '../../../shared/cash/index.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

/** The cash book of the period: every movement of the drawer with its receipt and the running balance. */
export function CashMovements({ book }: { book: TCashBook }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const receipts = new Map(book.receipts.map((receipt) => [receipt.id, receipt]));
  const closingBalance = book.movements.at(-1)?.balance ?? book.openingBalance;

  const columns: TColumn<TCashMovement>[] = [
    {
      id: 'time',
      header: t('cash.book.time'),
      cell: (movement) => <span className="whitespace-nowrap">{formatDateTime(movement.createdAt)}</span>,
    },
    {
      id: 'kind',
      header: t('cash.book.kind'),
      cell: (movement) => (
        <span className="font-medium text-gray-900">{t(`cash.kinds.${movement.kind}`)}</span>
      ),
    },
    {
      id: 'text',
      header: t('cash.book.text'),
      cell: (movement) => {
        const receipt = movement.receiptId ? receipts.get(movement.receiptId) : undefined;
        return (
          <span className="flex flex-col gap-1">
            {movement.reason && <span>{movement.reason}</span>}
            {movement.receiptId && movement.receiptNumber !== null && (
              <ReceiptLinks
                receipt={{
                  id: movement.receiptId,
                  number: movement.receiptNumber,
                  isSimulated: receipt?.isSimulated,
                  deviceFailed: receipt?.deviceFailed,
                }}
              />
            )}
          </span>
        );
      },
    },
    { id: 'by', header: t('cash.book.by'), cell: (movement) => movement.createdBy ?? '–' },
    {
      id: 'amount',
      header: t('cash.book.amount'),
      className: amountClasses,
      cell: (movement) => (
        <span className={clsx(movement.amount < 0 && 'text-red-700')}>{formatMoney(movement.amount)}</span>
      ),
    },
    {
      id: 'balance',
      header: t('cash.book.balance'),
      className: amountClasses,
      cell: (movement) => <span className="font-medium text-gray-900">{formatMoney(movement.balance)}</span>,
    },
  ];

  return (
    <Card
      isFlush
      title={t('cash.book.title')}
      description={t('cash.book.description', {
        opening: formatMoney(book.openingBalance),
        closing: formatMoney(closingBalance),
      })}
    >
      <DataTable
        label={t('cash.book.title')}
        columns={columns}
        rows={book.movements}
        emptyText={t('cash.book.empty')}
      />
    </Card>
  );
}
