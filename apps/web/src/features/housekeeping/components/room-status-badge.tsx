import type { THousekeepingState } from '@pms/contract/room-plan';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';

/** Clean green, dirty amber, out of service red. */
export const roomStatusColors: Record<THousekeepingState, TBadgeColor> = {
  clean: 'green',
  dirty: 'amber',
  out_of_service: 'red',
};

export function RoomStatusBadge({ status }: { status: THousekeepingState }) {
  const { t } = useTranslation();
  return <Badge color={roomStatusColors[status]}>{t(`housekeeping.statuses.${status}`)}</Badge>;
}
