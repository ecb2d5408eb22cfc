import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { BookOpenIcon } from '@heroicons/react/24/outline';
import type { TGroupBooking } from '@pms/contract/contacts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BookingStatusBadge } from '../../../shared/bookings/booking-status-badge.tsx';

/** The group's bookings in the order of their stays, each linking to the booking. */
export function GroupBookings({ bookings }: { bookings: readonly TGroupBooking[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Card isFlush title={t('groups.bookings.title')} description={t('groups.bookings.description')}>
      {bookings.length === 0 ? (
        <EmptyState
          icon={BookOpenIcon}
          title={t('groups.bookings.emptyTitle')}
          text={t('groups.bookings.emptyText')}
        />
      ) : (
        <ul aria-label={t('groups.bookings.title')} className="divide-y divide-gray-100">
          {bookings.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm">
              <Link
                to={generatePath('/bookings/:id', { id: booking.id })}
                className="font-medium text-primary-700 hover:underline"
              >
                {booking.code}
              </Link>
              <span className="min-w-0 flex-1 truncate text-gray-900">
                {booking.guestName ?? t('groups.bookings.noGuest')}
              </span>
              <span className="text-gray-600">
                {booking.roomNumber
                  ? t('groups.bookings.room', { number: booking.roomNumber })
                  : t('groups.bookings.noRoom')}
              </span>
              <span className="whitespace-nowrap text-gray-600">
                {formatDate(booking.checkIn)} – {formatDate(booking.checkOut)}
              </span>
              <span className="text-gray-600">
                {t('groups.bookings.guests', { count: booking.occupancy })}
              </span>
              <BookingStatusBadge status={booking.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
