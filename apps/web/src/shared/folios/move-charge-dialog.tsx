import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZMoveChargeRequest, type TFolio } from '@pms/contract/folios';
import { zodFormResolver } from '../../lib/form.ts';
import { Modal } from '../../ui/dialog.tsx';
import { Field, Select } from '../../ui/field.tsx';
import { ModalForm } from '../../ui/modal-form.tsx';
import { successThen } from '../../ui/toast.tsx';
import type { TChargeOnFolio } from './allowance-dialog.tsx';
import { useMoveCharge } from './folio-mutations.ts';

type TMoveTarget = { folio: TFolio; label: string };

type TMoveFormProps = { source: TChargeOnFolio; targets: readonly TMoveTarget[]; onClose: () => void };

function MoveForm({ source, targets, onClose }: TMoveFormProps) {
  const { t } = useTranslation();
  const moveCharge = useMoveCharge();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZMoveChargeRequest),
    defaultValues: { targetFolioId: targets[0]?.folio.id ?? '' },
  });

  const save = handleSubmit((move) =>
    moveCharge.mutate(
      { folioId: source.folio.id, chargeId: source.charge.id, move },
      successThen(t('billing.move.moved'), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={moveCharge.error}
      onCancel={onClose}
      submitLabel={t('billing.move.submit')}
      isPending={moveCharge.isPending}
    >
      <Field label={t('billing.move.target')} error={errors.targetFolioId?.message}>
        <Select {...register('targetFolioId')}>
          {targets.map((target) => (
            <option key={target.folio.id} value={target.folio.id}>
              {target.label}
            </option>
          ))}
        </Select>
      </Field>
    </ModalForm>
  );
}

type TMoveChargeDialogProps = {
  source: TChargeOnFolio | null;
  /** The other open folios of the booking or group. */
  targets: readonly TMoveTarget[];
  onClose: () => void;
};

/** Moves a charge to another folio: the source keeps an allowance, the target a copy. */
export function MoveChargeDialog({ source, targets, onClose }: TMoveChargeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={source !== null}
      onClose={onClose}
      title={t('billing.move.title')}
      description={source && t('billing.move.description', { text: source.charge.text })}
    >
      {source && <MoveForm key={source.charge.id} source={source} targets={targets} onClose={onClose} />}
    </Modal>
  );
}
