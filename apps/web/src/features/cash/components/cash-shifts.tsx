import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckBadgeIcon } from '@heroicons/react/24/outline';
import type { TCashShift } from '@pms/contract/cash';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { differenceClasses } from './close-shift-dialog.tsx';
import { ReviewShiftDialog } from './review-shift-dialog.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

/** Whether a manager still has to look at the shift: it was counted with a difference nobody reviewed. */
function isAwaitingReview(shift: TCashShift): boolean {
  return shift.closedAt !== null && (shift.differenceAmount ?? 0) !== 0 && shift.reviewedAt === null;
}

/** The shifts of the period: who opened and closed the drawer, what was expected and counted, the reviews. */
export function CashShifts({ shifts, canReview }: { shifts: TCashShift[]; canReview: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const [reviewing, setReviewing] = useState<TCashShift | null>(null);
  const money = (cents: number | null) => (cents === null ? '–' : formatMoney(cents));
  const byWhom = (at: string | null, name: string | null) =>
    at ? (
      <span className="flex flex-col">
        <span className="whitespace-nowrap">{formatDateTime(at)}</span>
        <span className="text-xs text-gray-500">{name ?? t('cash.unknownUser')}</span>
      </span>
    ) : (
      '–'
    );

  const columns: TColumn<TCashShift>[] = [
    {
      id: 'opened',
      header: t('cash.shifts.opened'),
      cell: (shift) => byWhom(shift.openedAt, shift.openedBy),
    },
    {
      id: 'closed',
      header: t('cash.shifts.closed'),
      cell: (shift) => byWhom(shift.closedAt, shift.closedBy),
    },
    {
      id: 'expected',
      header: t('cash.shifts.expected'),
      className: amountClasses,
      cell: (s) => money(s.expectedAmount),
    },
    {
      id: 'counted',
      header: t('cash.shifts.counted'),
      className: amountClasses,
      cell: (s) => money(s.countedAmount),
    },
    {
      id: 'difference',
      header: t('cash.shifts.difference'),
      className: amountClasses,
      cell: (shift) =>
        shift.differenceAmount === null ? (
          '–'
        ) : (
          <span className={clsx('font-medium', differenceClasses(shift.differenceAmount))}>
            {formatMoney(shift.differenceAmount)}
          </span>
        ),
    },
    { id: 'note', header: t('cash.shifts.note'), cell: (shift) => shift.note ?? '' },
    {
      id: 'review',
      header: t('cash.shifts.review'),
      cell: (shift) => {
        if (shift.reviewedAt) {
          return (
            <span className="flex flex-col">
              <span className="flex items-center gap-1 text-green-700">
                <CheckBadgeIcon aria-hidden="true" className="size-4" />
                {t('cash.shifts.reviewedBy', { name: shift.reviewedBy ?? t('cash.unknownUser') })}
              </span>
              {shift.reviewNote && <span className="text-xs text-gray-500">{shift.reviewNote}</span>}
            </span>
          );
        }
        if (!isAwaitingReview(shift)) return '';
        return canReview ? (
          <Button size="sm" variant="secondary" onClick={() => setReviewing(shift)}>
            {t('cash.shifts.reviewAction')}
          </Button>
        ) : (
          <span className="text-amber-700">{t('cash.shifts.awaitingReview')}</span>
        );
      },
    },
  ];

  return (
    <Card isFlush title={t('cash.shifts.title')} description={t('cash.shifts.description')}>
      <DataTable
        label={t('cash.shifts.title')}
        columns={columns}
        rows={shifts}
        emptyText={t('cash.shifts.empty')}
      />
      <ReviewShiftDialog shift={reviewing} onClose={() => setReviewing(null)} />
    </Card>
  );
}
