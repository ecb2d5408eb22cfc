import { useTranslation } from 'react-i18next';
import { ZCreateLevyRequest, type TLevyRecord } from '@pms/contract/local-tax';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { CheckboxField, Field, Input, Select } from '../../../ui/field.tsx';
import { levyCollection } from '../api/local-tax.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

/** A levy: its name, the local tax item its charges are posted with, and whether stays are charged it. */
export function LevyDialog({ open, record, onClose }: TDialogState<TLevyRecord>) {
  const { t } = useTranslation();
  const localTaxItems = (useBaseData().data?.items ?? []).filter((item) => item.type === 'local_tax');
  return (
    <RecordDialog
      kind="localTax"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZCreateLevyRequest}
      defaultValues={{
        name: record?.name ?? '',
        itemId: record?.itemId ?? localTaxItems[0]?.id ?? '',
        active: record?.active ?? true,
      }}
      save={(values) =>
        record ? updateRecord(levyCollection, record.id, values) : createRecord(levyCollection, values)
      }
    >
      {({ register, formState: { errors } }) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('baseData.localTax.name')} error={errors.name?.message}>
            <Input autoComplete="off" {...register('name')} />
          </Field>
          <Field
            label={t('baseData.localTax.item')}
            description={t('baseData.localTax.itemHint')}
            error={errors.itemId?.message}
          >
            <Select {...register('itemId')}>
              {localTaxItems.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </Select>
          </Field>
          <CheckboxField
            className="sm:col-span-2"
            label={t('baseData.localTax.active')}
            description={t('baseData.localTax.activeHint')}
            {...register('active')}
          />
        </div>
      )}
    </RecordDialog>
  );
}
