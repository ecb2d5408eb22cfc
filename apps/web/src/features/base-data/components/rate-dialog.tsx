import { useTranslation } from 'react-i18next';
import { ZCreateRateRequest, type TRate } from '@pms/contract/base-data';
import { CheckboxField, Field, Input } from '../../../ui/field.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { textOrNull } from '../../../lib/form-inputs.ts';
import { OptionalLabel } from './optional-label.tsx';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

const ZRateForm = ZCreateRateRequest.extend({
  externalId: textOrNull(ZCreateRateRequest.shape.externalId),
});

export function RateDialog({ open, record, onClose }: TDialogState<TRate>) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      kind="rates"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZRateForm}
      defaultValues={{
        name: record?.name ?? '',
        code: record?.code ?? '',
        active: record?.active ?? true,
        isStandard: record?.isStandard ?? false,
        externalId: record?.externalId ?? '',
      }}
      save={(values) =>
        record ? updateRecord(collections.rates, record.id, values) : createRecord(collections.rates, values)
      }
    >
      {({ register, formState: { errors } }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field label={t('baseData.rates.name')} error={errors.name?.message} className="sm:col-span-2">
              <Input autoComplete="off" {...register('name')} />
            </Field>
            <Field label={t('baseData.rates.code')} error={errors.code?.message}>
              <Input autoComplete="off" className="uppercase" {...register('code')} />
            </Field>
          </div>
          <CheckboxField
            label={t('baseData.rates.active')}
            description={t('baseData.rates.activeHint')}
            {...register('active')}
          />
          <CheckboxField
            label={t('baseData.rates.isStandard')}
            description={t('baseData.rates.isStandardHint')}
            {...register('isStandard')}
          />
          <Field
            label={<OptionalLabel>{t('baseData.rates.externalId')}</OptionalLabel>}
            error={errors.externalId?.message}
          >
            <Input autoComplete="off" {...register('externalId')} />
          </Field>
        </>
      )}
    </RecordDialog>
  );
}
