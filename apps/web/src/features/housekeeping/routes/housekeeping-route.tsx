import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SparklesIcon } from '@heroicons/react/24/outline';
import {
  housekeepingFilters,
  type THousekeepingRoom,
  type THousekeepingState,
} from '@pms/contract/room-plan';
import { useListParams } from '../../../lib/use-list-params.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useHousekeeping, type THousekeepingFilter } from '../api/get-housekeeping.ts';
import { RoomFacts } from '../components/room-facts.tsx';
import { RoomStatusBadge } from '../components/room-status-badge.tsx';
import { RoomsNotLoaded } from '../components/rooms-not-loaded.tsx';
import { roomCleanPath, type THousekeepingReturn } from '../housekeeping-paths.ts';

const filterParams = ['filter'] as const;
const chips: readonly (THousekeepingFilter | 'all')[] = ['all', ...housekeepingFilters];

const statusBorders: Record<THousekeepingState, string> = {
  clean: 'border-l-green-500',
  dirty: 'border-l-amber-500',
  out_of_service: 'border-l-red-500',
};

function isFilter(value: string): value is THousekeepingFilter {
  return (housekeepingFilters as readonly string[]).includes(value);
}

function FilterChips({
  current,
  onChange,
}: {
  current: THousekeepingFilter | undefined;
  onChange: (filter: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('housekeeping.filterLabel')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0"
    >
      {chips.map((chip) => {
        const isCurrent = (current ?? 'all') === chip;
        return (
          <button
            key={chip}
            type="button"
            aria-pressed={isCurrent}
            onClick={() => onChange(chip === 'all' ? '' : chip)}
            className={clsx(
              'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 transition-colors ring-inset',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
              isCurrent
                ? 'bg-primary-600 text-white ring-primary-600'
                : 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50',
            )}
          >
            {t(`housekeeping.filters.${chip}`)}
          </button>
        );
      })}
    </div>
  );
}

function RoomCard({ room }: { room: THousekeepingRoom }) {
  const { t } = useTranslation();
  const location = useLocation();
  const state: THousekeepingReturn = { listSearch: location.search };
  return (
    <li>
      <Link
        to={roomCleanPath(room.id)}
        state={state}
        className={clsx(
          'flex h-full flex-col gap-3 rounded-xl border-l-4 bg-white p-4 shadow-xs ring-1 ring-gray-200 transition-colors',
          'hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 active:bg-gray-100',
          statusBorders[room.housekeepingStatus],
        )}
      >
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="block text-3xl font-bold tracking-tight text-gray-900">
              <span className="sr-only">{t('housekeeping.room')} </span>
              {room.number}
            </span>
            <span className="block truncate text-sm text-gray-500">{room.roomTypeName}</span>
          </span>
          <RoomStatusBadge status={room.housekeepingStatus} />
        </span>
        <RoomFacts room={room} />
      </Link>
    </li>
  );
}

/** Housekeeping on a phone: every room as a large card, filtered by status, one tap to the room. */
export function HousekeepingRoute() {
  const { t } = useTranslation();
  const filters = useListParams(filterParams);
  const filter = isFilter(filters.values.filter) ? filters.values.filter : undefined;
  const rooms = useHousekeeping(filter);

  const content = () => {
    if (rooms.isPending) return <Spinner />;
    if (rooms.isError) return <RoomsNotLoaded error={rooms.error} onRetry={() => void rooms.refetch()} />;
    if (rooms.data.length === 0)
      return (
        <EmptyState
          icon={SparklesIcon}
          title={t(`housekeeping.empty.${filter ?? 'all'}.title`)}
          text={t(`housekeeping.empty.${filter ?? 'all'}.text`)}
        />
      );
    return (
      <ul
        aria-label={t('housekeeping.roomsLabel')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
      >
        {rooms.data.map((room) => (
          <RoomCard key={room.id} room={room} />
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageHeader title={t('housekeeping.title')} description={t('housekeeping.description')} />
      <div className="space-y-5">
        <FilterChips current={filter} onChange={(value) => filters.change({ filter: value })} />
        {content()}
      </div>
    </>
  );
}
