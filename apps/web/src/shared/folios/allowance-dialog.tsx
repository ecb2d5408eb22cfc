import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZPostAllowanceRequest, type TFolio, type TFolioCharge } from '@pms/contract/folios';
import { useFormatMoney } from '../../lib/format-money.ts';
import { emptyTo, zodFormResolver } from '../../lib/form.ts';
import { Field, Input } from '../../ui/field.tsx';
import { ModalForm } from '../../ui/modal-form.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { successThen } from '../../ui/toast.tsx';
import { moneyInput } from '../../lib/form-inputs.ts';
import { usePostAllowance } from './folio-mutations.ts';
import { ChargeDialog } from './charge-dialog.tsx';

const ZAllowanceForm = ZPostAllowanceRequest.extend({
  amount: moneyInput(ZPostAllowanceRequest.shape.amount),
  text: emptyTo(undefined, ZPostAllowanceRequest.shape.text),
});

export type TChargeOnFolio = { folio: TFolio; charge: TFolioCharge; remaining: number };

function AllowanceForm({ target, onClose }: { target: TChargeOnFolio; onClose: () => void }) {
  const { t } = useTranslation();
  const postAllowance = usePostAllowance();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZAllowanceForm),
    defaultValues: { amount: '', text: '', reason: '' },
  });

  const save = handleSubmit((allowance) =>
    postAllowance.mutate(
      { folioId: target.folio.id, chargeId: target.charge.id, allowance },
      successThen(t('billing.allowance.posted'), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={postAllowance.error}
      onCancel={onClose}
      submitLabel={t('billing.allowance.submit')}
      isPending={postAllowance.isPending}
    >
      <Field
        label={t('billing.allowance.amount')}
        error={errors.amount?.message}
        description={t('billing.allowance.amountHint')}
      >
        <MoneyInput placeholderCents={target.remaining} {...register('amount')} />
      </Field>
      <Field label={t('billing.allowance.text')} error={errors.text?.message}>
        <Input autoComplete="off" {...register('text')} />
      </Field>
      <Field label={t('billing.allowance.reason')} error={errors.reason?.message}>
        <Input autoComplete="off" {...register('reason')} />
      </Field>
    </ModalForm>
  );
}

/** Corrects a charge by an allowance: part of what is left of it, or all of it. */
export function AllowanceDialog({ target, onClose }: { target: TChargeOnFolio | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <ChargeDialog
      target={target}
      onClose={onClose}
      title={t('billing.allowance.title')}
      description={(charge) =>
        t('billing.allowance.description', {
          text: charge.charge.text,
          remaining: formatMoney(charge.remaining),
        })
      }
    >
      {(charge) => <AllowanceForm target={charge} onClose={onClose} />}
    </ChargeDialog>
  );
}
