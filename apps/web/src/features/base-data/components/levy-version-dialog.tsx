import { useTranslation } from 'react-i18next';
import type { TLevyRecord, TLevyVersionRecord } from '@pms/contract/local-tax';
import { DateInput } from '../../../ui/date-input.tsx';
import { CheckboxField, Field, Input, Select, Textarea } from '../../../ui/field.tsx';
import { levyVersionCollection } from '../api/local-tax.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { OptionalLabel } from './optional-label.tsx';
import { RecordDialog } from './record-dialog.tsx';
import { levyVersionFormValues, ZLevyVersionForm } from './levy-version-form.ts';

type TLevyVersionDialogProps = {
  open: boolean;
  levy: TLevyRecord;
  version: TLevyVersionRecord | null;
  onClose: () => void;
};

/** A levy's rule from a date: what it charges, who is exempt, how it rounds. */
export function LevyVersionDialog({ open, levy, version, onClose }: TLevyVersionDialogProps) {
  const { t, i18n } = useTranslation();
  const versions = levyVersionCollection(levy.id);
  return (
    <RecordDialog
      kind="levyVersions"
      isNew={!version}
      open={open}
      onClose={onClose}
      schema={ZLevyVersionForm}
      defaultValues={levyVersionFormValues(version, i18n.language)}
      save={(values) =>
        version ? updateRecord(versions, version.id, values) : createRecord(versions, values)
      }
    >
      {({ register, watch, formState: { errors } }) => {
        const isPerPerson = watch('chargeKind') === 'per_person_night';
        const ageAt = watch('ageAt');
        return (
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('baseData.levyVersions.validFrom')} error={errors.validFrom?.message}>
              <DateInput {...register('validFrom')} />
            </Field>
            <Field
              label={<OptionalLabel>{t('baseData.levyVersions.validUntil')}</OptionalLabel>}
              error={errors.validUntil?.message}
            >
              <DateInput {...register('validUntil')} />
            </Field>
            <Field label={t('baseData.levyVersions.chargeKind')} error={errors.chargeKind?.message}>
              <Select {...register('chargeKind')}>
                <option value="per_person_night">
                  {t('baseData.levyVersions.chargeKinds.per_person_night')}
                </option>
                <option value="percent_of_net">
                  {t('baseData.levyVersions.chargeKinds.percent_of_net')}
                </option>
              </Select>
            </Field>
            {isPerPerson ? (
              <Field label={t('baseData.levyVersions.amount')} error={errors.amount?.message}>
                <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
              </Field>
            ) : (
              <>
                <Field label={t('baseData.levyVersions.rate')} error={errors.ratePercent?.message}>
                  <Input inputMode="decimal" autoComplete="off" {...register('ratePercent')} />
                </Field>
                <Field
                  label={<OptionalLabel>{t('baseData.levyVersions.deduction')}</OptionalLabel>}
                  error={errors.deductionPercent?.message}
                >
                  <Input inputMode="decimal" autoComplete="off" {...register('deductionPercent')} />
                </Field>
                <CheckboxField
                  label={t('baseData.levyVersions.withoutBreakfast')}
                  {...register('withoutBreakfast')}
                />
              </>
            )}
            <Field label={t('baseData.levyVersions.ageAt')} error={errors.ageAt?.message}>
              <Select {...register('ageAt')}>
                <option value="">{t('baseData.levyVersions.ageAts.none')}</option>
                <option value="arrival">{t('baseData.levyVersions.ageAts.arrival')}</option>
                <option value="key_date">{t('baseData.levyVersions.ageAts.key_date')}</option>
              </Select>
            </Field>
            {ageAt !== '' && (
              <Field label={t('baseData.levyVersions.ageBelow')} error={errors.ageBelow?.message}>
                <Input inputMode="numeric" autoComplete="off" {...register('ageBelow')} />
              </Field>
            )}
            {ageAt === 'key_date' && (
              <Field
                label={t('baseData.levyVersions.ageKeyDate')}
                description={t('baseData.levyVersions.ageKeyDateHint')}
                error={errors.ageKeyDate?.message}
              >
                <Input autoComplete="off" placeholder="MM-DD" {...register('ageKeyDate')} />
              </Field>
            )}
            <Field label={t('baseData.levyVersions.workStay')} error={errors.workStay?.message}>
              <Select {...register('workStay')}>
                <option value="never">{t('baseData.levyVersions.workStays.never')}</option>
                <option value="exempt">{t('baseData.levyVersions.workStays.exempt')}</option>
                <option value="exempt_after">{t('baseData.levyVersions.workStays.exempt_after')}</option>
              </Select>
            </Field>
            {watch('workStay') === 'exempt_after' && (
              <Field label={t('baseData.levyVersions.workStayNights')} error={errors.workStayNights?.message}>
                <Input inputMode="numeric" autoComplete="off" {...register('workStayNights')} />
              </Field>
            )}
            <Field
              label={<OptionalLabel>{t('baseData.levyVersions.nightCap')}</OptionalLabel>}
              error={errors.nightCap?.message}
            >
              <Input inputMode="numeric" autoComplete="off" {...register('nightCap')} />
            </Field>
            <Field label={t('baseData.levyVersions.rounding')} error={errors.rounding?.message}>
              <Select {...register('rounding')}>
                <option value="per_night">{t('baseData.levyVersions.roundings.per_night')}</option>
                <option value="per_stay">{t('baseData.levyVersions.roundings.per_stay')}</option>
              </Select>
            </Field>
            <Field
              className="sm:col-span-2"
              label={<OptionalLabel>{t('baseData.levyVersions.exemptionReasons')}</OptionalLabel>}
              description={t('baseData.levyVersions.exemptionReasonsHint')}
              error={errors.exemptionReasons?.message}
            >
              <Textarea rows={3} {...register('exemptionReasons')} />
            </Field>
          </div>
        );
      }}
    </RecordDialog>
  );
}
