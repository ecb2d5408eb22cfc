import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ArrowDownIcon, ArrowUpIcon } from '@heroicons/react/20/solid';
import type { TBaseData, TRoom } from '@pms/contract/base-data';
import type { THousekeepingState } from '@pms/contract/room-plan';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';
import { Field, Select } from '../../../ui/field.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { collections } from '../api/base-data-collections.ts';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { RecordList } from '../components/record-list.tsx';
import { RoomDialog } from '../components/room-dialog.tsx';
import { defaultRoomTypeId, RoomTypeOptions } from '../components/room-type-options.tsx';

const statusColors: Record<THousekeepingState, TBadgeColor> = {
  clean: 'green',
  dirty: 'amber',
  out_of_service: 'red',
};

// The filter and the order live in the URL, like the page.
const roomTypeParam = 'roomType';
const sortParam = 'sort';

export function RoomsRoute() {
  const { t } = useTranslation();
  const roomTypes = useBaseData().data?.roomTypes ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  const roomTypeId = searchParams.get(roomTypeParam) ?? '';
  const isDescending = searchParams.get(sortParam) === 'desc';

  const changeParam = (name: string, value: string) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (value) params.set(name, value);
      else params.delete(name);
      params.delete('page');
      return params;
    });

  // The server sends rooms in natural number order (2 before 10).
  const rowsOf = (baseData: TBaseData) => {
    const rooms = roomTypeId
      ? baseData.rooms.filter((room) => room.roomTypeId === roomTypeId)
      : baseData.rooms;
    return isDescending ? rooms.toReversed() : rooms;
  };

  const columns: TColumn<TRoom>[] = [
    {
      id: 'number',
      header: (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-600"
          title={isDescending ? t('baseData.rooms.sortAscending') : t('baseData.rooms.sortDescending')}
          onClick={() => changeParam(sortParam, isDescending ? '' : 'desc')}
        >
          {t('baseData.rooms.number')}
          {isDescending ? (
            <ArrowDownIcon aria-hidden="true" className="size-4" />
          ) : (
            <ArrowUpIcon aria-hidden="true" className="size-4" />
          )}
          <span className="sr-only">
            {isDescending ? t('baseData.rooms.sortAscending') : t('baseData.rooms.sortDescending')}
          </span>
        </button>
      ),
      cell: (room) => <span className="font-medium text-gray-900">{room.number}</span>,
    },
    {
      id: 'roomType',
      header: t('baseData.rooms.roomType'),
      cell: (room) => room.roomType?.name,
    },
    {
      id: 'housekeepingStatus',
      header: t('baseData.rooms.housekeepingStatus'),
      cell: (room) => (
        <Badge color={statusColors[room.housekeepingStatus]}>
          {t(`baseData.rooms.statuses.${room.housekeepingStatus}`)}
        </Badge>
      ),
    },
  ];

  return (
    <RecordList
      kind="rooms"
      collection={collections.rooms}
      rowsOf={rowsOf}
      columns={columns}
      nameOf={(room) => room.number}
      blocker={roomTypes.length === 0 ? t('baseData.rooms.needsRoomType') : null}
      filters={
        <Field label={t('baseData.rooms.roomType')} className="max-w-xs">
          <Select value={roomTypeId} onChange={(event) => changeParam(roomTypeParam, event.target.value)}>
            <option value="">{t('baseData.rooms.allRoomTypes')}</option>
            <RoomTypeOptions roomTypes={roomTypes} />
          </Select>
        </Field>
      }
      renderDialog={(dialog) => (
        <RoomDialog
          {...dialog}
          roomTypes={roomTypes}
          roomTypeId={roomTypeId || defaultRoomTypeId(roomTypes)}
        />
      )}
    />
  );
}
