import { useTranslation } from 'react-i18next';
import {
  rateItemFrequencies,
  rateItemUnits,
  ZRateItemRequest,
  type TItem,
  type TRate,
  type TRateItem,
} from '@pms/contract/base-data';
import { CheckboxField, Field, Select } from '../../../ui/field.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { moneyInput, toMoneyInput } from '../../../lib/form-inputs.ts';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

const ZRateItemForm = ZRateItemRequest.extend({ amount: moneyInput(ZRateItemRequest.shape.amount) });

type TRateItemDialogProps = TDialogState<TRateItem> & {
  rate: TRate;
  /** The items a rate may book: every item but the overnight one. */
  items: readonly TItem[];
};

export function RateItemDialog({ open, record, onClose, rate, items }: TRateItemDialogProps) {
  const { t, i18n } = useTranslation();
  const rateItems = collections.rateItems(rate.id);
  return (
    <RecordDialog
      kind="rateItems"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZRateItemForm}
      defaultValues={{
        itemId: record?.itemId ?? items[0]?.id ?? '',
        unit: record?.unit ?? 'person',
        frequency: record?.frequency ?? 'daily',
        amount: toMoneyInput(record?.amount ?? null, i18n.language),
        inclusive: record?.inclusive ?? true,
      }}
      save={(values) =>
        record ? updateRecord(rateItems, record.id, values) : createRecord(rateItems, values)
      }
    >
      {({ register, formState: { errors } }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={t('baseData.rateItems.item')}
              error={errors.itemId?.message}
              className="sm:col-span-2"
            >
              <Select {...register('itemId')}>
                {items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('baseData.rateItems.unit')} error={errors.unit?.message}>
              <Select {...register('unit')}>
                {rateItemUnits.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`baseData.rateItems.units.${unit}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('baseData.rateItems.frequency')} error={errors.frequency?.message}>
              <Select {...register('frequency')}>
                {rateItemFrequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`baseData.rateItems.frequencies.${frequency}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={t('baseData.rateItems.amount')}
              description={t('baseData.rateItems.amountHint')}
              error={errors.amount?.message}
            >
              <MoneyInput {...register('amount')} />
            </Field>
          </div>
          <CheckboxField
            label={t('baseData.rateItems.inclusive')}
            description={t('baseData.rateItems.inclusiveHint')}
            {...register('inclusive')}
          />
        </>
      )}
    </RecordDialog>
  );
}
