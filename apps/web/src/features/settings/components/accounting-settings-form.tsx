import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZAccountingSettings, type TAccountingSettings } from '@pms/contract/settings';
import { zodFormResolver } from '../../../lib/form.ts';
import { dateFormatter } from '../../../lib/format-date.ts';
import { CardForm } from '../../../ui/card-form.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateAccountingSettings } from '../api/update-accounting-settings.ts';

/** A whole number typed into a text field; empty means `null` where the setting is optional. */
const wholeNumber = <TSchema extends z.ZodType>(schema: TSchema) =>
  z.preprocess((value) => (value === '' ? null : Number(value)), schema);

const ZAccountingSettingsForm = ZAccountingSettings.extend({
  adviserNumber: wholeNumber(ZAccountingSettings.shape.adviserNumber),
  clientNumber: wholeNumber(ZAccountingSettings.shape.clientNumber),
  fiscalYearStartMonth: wholeNumber(ZAccountingSettings.shape.fiscalYearStartMonth),
  accountLength: wholeNumber(ZAccountingSettings.shape.accountLength),
});

/** Text fields hold the numbers as typed. */
function toFormValues(settings: TAccountingSettings): Record<keyof TAccountingSettings, string> {
  return {
    adviserNumber: settings.adviserNumber?.toString() ?? '',
    clientNumber: settings.clientNumber?.toString() ?? '',
    fiscalYearStartMonth: String(settings.fiscalYearStartMonth),
    accountLength: String(settings.accountLength),
    receivablesAccount: settings.receivablesAccount,
  };
}

const months = Array.from({ length: 12 }, (_, index) => index + 1);

/** The accounting export's settings: DATEV adviser and client number, fiscal year, accounts. */
export function AccountingSettingsForm({ settings }: { settings: TAccountingSettings }) {
  const { t, i18n } = useTranslation();
  const updateSettings = useUpdateAccountingSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodFormResolver(ZAccountingSettingsForm),
    defaultValues: toFormValues(settings),
  });
  const monthName = (month: number) =>
    dateFormatter(i18n.language, { month: 'long' })(`2000-${String(month).padStart(2, '0')}-01`);

  const save = handleSubmit((values) =>
    updateSettings.mutate(values, {
      onSuccess: (saved) => {
        reset(toFormValues(saved));
        toast.success(t('settings.saved'));
      },
    }),
  );

  return (
    <CardForm
      onSubmit={save}
      title={t('settings.accounting.title')}
      description={t('settings.accounting.description')}
      isPending={updateSettings.isPending}
      isDirty={isDirty}
    >
      <div className="grid max-w-xl gap-5 sm:grid-cols-2">
        <Field
          label={t('settings.accounting.adviserNumber')}
          description={t('settings.accounting.adviserNumberHint')}
          error={errors.adviserNumber?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('adviserNumber')} />
        </Field>
        <Field
          label={t('settings.accounting.clientNumber')}
          description={t('settings.accounting.clientNumberHint')}
          error={errors.clientNumber?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('clientNumber')} />
        </Field>
        <Field
          label={t('settings.accounting.fiscalYearStartMonth')}
          error={errors.fiscalYearStartMonth?.message}
        >
          <Select {...register('fiscalYearStartMonth')}>
            {months.map((month) => (
              <option key={month} value={month}>
                {monthName(month)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('settings.accounting.accountLength')}
          description={t('settings.accounting.accountLengthHint')}
          error={errors.accountLength?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...register('accountLength')} />
        </Field>
        <Field
          label={t('settings.accounting.receivablesAccount')}
          description={t('settings.accounting.receivablesAccountHint')}
          error={errors.receivablesAccount?.message}
          className="sm:col-span-2"
        >
          <Input inputMode="numeric" autoComplete="off" {...register('receivablesAccount')} />
        </Field>
      </div>
    </CardForm>
  );
}
