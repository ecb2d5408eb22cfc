import { useTranslation } from 'react-i18next';
import type { TBookingStatus } from '@pms/contract/bookings';
import { Badge } from '../../ui/badge.tsx';

/** The spec's colours: secondary (the kit's neutral) for confirmed, primary for every other status. */
export function BookingStatusBadge({ status }: { status: TBookingStatus }) {
  const { t } = useTranslation();
  return <Badge color={status === 'confirmed' ? 'gray' : 'primary'}>{t(`bookings.status.${status}`)}</Badge>;
}
