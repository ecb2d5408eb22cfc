import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZUpdateChargeRequest } from '@pms/contract/folios';
import { zodFormResolver } from '../../lib/form.ts';
import { Field, Input } from '../../ui/field.tsx';
import { ModalForm } from '../../ui/modal-form.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { successThen } from '../../ui/toast.tsx';
import { moneyInput, toMoneyInput } from '../../lib/form-inputs.ts';
import type { TChargeOnFolio } from './allowance-dialog.tsx';
import { unitAmountOf } from './folio-entries.ts';
import { useUpdateCharge } from './folio-mutations.ts';
import { ChargeDialog } from './charge-dialog.tsx';

const ZCorrectForm = ZUpdateChargeRequest.pick({ reason: true, quantity: true }).extend({
  unitAmount: moneyInput(ZUpdateChargeRequest.shape.unitAmount),
});

function CorrectForm({ target, onClose }: { target: TChargeOnFolio; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const updateCharge = useUpdateCharge();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZCorrectForm),
    defaultValues: {
      quantity: target.charge.quantity,
      unitAmount: toMoneyInput(unitAmountOf(target.charge), i18n.language),
      reason: '',
    },
  });

  const save = handleSubmit((changes) =>
    updateCharge.mutate(
      { folioId: target.folio.id, chargeId: target.charge.id, changes },
      successThen(t('billing.correct.corrected'), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={updateCharge.error}
      onCancel={onClose}
      submitLabel={t('billing.correct.submit')}
      isPending={updateCharge.isPending}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('billing.correct.quantity')} error={errors.quantity?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...register('quantity', { valueAsNumber: true })}
          />
        </Field>
        <Field label={t('billing.correct.unitAmount')} error={errors.unitAmount?.message}>
          <MoneyInput placeholderCents={null} {...register('unitAmount')} />
        </Field>
      </div>
      <Field
        label={t('billing.correct.reason')}
        error={errors.reason?.message}
        description={t('billing.correct.reasonHint')}
      >
        <Input autoComplete="off" {...register('reason')} />
      </Field>
    </ModalForm>
  );
}

/** Corrects a charge's quantity or price: it is reversed with the reason and posted again. */
export function CorrectChargeDialog({
  target,
  onClose,
}: {
  target: TChargeOnFolio | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ChargeDialog
      target={target}
      onClose={onClose}
      title={t('billing.correct.title')}
      description={(charge) => t('billing.correct.description', { text: charge.charge.text })}
    >
      {(charge) => <CorrectForm target={charge} onClose={onClose} />}
    </ChargeDialog>
  );
}
