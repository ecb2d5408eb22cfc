import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { TDashboardBooking } from '@pms/contract/search';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';

/** The bookings a channel brought over a stay already in their room, each linking to its booking. */
export function ChannelConflicts({ stays }: { stays: readonly TDashboardBooking[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const title = t('dashboard.channelConflicts');
  return (
    <Card
      isFlush
      className="ring-amber-300"
      title={
        <span className="flex items-center gap-2">
          <ExclamationTriangleIcon aria-hidden="true" className="size-5 text-amber-600" />
          {title}
          <Badge color="amber">{stays.length}</Badge>
        </span>
      }
      description={t('dashboard.channelConflictsText')}
    >
      <ul aria-label={title} className="divide-y divide-gray-100">
        {stays.map((stay) => (
          <li key={stay.id}>
            <Link
              to={generatePath('/bookings/:id', { id: stay.id })}
              className="flex items-center gap-4 px-5 py-3 text-sm transition-colors hover:bg-gray-50"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-primary-700">{stay.displayName}</span>
                <span className="block text-xs text-gray-500">
                  {t('dashboard.conflictStay', {
                    code: stay.code,
                    from: formatDate(stay.checkIn),
                    to: formatDate(stay.checkOut),
                  })}
                </span>
              </span>
              <Badge color="amber">{t('dashboard.noRoomYet')}</Badge>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
