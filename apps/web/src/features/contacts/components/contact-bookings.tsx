import { useTranslation } from 'react-i18next';
import type { TContactBooking } from '@pms/contract/contacts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { BookingStatusBadge } from '../../../shared/bookings/index.ts';
import { useContactBookings } from '../api/get-contact-bookings.ts';

/** The bookings of a contact, as the customer or as a guest, latest stay first. */
export function ContactBookings({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const paging = usePaging();
  const bookings = useContactBookings(contactId, paging);

  const columns: TColumn<TContactBooking>[] = [
    { id: 'code', header: t('contacts.bookings.code'), cell: (booking) => booking.code },
    {
      id: 'role',
      header: t('contacts.bookings.role'),
      cell: (booking) => (
        <Badge color={booking.role === 'customer' ? 'primary' : 'gray'}>
          {t(`contacts.bookings.roles.${booking.role}`)}
        </Badge>
      ),
    },
    {
      id: 'status',
      header: t('contacts.bookings.status'),
      cell: (booking) => <BookingStatusBadge status={booking.status} />,
    },
    {
      id: 'checkIn',
      header: t('contacts.bookings.checkIn'),
      cell: (booking) => <span className="whitespace-nowrap">{formatDate(booking.checkIn)}</span>,
    },
    {
      id: 'checkOut',
      header: t('contacts.bookings.checkOut'),
      cell: (booking) => <span className="whitespace-nowrap">{formatDate(booking.checkOut)}</span>,
    },
    { id: 'room', header: t('contacts.bookings.room'), cell: (booking) => booking.roomNumber },
  ];

  return (
    <Card isFlush title={t('contacts.bookings.title')} description={t('contacts.bookings.description')}>
      <PagedTable
        label={t('contacts.bookings.title')}
        columns={columns}
        query={bookings}
        paging={paging}
        detailRoute="/bookings/:id"
        emptyText={t('contacts.bookings.empty')}
      />
    </Card>
  );
}
