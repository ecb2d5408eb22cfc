import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCashMovementRequest, type TCashMovementRequest, type TCashRegister } from '@pms/contract/cash';
import { moneyInput } from '../../../lib/form-inputs.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useAddCashMovement } from '../api/cash-actions.ts';

export type TMovementKind = TCashMovementRequest['kind'];

const ZMovementForm = ZCashMovementRequest.omit({ kind: true }).extend({
  amount: moneyInput(ZCashMovementRequest.shape.amount),
});

type TMovementFormProps = { register: TCashRegister; kind: TMovementKind; onClose: () => void };

function MovementForm({ register, kind, onClose }: TMovementFormProps) {
  const { t } = useTranslation();
  const addMovement = useAddCashMovement();
  const {
    register: field,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZMovementForm), defaultValues: { amount: '', reason: '' } });
  const save = handleSubmit((values) =>
    addMovement.mutate(
      { registerId: register.id, movement: { kind, ...values } },
      successThen(t(`cash.movement.${kind}Done`), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={addMovement.error}
      onCancel={onClose}
      submitLabel={t(`cash.movement.${kind}Submit`)}
      isPending={addMovement.isPending}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('cash.movement.amount')} error={errors.amount?.message}>
          <MoneyInput placeholderCents={null} {...field('amount')} />
        </Field>
        <Field
          label={t('cash.movement.reason')}
          description={t(`cash.movement.${kind}ReasonHint`)}
          error={errors.reason?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="off" {...field('reason')} />
        </Field>
      </div>
    </ModalForm>
  );
}

/** Money put into (deposit) or taken out of (withdrawal) the drawer, with the reason the cash book keeps. */
export function CashMovementDialog({
  register,
  kind,
  onClose,
}: {
  register: TCashRegister;
  kind: TMovementKind | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (
    <Modal
      open={kind !== null}
      onClose={onClose}
      title={t(kind === 'withdrawal' ? 'cash.movement.withdrawalTitle' : 'cash.movement.depositTitle')}
      description={t('cash.movement.description', {
        name: register.name,
        balance: formatMoney(register.balance),
      })}
    >
      {kind && <MovementForm key={kind} register={register} kind={kind} onClose={onClose} />}
    </Modal>
  );
}
