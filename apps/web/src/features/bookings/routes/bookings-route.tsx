import { useTranslation } from 'react-i18next';
import { BookOpenIcon } from '@heroicons/react/24/outline';
import { hasBookingDetails, type TBookingView } from '@pms/contract/bookings';
import { can } from '@pms/contract/permissions';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { useBookings } from '../../../shared/bookings/index.ts';
import { useBookingFilterState } from '../booking-filters.ts';
import { BookingStatusBadge } from '../../../shared/bookings/index.ts';
import { BookingsFilterBar } from '../components/bookings-filter-bar.tsx';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

/** The bookings list: quick filters, period, status and text search, all kept in the URL. */
export function BookingsRoute() {
  const { t } = useTranslation();
  const formatDate = useFormatDate('short');
  const formatMoney = useFormatMoney();
  const user = useCurrentUser();
  const paging = usePaging();
  const filters = useBookingFilterState();
  const bookings = useBookings({
    ...filters.request,
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
  });

  const columns: TColumn<TBookingView>[] = [
    {
      id: 'code',
      header: t('bookings.columns.code'),
      cell: (booking) => booking.code,
      className: 'whitespace-nowrap',
    },
    {
      id: 'guest',
      header: t('bookings.columns.guest'),
      cell: (booking) => <span className="block max-w-56 truncate">{booking.displayName}</span>,
    },
    {
      id: 'room',
      header: t('bookings.columns.room'),
      cell: (booking) => booking.room?.number ?? <span className="text-gray-400">{t('bookings.none')}</span>,
    },
    {
      id: 'checkIn',
      header: t('bookings.columns.checkIn'),
      cell: (booking) => formatDate(booking.checkIn),
      className: 'whitespace-nowrap',
    },
    {
      id: 'checkOut',
      header: t('bookings.columns.checkOut'),
      cell: (booking) => formatDate(booking.checkOut),
      className: 'whitespace-nowrap',
    },
    {
      id: 'nights',
      header: t('bookings.columns.nights'),
      cell: (booking) => booking.numberOfNights,
      className: 'text-right tabular-nums',
    },
    {
      id: 'occupancy',
      header: t('bookings.columns.occupancy'),
      cell: (booking) => booking.occupancy,
      className: 'text-right tabular-nums',
    },
    {
      id: 'status',
      header: t('bookings.columns.status'),
      cell: (booking) => <BookingStatusBadge status={booking.status} />,
    },
  ];
  // Amounts are booking details: a role without them (catering) gets bookings without amounts.
  if (can(user.role, 'bookingDetails')) {
    columns.push(
      {
        id: 'gross',
        header: t('bookings.columns.gross'),
        cell: (booking) => hasBookingDetails(booking) && formatMoney(booking.grossAmount),
        className: amountClasses,
      },
      {
        id: 'due',
        header: t('bookings.columns.due'),
        cell: (booking) => hasBookingDetails(booking) && formatMoney(booking.dueAmount),
        className: amountClasses,
      },
    );
  }

  return (
    <>
      <PageHeader title={t('bookings.title')} description={t('bookings.description')} />
      <Card isFlush>
        <BookingsFilterBar state={filters} />
        {bookings.data?.count === 0 ? (
          <EmptyState
            icon={BookOpenIcon}
            title={t('bookings.emptyTitle')}
            text={filters.hasFilters ? t('bookings.emptyFiltered') : t('bookings.emptyText')}
          />
        ) : (
          <PagedTable
            label={t('bookings.title')}
            columns={columns}
            query={bookings}
            paging={paging}
            detailRoute="/bookings/:id"
          />
        )}
      </Card>
    </>
  );
}
