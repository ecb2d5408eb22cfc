import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZUpdateRetentionRuleRequest, type TRetentionRule } from '@pms/contract/retention';
import { zodFormResolver } from '../../../lib/form.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useUpdateRetentionRule } from '../api/update-retention-rule.ts';

/** A whole number typed into a text field. */
const count = <TSchema extends z.ZodType>(schema: TSchema) =>
  z.preprocess((value) => (value === '' ? Number.NaN : Number(value)), schema);

const shape = ZUpdateRetentionRuleRequest.shape;
const ZRetentionRuleForm = ZUpdateRetentionRuleRequest.extend({
  years: count(shape.years),
  months: count(shape.months),
  days: count(shape.days),
  graceMonths: count(shape.graceMonths),
});

const periodFields = ['years', 'months', 'days', 'graceMonths'] as const;

function RetentionRuleForm({ rule, onClose }: { rule: TRetentionRule; onClose: () => void }) {
  const { t } = useTranslation();
  const updateRule = useUpdateRetentionRule();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZRetentionRuleForm),
    defaultValues: {
      years: String(rule.years),
      months: String(rule.months),
      days: String(rule.days),
      graceMonths: String(rule.graceMonths),
      reference: rule.reference,
    },
  });

  const save = handleSubmit((values) =>
    updateRule.mutate({ record: rule.record, ...values }, successThen(t('settings.saved'), onClose)),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={updateRule.error}
      onCancel={onClose}
      submitLabel={t('common.save')}
      isPending={updateRule.isPending}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {periodFields.map((field) => (
          <Field key={field} label={t(`settings.privacy.fields.${field}`)} error={errors[field]?.message}>
            <Input inputMode="numeric" autoComplete="off" {...register(field)} />
          </Field>
        ))}
      </div>
      <Field
        label={t('settings.privacy.fields.reference')}
        description={t('settings.privacy.fields.referenceHint')}
        error={errors.reference?.message}
      >
        <Input autoComplete="off" {...register('reference')} />
      </Field>
    </ModalForm>
  );
}

/** Changes a retention rule's period and its legal reference. */
export function RetentionRuleDialog({ rule, onClose }: { rule: TRetentionRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={rule !== null}
      onClose={onClose}
      title={
        rule ? t('settings.privacy.editTitle', { record: t(`settings.privacy.records.${rule.record}`) }) : ''
      }
      description={t('settings.privacy.editDescription')}
    >
      {rule && <RetentionRuleForm rule={rule} onClose={onClose} />}
    </Modal>
  );
}
