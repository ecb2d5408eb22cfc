import { useTranslation } from 'react-i18next';
import { ZCreateRoomTypeRequest, type TRoomType } from '@pms/contract/base-data';
import { CheckboxField, Field, Input } from '../../../ui/field.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { textOrNull } from '../../../lib/form-inputs.ts';
import { OptionalLabel } from './optional-label.tsx';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

const ZRoomTypeForm = ZCreateRoomTypeRequest.safeExtend({
  externalId: textOrNull(ZCreateRoomTypeRequest.shape.externalId),
});

export function RoomTypeDialog({ open, record, onClose }: TDialogState<TRoomType>) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      kind="roomTypes"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZRoomTypeForm}
      defaultValues={{
        name: record?.name ?? '',
        code: record?.code ?? '',
        capacity: record?.capacity ?? 2,
        minOccupancy: record?.minOccupancy ?? 1,
        maxOccupancy: record?.maxOccupancy ?? 2,
        isDefault: record?.isDefault ?? false,
        externalId: record?.externalId ?? '',
      }}
      save={(values) =>
        record
          ? updateRecord(collections.roomTypes, record.id, values)
          : createRecord(collections.roomTypes, values)
      }
    >
      {({ register, formState: { errors } }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field
              label={t('baseData.roomTypes.name')}
              error={errors.name?.message}
              className="sm:col-span-2"
            >
              <Input autoComplete="off" {...register('name')} />
            </Field>
            <Field label={t('baseData.roomTypes.code')} error={errors.code?.message}>
              <Input autoComplete="off" className="uppercase" {...register('code')} />
            </Field>
            <Field
              label={t('baseData.roomTypes.capacity')}
              description={t('baseData.roomTypes.capacityHint')}
              error={errors.capacity?.message}
            >
              <Input
                type="number"
                min={1}
                inputMode="numeric"
                {...register('capacity', { valueAsNumber: true })}
              />
            </Field>
            <Field label={t('baseData.roomTypes.minOccupancy')} error={errors.minOccupancy?.message}>
              <Input
                type="number"
                min={1}
                inputMode="numeric"
                {...register('minOccupancy', { valueAsNumber: true })}
              />
            </Field>
            <Field
              label={t('baseData.roomTypes.maxOccupancy')}
              error={
                errors.maxOccupancy?.type === 'custom'
                  ? t('baseData.roomTypes.maxBelowMin')
                  : errors.maxOccupancy?.message
              }
            >
              <Input
                type="number"
                min={1}
                inputMode="numeric"
                {...register('maxOccupancy', { valueAsNumber: true })}
              />
            </Field>
          </div>
          <CheckboxField
            label={t('baseData.roomTypes.isDefault')}
            description={t('baseData.roomTypes.isDefaultHint')}
            {...register('isDefault')}
          />
          <Field
            label={<OptionalLabel>{t('baseData.roomTypes.externalId')}</OptionalLabel>}
            error={errors.externalId?.message}
          >
            <Input autoComplete="off" {...register('externalId')} />
          </Field>
        </>
      )}
    </RecordDialog>
  );
}
