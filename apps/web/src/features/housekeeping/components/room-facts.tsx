import { useTranslation } from 'react-i18next';
import {
  ArrowLeftEndOnRectangleIcon,
  ArrowRightStartOnRectangleIcon,
  LockClosedIcon,
  UserIcon,
} from '@heroicons/react/24/outline';
import type { THousekeepingRoom } from '@pms/contract/room-plan';
import { Badge } from '../../../ui/badge.tsx';

/** What housekeeping needs to know about a room today: lock, who sleeps there, arrival or departure. */
export function RoomFacts({ room }: { room: THousekeepingRoom }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 text-sm text-gray-700">
      {room.lockReason && (
        <p className="flex items-start gap-2 text-red-700">
          <LockClosedIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sr-only">{t('housekeeping.lockReason')}: </span>
            {room.lockReason}
          </span>
        </p>
      )}
      <p className="flex items-start gap-2">
        <UserIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
        <span className="min-w-0 break-words">
          {room.occupant
            ? t('housekeeping.tonight', { name: room.occupant.name })
            : t('housekeeping.vacantTonight')}
        </span>
      </p>
      {(room.isArrivalToday || room.isDepartureToday) && (
        <p className="flex flex-wrap gap-2">
          {room.isDepartureToday && (
            <Badge color="primary">
              <ArrowRightStartOnRectangleIcon aria-hidden="true" className="mr-1 size-3.5" />
              {t('housekeeping.departureToday')}
            </Badge>
          )}
          {room.isArrivalToday && (
            <Badge color="primary">
              <ArrowLeftEndOnRectangleIcon aria-hidden="true" className="mr-1 size-3.5" />
              {t('housekeeping.arrivalToday')}
            </Badge>
          )}
        </p>
      )}
    </div>
  );
}
