import { useQueryClient } from '@tanstack/react-query';
import { useController, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cashRegisterCountries, fiscalAdapters, type TCashRegister } from '@pms/contract/cash';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { invalidateAfter } from '../../../shared/query-keys/index.ts';
import { Alert } from '../../../ui/alert.tsx';
import { CheckboxField, Field, Input, Select } from '../../../ui/field.tsx';
import { createCashRegister, updateCashRegister } from '../api/cash-registers.ts';
import {
  canSimulateFailure,
  cashRegisterFormSchema,
  toCashRegisterForm,
  toCreateRequest,
  toUpdateRequest,
  type TCashRegisterForm,
} from './cash-register-form.ts';
import { OptionalLabel } from './optional-label.tsx';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

/** The payment methods a register signs, one checkbox each. */
function PaymentMethodChoice({ control }: { control: Control<TCashRegisterForm> }) {
  const { t } = useTranslation();
  const methods = useBaseData().data?.paymentMethods ?? [];
  const { field, fieldState } = useController({ control, name: 'paymentMethodIds' });
  const toggle = (id: string, isChecked: boolean) =>
    field.onChange(isChecked ? [...field.value, id] : field.value.filter((item) => item !== id));
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-gray-800">
        {t('baseData.cashRegisters.paymentMethods')}
      </legend>
      <p className="mt-1 text-xs text-gray-500">{t('baseData.cashRegisters.paymentMethodsHint')}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {methods.map((method) => {
          // The kind beneath the name, unless the name says it already ("Bar" is cash).
          const kind = t(`baseData.paymentMethods.kinds.${method.kind}`);
          return (
            <CheckboxField
              key={method.id}
              label={method.name}
              description={kind === method.name ? undefined : kind}
              checked={field.value.includes(method.id)}
              onChange={(event) => toggle(method.id, event.target.checked)}
            />
          );
        })}
      </div>
      {fieldState.error?.message && <p className="mt-2 text-sm text-red-600">{fieldState.error.message}</p>}
    </fieldset>
  );
}

/** Cash registers in the base data: the law, the signing adapter, the methods signed and fiskaly's access. */
export function CashRegisterDialog({ open, record, onClose }: TDialogState<TCashRegister>) {
  const queryClient = useQueryClient();
  const hasStoredCredentials = record?.hasCredentials ?? false;

  const save = async (values: TCashRegisterForm) => {
    const saved = record
      ? await updateCashRegister(record.id, toUpdateRequest(values))
      : await createCashRegister(toCreateRequest(values));
    await invalidateAfter(queryClient, 'cash');
    return saved;
  };

  return (
    <RecordDialog
      kind="cashRegisters"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={cashRegisterFormSchema(hasStoredCredentials)}
      defaultValues={toCashRegisterForm(record)}
      save={save}
    >
      {(form) => (
        <CashRegisterFields isNew={!record} hasStoredCredentials={hasStoredCredentials} form={form} />
      )}
    </RecordDialog>
  );
}

type TFieldsProps = {
  isNew: boolean;
  hasStoredCredentials: boolean;
  form: UseFormReturn<TCashRegisterForm, unknown, TCashRegisterForm>;
};

/** The register's fields; fiskaly's credentials only when fiskaly signs, the failure switch only where it can. */
function CashRegisterFields({ isNew, hasStoredCredentials, form }: TFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [country, adapter] = useWatch({ control, name: ['country', 'adapter'] });
  const credentialErrors = errors.credentials;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label={t('baseData.cashRegisters.name')} error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <Field
        label={t('baseData.cashRegisters.cashBoxId')}
        description={t('baseData.cashRegisters.cashBoxIdHint')}
        error={errors.cashBoxId?.message}
      >
        <Input autoComplete="off" className="font-mono" disabled={!isNew} {...register('cashBoxId')} />
      </Field>
      <Field label={t('baseData.cashRegisters.country')} error={errors.country?.message}>
        <Select disabled={!isNew} {...register('country')}>
          {cashRegisterCountries.map((option) => (
            <option key={option} value={option}>
              {t(`baseData.cashRegisters.countries.${option}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('baseData.cashRegisters.adapter')} error={errors.adapter?.message}>
        <Select disabled={!isNew} {...register('adapter')}>
          {fiscalAdapters.map((option) => (
            <option key={option} value={option}>
              {t(`baseData.cashRegisters.adapters.${option}`)}
            </option>
          ))}
        </Select>
      </Field>
      {!isNew && (
        <p className="-mt-2 text-xs text-gray-500 sm:col-span-2">{t('baseData.cashRegisters.fixedHint')}</p>
      )}
      <PaymentMethodChoice control={control} />
      <CheckboxField
        className="sm:col-span-2"
        label={t('baseData.cashRegisters.isTraining')}
        description={t('baseData.cashRegisters.isTrainingHint')}
        {...register('isTraining')}
      />
      {!isNew && canSimulateFailure({ country, adapter }) && (
        <CheckboxField
          className="sm:col-span-2"
          label={t('baseData.cashRegisters.isDeviceFailed')}
          description={t('baseData.cashRegisters.isDeviceFailedHint')}
          {...register('isDeviceFailed')}
        />
      )}
      {adapter === 'fiskaly' && (
        <fieldset className="grid gap-5 rounded-lg bg-gray-50 p-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="sr-only">{t('baseData.cashRegisters.credentials')}</legend>
          <div className="sm:col-span-2">
            <Alert type="info" title={t('baseData.cashRegisters.credentials')}>
              {t(
                hasStoredCredentials
                  ? 'baseData.cashRegisters.credentialsStored'
                  : 'baseData.cashRegisters.credentialsHint',
              )}
            </Alert>
          </div>
          <Field label={t('baseData.cashRegisters.apiKey')} error={credentialErrors?.apiKey?.message}>
            <Input autoComplete="off" {...register('credentials.apiKey')} />
          </Field>
          <Field label={t('baseData.cashRegisters.apiSecret')} error={credentialErrors?.apiSecret?.message}>
            <Input type="password" autoComplete="new-password" {...register('credentials.apiSecret')} />
          </Field>
          <Field
            label={t(`baseData.cashRegisters.registerId${country}`)}
            error={credentialErrors?.registerId?.message}
          >
            <Input autoComplete="off" className="font-mono" {...register('credentials.registerId')} />
          </Field>
          <Field
            label={<OptionalLabel>{t(`baseData.cashRegisters.clientId${country}`)}</OptionalLabel>}
            error={credentialErrors?.clientId?.message}
          >
            <Input autoComplete="off" className="font-mono" {...register('credentials.clientId')} />
          </Field>
          <Field
            label={<OptionalLabel>{t('baseData.cashRegisters.baseUrl')}</OptionalLabel>}
            description={t('baseData.cashRegisters.baseUrlHint')}
            error={credentialErrors?.baseUrl?.message}
            className="sm:col-span-2"
          >
            <Input type="url" autoComplete="off" {...register('credentials.baseUrl')} />
          </Field>
        </fieldset>
      )}
    </div>
  );
}
