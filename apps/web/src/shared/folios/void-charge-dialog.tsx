import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZVoidChargeRequest } from '@pms/contract/folios';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormatMoney } from '../../lib/format-money.ts';
import { zodFormResolver } from '../../lib/form.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Modal, ModalActions } from '../../ui/dialog.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import type { TChargeOnFolio } from './allowance-dialog.tsx';
import { useVoidCharge } from './folio-mutations.ts';

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
      {
        onSuccess: () => {
          toast.success(t('billing.void.voided'));
          onClose();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      {voidCharge.isError && <Alert type="error">{errorMessage(voidCharge.error)}</Alert>}
      <Field
        label={t('billing.void.reason')}
        error={errors.reason?.message}
        description={t('billing.void.reasonHint')}
      >
        <Input autoComplete="off" {...register('reason')} />
      </Field>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="red" isLoading={voidCharge.isPending}>
          {t('billing.void.submit')}
        </Button>
      </ModalActions>
    </form>
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
    <Modal
      open={target !== null}
      onClose={onClose}
      title={t('billing.void.title')}
      description={
        target &&
        t('billing.void.description', { text: target.charge.text, remaining: formatMoney(target.remaining) })
      }
    >
      {target && <VoidForm key={target.charge.id} target={target} onClose={onClose} />}
    </Modal>
  );
}
