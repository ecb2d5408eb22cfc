import { useTranslation } from 'react-i18next';
import { ZTaxRateFields, type TTaxRate } from '@pms/contract/base-data';
import { Field, Input } from '../../../ui/field.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { decimalInput, textOrNull, toDecimalInput } from '../../../lib/form-inputs.ts';
import { OptionalLabel } from './optional-label.tsx';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

const ZTaxRateForm = ZTaxRateFields.extend({
  percentage: decimalInput(ZTaxRateFields.shape.percentage),
  accountNumber: textOrNull(ZTaxRateFields.shape.accountNumber),
  taxCode: textOrNull(ZTaxRateFields.shape.taxCode),
});

export function TaxRateDialog({ open, record, onClose }: TDialogState<TTaxRate>) {
  const { t, i18n } = useTranslation();
  return (
    <RecordDialog
      kind="taxRates"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZTaxRateForm}
      defaultValues={{
        name: record?.name ?? '',
        percentage: record ? toDecimalInput(record.percentage, i18n.language) : '',
        accountNumber: record?.accountNumber ?? '',
        taxCode: record?.taxCode ?? '',
      }}
      save={(values) =>
        record
          ? updateRecord(collections.taxRates, record.id, values)
          : createRecord(collections.taxRates, values)
      }
    >
      {({ register, formState: { errors } }) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('baseData.taxRates.name')} error={errors.name?.message}>
            <Input autoComplete="off" {...register('name')} />
          </Field>
          <Field
            label={t('baseData.taxRates.percentage')}
            description={t('baseData.taxRates.percentageHint')}
            error={errors.percentage?.message}
          >
            <Input inputMode="decimal" autoComplete="off" placeholder="10" {...register('percentage')} />
          </Field>
          <Field
            label={<OptionalLabel>{t('baseData.taxRates.accountNumber')}</OptionalLabel>}
            error={errors.accountNumber?.message}
          >
            <Input autoComplete="off" {...register('accountNumber')} />
          </Field>
          <Field
            label={<OptionalLabel>{t('baseData.taxRates.taxCode')}</OptionalLabel>}
            error={errors.taxCode?.message}
          >
            <Input autoComplete="off" {...register('taxCode')} />
          </Field>
        </div>
      )}
    </RecordDialog>
  );
}
