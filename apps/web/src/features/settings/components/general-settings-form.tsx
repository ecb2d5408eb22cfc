import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZGeneralSettings, type TGeneralSettings } from '@pms/contract/settings';
import { emptyTo, zodFormResolver } from '../../../lib/form.ts';
import { CardForm } from '../../../ui/card-form.tsx';
import { CheckboxField, Field, Input, Textarea } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateGeneralSettings } from '../api/update-general-settings.ts';

const ZGeneralSettingsForm = ZGeneralSettings.extend({
  propertyInfoUrl: emptyTo(null, ZGeneralSettings.shape.propertyInfoUrl),
  linkEmailSubject: emptyTo(null, ZGeneralSettings.shape.linkEmailSubject),
  linkEmailBody: emptyTo(null, ZGeneralSettings.shape.linkEmailBody),
});

function toFormValues(settings: TGeneralSettings) {
  return {
    ...settings,
    propertyInfoUrl: settings.propertyInfoUrl ?? '',
    linkEmailSubject: settings.linkEmailSubject ?? '',
    linkEmailBody: settings.linkEmailBody ?? '',
  };
}

export function GeneralSettingsForm({ settings }: { settings: TGeneralSettings }) {
  const { t } = useTranslation();
  const updateSettings = useUpdateGeneralSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodFormResolver(ZGeneralSettingsForm), defaultValues: toFormValues(settings) });

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
      title={t('settings.general.title')}
      description={t('settings.general.description')}
      isPending={updateSettings.isPending}
      isDirty={isDirty}
    >
      <div className="space-y-8">
        <fieldset className="space-y-4">
          <legend className="mb-4 text-sm font-semibold text-gray-900">
            {t('settings.general.portalFeatures')}
          </legend>
          <CheckboxField
            label={t('settings.general.featurePreCheckIn')}
            description={t('settings.general.featurePreCheckInHint')}
            {...register('featurePreCheckIn')}
          />
          <CheckboxField
            label={t('settings.general.featurePayment')}
            description={t('settings.general.featurePaymentHint')}
            {...register('featurePayment')}
          />
          <CheckboxField
            label={t('settings.general.featureCheckInJack')}
            description={t('settings.general.featureCheckInJackHint')}
            {...register('featureCheckInJack')}
          />
        </fieldset>
        <Field
          label={t('settings.general.propertyInfoUrl')}
          description={t('settings.general.propertyInfoUrlHint')}
          error={errors.propertyInfoUrl?.message}
          className="max-w-xl"
        >
          <Input type="url" placeholder="https://" {...register('propertyInfoUrl')} />
        </Field>
        <fieldset className="space-y-4">
          <legend className="mb-4 text-sm font-semibold text-gray-900">
            {t('settings.general.confirmationEmail')}
          </legend>
          <CheckboxField
            label={t('settings.general.sendConfirmationOnCreate')}
            description={t('settings.general.sendConfirmationOnCreateHint')}
            {...register('sendConfirmationOnCreate')}
          />
        </fieldset>
        <fieldset className="max-w-xl space-y-5">
          <legend className="mb-1 text-sm font-semibold text-gray-900">
            {t('settings.general.linkEmail')}
          </legend>
          <p className="text-sm text-gray-500">{t('settings.general.linkEmailHint')}</p>
          <Field label={t('settings.general.linkEmailSubject')} error={errors.linkEmailSubject?.message}>
            <Input {...register('linkEmailSubject')} />
          </Field>
          <Field label={t('settings.general.linkEmailBody')} error={errors.linkEmailBody?.message}>
            <Textarea rows={8} {...register('linkEmailBody')} />
          </Field>
        </fieldset>
      </div>
    </CardForm>
  );
}
