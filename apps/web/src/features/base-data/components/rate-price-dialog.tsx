import { useTranslation } from 'react-i18next';
import { ZRatePriceRequest, type TRate, type TRatePrice, type TRoomType } from '@pms/contract/base-data';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { moneyInput, toMoneyInput } from '../../../lib/form-inputs.ts';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';
import { defaultRoomTypeId, RoomTypeOptions } from './room-type-options.tsx';

const ZRatePriceForm = ZRatePriceRequest.extend({ amount: moneyInput(ZRatePriceRequest.shape.amount) });

type TRatePriceDialogProps = TDialogState<TRatePrice> & { rate: TRate; roomTypes: readonly TRoomType[] };

/** A rate's price for one room type and occupancy; the server refuses a pair that has one already. */
export function RatePriceDialog({ open, record, onClose, rate, roomTypes }: TRatePriceDialogProps) {
  const { t, i18n } = useTranslation();
  const prices = collections.ratePrices(rate.id);
  const initialRoomTypeId = record?.roomTypeId ?? defaultRoomTypeId(roomTypes);
  return (
    <RecordDialog
      kind="ratePrices"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZRatePriceForm}
      defaultValues={{
        roomTypeId: initialRoomTypeId,
        occupancy:
          record?.occupancy ??
          roomTypes.find((roomType) => roomType.id === initialRoomTypeId)?.maxOccupancy ??
          2,
        amount: toMoneyInput(record?.amount ?? null, i18n.language),
      }}
      save={(values) => (record ? updateRecord(prices, record.id, values) : createRecord(prices, values))}
    >
      {({ register, watch, formState: { errors } }) => {
        const roomType = roomTypes.find((candidate) => candidate.id === watch('roomTypeId'));
        return (
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={t('baseData.ratePrices.roomType')}
              error={errors.roomTypeId?.message}
              className="sm:col-span-2"
            >
              <Select {...register('roomTypeId')}>
                <RoomTypeOptions roomTypes={roomTypes} />
              </Select>
            </Field>
            <Field
              label={t('baseData.ratePrices.occupancy')}
              description={
                roomType &&
                t('baseData.ratePrices.occupancyHint', {
                  min: roomType.minOccupancy,
                  max: roomType.maxOccupancy,
                })
              }
              error={errors.occupancy?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={roomType?.minOccupancy ?? 1}
                max={roomType?.maxOccupancy}
                {...register('occupancy', { valueAsNumber: true })}
              />
            </Field>
            <Field
              label={t('baseData.ratePrices.amount')}
              description={t('baseData.amountHint')}
              error={errors.amount?.message}
            >
              <MoneyInput {...register('amount')} />
            </Field>
          </div>
        );
      }}
    </RecordDialog>
  );
}
