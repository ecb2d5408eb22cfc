import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { housekeepingStatuses, ZCreateRoomLockRequest, type TRoomLock } from '@pms/contract/room-plan';
import { errorMessage } from '../../lib/error-message.ts';
import { emptyTo, zodFormResolver } from '../../lib/form.ts';
import { usePropertyToday } from '../../lib/property-today.ts';
import { Alert } from '../../ui/alert.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { ModalFormActions } from '../../ui/modal-form.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useBaseData } from '../base-data/index.ts';
import { useCreateRoomLock } from './create-room-lock.ts';
import { useUpdateRoomLock } from './update-room-lock.ts';

const ZRoomLockForm = ZCreateRoomLockRequest.extend({
  roomId: emptyTo(undefined, ZCreateRoomLockRequest.shape.roomId),
});

function HousekeepingOptions() {
  const { t } = useTranslation();
  return housekeepingStatuses.map((status) => (
    <option key={status} value={status}>
      {t(`housekeeping.statuses.${status}`)}
    </option>
  ));
}

type TBaseData = NonNullable<ReturnType<typeof useBaseData>['data']>;

function RoomOptions({ baseData }: { baseData: TBaseData }) {
  const { t } = useTranslation();
  const typeNames = new Map(baseData.roomTypes.map((roomType) => [roomType.id, roomType.name]));
  return (
    <>
      <option value="">{t('roomLocks.chooseRoom')}</option>
      {baseData.rooms.map((room) => (
        <option key={room.id} value={room.id}>
          {room.number} · {typeNames.get(room.roomTypeId)}
        </option>
      ))}
    </>
  );
}

type TRoomLockFormProps = { lock: TRoomLock | null; baseData: TBaseData; onClose: () => void };

/** The form mounts once the rooms are there, so that the select starts on the lock's room. */
function RoomLockForm({ lock, baseData, onClose }: TRoomLockFormProps) {
  const { t } = useTranslation();
  const today = usePropertyToday();
  const createRoomLock = useCreateRoomLock();
  const updateRoomLock = useUpdateRoomLock();
  const mutation = lock ? updateRoomLock : createRoomLock;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZRoomLockForm),
    defaultValues: {
      roomId: lock?.roomId ?? '',
      startDate: lock?.startDate ?? today,
      endDate: lock?.endDate ?? today,
      reason: lock?.reason ?? '',
      statusAfterStart: lock?.statusAfterStart ?? 'out_of_service',
      statusAfterEnd: lock?.statusAfterEnd ?? 'dirty',
    },
  });
  const startDate = useWatch({ control, name: 'startDate' });

  const save = handleSubmit((values) => {
    const onSuccess = () => {
      toast.success(t(lock ? 'roomLocks.saved' : 'roomLocks.created'));
      onClose();
    };
    if (lock) updateRoomLock.mutate({ id: lock.id, changes: values }, { onSuccess });
    else createRoomLock.mutate(values, { onSuccess });
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      {mutation.isError && <Alert type="error">{errorMessage(mutation.error)}</Alert>}
      <Field label={t('roomLocks.room')} error={errors.roomId?.message}>
        <Select {...register('roomId')}>
          <RoomOptions baseData={baseData} />
        </Select>
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('roomLocks.startDate')} error={errors.startDate?.message}>
          <DateInput {...register('startDate')} />
        </Field>
        <Field label={t('roomLocks.endDate')} error={errors.endDate?.message}>
          <DateInput min={startDate} {...register('endDate')} />
        </Field>
      </div>
      <Field label={t('roomLocks.reason')} error={errors.reason?.message}>
        <Input autoComplete="off" {...register('reason')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('roomLocks.statusAfterStart')} error={errors.statusAfterStart?.message}>
          <Select {...register('statusAfterStart')}>
            <HousekeepingOptions />
          </Select>
        </Field>
        <Field label={t('roomLocks.statusAfterEnd')} error={errors.statusAfterEnd?.message}>
          <Select {...register('statusAfterEnd')}>
            <HousekeepingOptions />
          </Select>
        </Field>
      </div>
      <ModalFormActions
        onCancel={onClose}
        submitLabel={lock ? t('common.save') : t('common.create')}
        isPending={mutation.isPending}
      />
    </form>
  );
}

/** The dialog's content, which asks for the base data only once the dialog is open. */
export function RoomLockDialogBody({ lock, onClose }: { lock: TRoomLock | null; onClose: () => void }) {
  const baseData = useBaseData();
  if (baseData.data)
    return <RoomLockForm key={lock?.id ?? 'new'} lock={lock} baseData={baseData.data} onClose={onClose} />;
  if (baseData.isError) return <ErrorState error={baseData.error} onRetry={() => void baseData.refetch()} />;
  return <Spinner />;
}
