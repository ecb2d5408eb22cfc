import { useTranslation } from 'react-i18next';
import { ZCreateRoomRequest, ZUpdateRoomRequest, type TRoom, type TRoomType } from '@pms/contract/base-data';
import { housekeepingStatuses, ZHousekeepingState } from '@pms/contract/room-plan';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { updateHousekeepingStatus } from '../api/update-housekeeping-status.ts';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';
import { RoomTypeOptions } from './room-type-options.tsx';

// A new room takes a number or a range; an existing one has one number and a housekeeping status.
const ZNewRoomForm = ZCreateRoomRequest.extend({ housekeepingStatus: ZHousekeepingState });
const ZRoomForm = ZUpdateRoomRequest.extend({ housekeepingStatus: ZHousekeepingState });

type TRoomDialogProps = TDialogState<TRoom> & {
  roomTypes: readonly TRoomType[];
  /** The room type a new room starts with. */
  roomTypeId: string;
};

export function RoomDialog({ open, record, onClose, roomTypes, roomTypeId }: TRoomDialogProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      kind="rooms"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={record ? ZRoomForm : ZNewRoomForm}
      defaultValues={{
        number: record?.number ?? '',
        roomTypeId: record?.roomTypeId ?? roomTypeId,
        housekeepingStatus: record?.housekeepingStatus ?? 'clean',
      }}
      save={async ({ housekeepingStatus, ...room }) => {
        if (!record) return createRecord(collections.rooms, room);
        await updateRecord(collections.rooms, record.id, room);
        if (housekeepingStatus !== record.housekeepingStatus) {
          await updateHousekeepingStatus(record.id, housekeepingStatus);
        }
        return null;
      }}
      savedMessage={(created) =>
        created ? t('baseData.rooms.created', { count: created.data.length }) : t('baseData.rooms.saved')
      }
    >
      {({ register, formState: { errors } }) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={record ? t('baseData.rooms.number') : t('baseData.rooms.numberOrRange')}
            description={record ? undefined : t('baseData.rooms.numberHint')}
            error={errors.number?.message}
            className={record ? undefined : 'sm:col-span-2'}
          >
            <Input autoComplete="off" placeholder={record ? undefined : '101-110'} {...register('number')} />
          </Field>
          <Field label={t('baseData.rooms.roomType')} error={errors.roomTypeId?.message}>
            <Select {...register('roomTypeId')}>
              <RoomTypeOptions roomTypes={roomTypes} />
            </Select>
          </Field>
          {record && (
            <Field label={t('baseData.rooms.housekeepingStatus')} error={errors.housekeepingStatus?.message}>
              <Select {...register('housekeepingStatus')}>
                {housekeepingStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`baseData.rooms.statuses.${status}`)}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </div>
      )}
    </RecordDialog>
  );
}
