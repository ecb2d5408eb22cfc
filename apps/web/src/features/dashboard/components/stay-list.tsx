import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import type { TIcon } from '../../../ui/button.tsx';
import { ZBookingStatus } from '@pms/contract/bookings';
import type { TDashboardBooking } from '@pms/contract/search';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BookingStatusBadge } from '../../../shared/bookings/index.ts';

function StatusBadge({ status }: { status: string }) {
  const parsed = ZBookingStatus.safeParse(status);
  return parsed.success ? <BookingStatusBadge status={parsed.data} /> : <Badge>{status}</Badge>;
}

/** A glance, not the day's work list: a busy day's stays are all in the bookings list it links to. */
const shownStays = 10;

type TStayListProps = {
  title: string;
  stays: readonly TDashboardBooking[];
  emptyTitle: string;
  emptyIcon: TIcon;
  /** The bookings list with the same stays. */
  allTo: string;
};

/**
 * Today's arrivals or departures: room, name, guests and status, each linking to its booking; the
 * first ten, and a link to all of them.
 */
export function StayList({ title, stays, emptyTitle, emptyIcon, allTo }: TStayListProps) {
  const { t } = useTranslation();
  return (
    <Card isFlush title={title} actions={<Badge>{stays.length}</Badge>}>
      {stays.length === 0 ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} />
      ) : (
        <ul aria-label={title} className="divide-y divide-gray-100">
          {stays.slice(0, shownStays).map((stay) => (
            <li key={stay.id}>
              <Link
                to={generatePath('/bookings/:id', { id: stay.id })}
                className="flex items-center gap-4 px-5 py-3 text-sm transition-colors hover:bg-gray-50"
              >
                <span className="w-14 shrink-0 text-center">
                  <span className="block text-xs text-gray-500">{t('dashboard.room')}</span>
                  <span className="block text-base font-semibold text-gray-900">
                    {stay.roomNumber ?? '–'}
                  </span>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-primary-700">{stay.displayName}</span>
                  <span className="block text-xs text-gray-500">
                    {stay.code} · {t('dashboard.guests', { count: stay.occupancy })}
                  </span>
                </span>
                <StatusBadge status={stay.status} />
              </Link>
            </li>
          ))}
          {stays.length > shownStays && (
            <li>
              <Link
                to={allTo}
                className="block px-5 py-3 text-center text-sm font-medium text-primary-700 hover:bg-gray-50"
              >
                {t('dashboard.showAll', { count: stays.length })}
              </Link>
            </li>
          )}
        </ul>
      )}
    </Card>
  );
}
