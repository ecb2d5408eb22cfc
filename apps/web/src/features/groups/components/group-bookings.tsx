import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { BookOpenIcon, PlusIcon, XMarkIcon } from '@heroicons/react/24/outline';
import type { TGroup, TGroupBooking } from '@pms/contract/contacts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { toast } from '../../../ui/toast.tsx';
import { BookingStatusBadge } from '../../../shared/bookings/index.ts';
import { useRemoveGroupBooking } from '../api/remove-group-booking.ts';
import { AddGroupBookingDialog } from './add-group-booking-dialog.tsx';

/** The group's bookings in the order of their stays, each linking to the booking; added and removed here. */
export function GroupBookings({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [isAdding, setIsAdding] = useState(false);
  const removeBooking = useRemoveGroupBooking();
  const bookings: readonly TGroupBooking[] = group.bookings ?? [];

  const remove = async (booking: TGroupBooking) => {
    const isConfirmed = await openConfirmDialog({
      title: t('groups.bookings.removeTitle', { code: booking.code }),
      subtitle: <Trans i18nKey="groups.bookings.removeText" />,
      confirmText: t('groups.bookings.remove'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    removeBooking.mutate(
      { groupId: group.id, bookingId: booking.id },
      { onSuccess: () => toast.success(t('groups.bookings.removed', { code: booking.code })) },
    );
  };

  return (
    <Card
      isFlush
      title={t('groups.bookings.title')}
      description={t('groups.bookings.description')}
      actions={
        <Button size="sm" icon={PlusIcon} onClick={() => setIsAdding(true)}>
          {t('groups.bookings.add')}
        </Button>
      }
    >
      <AddGroupBookingDialog group={group} open={isAdding} onClose={() => setIsAdding(false)} />
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
              <IconButton
                icon={XMarkIcon}
                label={t('groups.bookings.removeLabel', { code: booking.code })}
                disabled={removeBooking.isPending}
                onClick={() => void remove(booking)}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
