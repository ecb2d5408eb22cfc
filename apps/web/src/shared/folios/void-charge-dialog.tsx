import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZVoidChargeRequest } from '@pms/contract/folios';
import { useFormatMoney } from '../../lib/format-money.ts';
import { zodFormResolver } from '../../lib/form.ts';
import { Field, Input } from '../../ui/field.tsx';
import { ModalForm } from '../../ui/modal-form.tsx';
import { successThen } from '../../ui/toast.tsx';
import type { TChargeOnFolio } from './allowance-dialog.tsx';
import { useVoidCharge } from './folio-mutations.ts';
import { ChargeDialog } from './charge-dialog.tsx';

function VoidForm({ target, onClose }: { target: TChargeOnFolio; onClose: () => void }) {
  const { t } = useTranslation();
  const voidCharge = useVoidCharge();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZVoidChargeRequest), defaultValues: { reason: '' } });

  const save = handleSubmit((request) =>
    voidCharge.mutate(
      { folioId: target.folio.id, chargeId: target.charge.id, request },
      successThen(t('billing.void.voided'), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={voidCharge.error}
      onCancel={onClose}
      submitLabel={t('billing.void.submit')}
      isPending={voidCharge.isPending}
      submitVariant="red"
    >
      <Field
        label={t('billing.void.reason')}
        error={errors.reason?.message}
        description={t('billing.void.reasonHint')}
      >
        <Input autoComplete="off" {...register('reason')} />
      </Field>
    </ModalForm>
  );
}

/** Voids what is left of a charge by a reversing entry with the reason; the charge stays, struck through. */
export function VoidChargeDialog({
  target,
  onClose,
}: {
  target: TChargeOnFolio | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <ChargeDialog
      target={target}
      onClose={onClose}
      title={t('billing.void.title')}
      description={(charge) =>
        t('billing.void.description', { text: charge.charge.text, remaining: formatMoney(charge.remaining) })
      }
    >
      {(charge) => <VoidForm target={charge} onClose={onClose} />}
    </ChargeDialog>
  );
}
