import { useTranslation } from 'react-i18next';
import type { TBookingSummary } from '@pms/contract/bookings';
import { FactList } from '../../../ui/fact-list.tsx';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';

/** The stay as a role without the booking's details (catering) sees it: room, stay and guest names. */
export function BookingSummaryOverview({ booking }: { booking: TBookingSummary }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();

  const facts = [
    {
      label: t('bookings.overview.stay'),
      value: `${formatDate(booking.checkIn)} – ${formatDate(booking.checkOut)} · ${t('bookings.nights', { count: booking.numberOfNights })}`,
    },
    { label: t('bookings.overview.room'), value: booking.room?.number ?? t('bookings.unassigned') },
    { label: t('bookings.overview.roomType'), value: booking.roomType?.name },
    { label: t('bookings.overview.occupancy'), value: t('bookings.persons', { count: booking.occupancy }) },
    {
      label: t('bookings.overview.guests'),
      value: booking.guests?.map((guest) => guest.name).join(', '),
    },
    {
      label: t('bookings.overview.foodAndBeveragePerDay'),
      value: booking.foodAndBeveragePerDay !== null && formatMoney(booking.foodAndBeveragePerDay),
    },
  ];

  return (
    <Card title={t('bookings.overview.stayTitle')}>
      <FactList facts={facts} />
    </Card>
  );
}
