import { useTranslation } from 'react-i18next';
import type { TRoomType } from '@pms/contract/base-data';
import { Badge } from '../../../ui/badge.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { collections } from '../api/base-data-collections.ts';
import { RecordList } from '../components/record-list.tsx';
import { RoomTypeDialog } from '../components/room-type-dialog.tsx';

export function RoomTypesRoute() {
  const { t } = useTranslation();
  const columns: TColumn<TRoomType>[] = [
    {
      id: 'name',
      header: t('baseData.roomTypes.name'),
      cell: (roomType) => (
        <span className="flex items-center gap-2 font-medium text-gray-900">
          {roomType.name}
          {roomType.isDefault && <Badge color="primary">{t('baseData.roomTypes.default')}</Badge>}
        </span>
      ),
    },
    {
      id: 'code',
      header: t('baseData.roomTypes.code'),
      cell: (roomType) => <code className="font-mono text-xs">{roomType.code}</code>,
    },
    { id: 'capacity', header: t('baseData.roomTypes.capacity'), cell: (roomType) => roomType.capacity },
    {
      id: 'occupancy',
      header: t('baseData.roomTypes.occupancy'),
      cell: (roomType) => (
        <span className="whitespace-nowrap">
          {t('baseData.roomTypes.occupancyRange', { min: roomType.minOccupancy, max: roomType.maxOccupancy })}
        </span>
      ),
    },
    {
      id: 'externalId',
      header: t('baseData.roomTypes.externalId'),
      cell: (roomType) => roomType.externalId,
    },
  ];

  return (
    <RecordList
      kind="roomTypes"
      collection={collections.roomTypes}
      rowsOf={(baseData) => baseData.roomTypes}
      columns={columns}
      nameOf={(roomType) => roomType.name}
      renderDialog={(dialog) => <RoomTypeDialog {...dialog} />}
    />
  );
}
