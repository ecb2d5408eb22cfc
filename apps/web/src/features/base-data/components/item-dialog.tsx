import { useTranslation } from 'react-i18next';
import {
  itemTypes,
  ZCreateItemRequest,
  ZUpdateItemRequest,
  type TItem,
  type TTaxRate,
} from '@pms/contract/base-data';
import { Alert } from '../../../ui/alert.tsx';
import { CheckboxField, Field, Input, Select } from '../../../ui/field.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { moneyInput, textOrNull, toMoneyInput } from '../../../lib/form-inputs.ts';
import { useTaxRateLabel } from '../../../shared/base-data/index.ts';
import { OptionalLabel } from './optional-label.tsx';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

// The overnight item has no price (the rates set it); every other item needs one.
const ZOvernightItemForm = ZUpdateItemRequest.extend({
  amount: moneyInput(ZUpdateItemRequest.shape.amount, null),
  bookingText: textOrNull(ZUpdateItemRequest.shape.bookingText),
  accountNumber: textOrNull(ZUpdateItemRequest.shape.accountNumber),
  externalId: textOrNull(ZUpdateItemRequest.shape.externalId),
});
const ZItemForm = ZOvernightItemForm.refine((item) => item.amount !== null, {
  path: ['amount'],
  message: 'required',
});

const overnightTypes = ['accommodation'] as const;

type TItemDialogProps = TDialogState<TItem> & { taxRates: readonly TTaxRate[] };

export function ItemDialog({ open, record, onClose, taxRates }: TItemDialogProps) {
  const { t, i18n } = useTranslation();
  const taxRateLabel = useTaxRateLabel();
  const isOvernight = record?.isOvernight ?? false;
  return (
    <RecordDialog
      kind="items"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={isOvernight ? ZOvernightItemForm : ZItemForm}
      defaultValues={{
        name: record?.name ?? '',
        type: record?.type ?? 'food_and_beverage',
        active: record?.active ?? true,
        bookOnFollowingDay: record?.bookOnFollowingDay ?? false,
        bookingText: record?.bookingText ?? '',
        amount: toMoneyInput(record?.amount ?? null, i18n.language),
        taxRateId: record?.taxRateId ?? taxRates[0]?.id ?? '',
        accountNumber: record?.accountNumber ?? '',
        externalId: record?.externalId ?? '',
      }}
      save={(values) =>
        record
          ? updateRecord(collections.items, record.id, values)
          : createRecord(collections.items, ZCreateItemRequest.parse(values))
      }
    >
      {({ register, formState: { errors } }) => (
        <>
          {isOvernight && <Alert type="info">{t('baseData.items.overnightHint')}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('baseData.items.name')} error={errors.name?.message} className="sm:col-span-2">
              <Input autoComplete="off" {...register('name')} />
            </Field>
            <Field label={t('baseData.items.type')} error={errors.type?.message}>
              <Select {...register('type')}>
                {(isOvernight ? overnightTypes : itemTypes).map((type) => (
                  <option key={type} value={type}>
                    {t(`baseData.items.types.${type}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {!isOvernight && (
              <Field
                label={t('baseData.items.price')}
                description={t('baseData.amountHint')}
                error={errors.amount?.message}
              >
                <MoneyInput {...register('amount')} />
              </Field>
            )}
            <Field label={t('baseData.items.taxRate')} error={errors.taxRateId?.message}>
              <Select {...register('taxRateId')}>
                {taxRates.map((taxRate) => (
                  <option key={taxRate.id} value={taxRate.id}>
                    {taxRateLabel(taxRate)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <CheckboxField
            label={t('baseData.items.active')}
            description={t('baseData.items.activeHint')}
            {...register('active')}
          />
          <CheckboxField
            label={t('baseData.items.bookOnFollowingDay')}
            description={t('baseData.items.bookOnFollowingDayHint')}
            {...register('bookOnFollowingDay')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={<OptionalLabel>{t('baseData.items.bookingText')}</OptionalLabel>}
              error={errors.bookingText?.message}
              className="sm:col-span-2"
            >
              <Input autoComplete="off" {...register('bookingText')} />
            </Field>
            <Field
              label={<OptionalLabel>{t('baseData.items.accountNumber')}</OptionalLabel>}
              error={errors.accountNumber?.message}
            >
              <Input autoComplete="off" {...register('accountNumber')} />
            </Field>
            <Field
              label={<OptionalLabel>{t('baseData.items.externalId')}</OptionalLabel>}
              error={errors.externalId?.message}
            >
              <Input autoComplete="off" {...register('externalId')} />
            </Field>
          </div>
        </>
      )}
    </RecordDialog>
  );
}
