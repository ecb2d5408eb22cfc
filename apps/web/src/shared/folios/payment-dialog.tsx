import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TPaymentMethod } from '@pms/contract/base-data';
import { ZPostPaymentRequest, type TFolio } from '@pms/contract/folios';
import { errorMessage } from '../../lib/error-message.ts';
import { emptyTo, zodFormResolver } from '../../lib/form.ts';
import { usePropertyToday } from '../../lib/property-today.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Modal, ModalActions } from '../../ui/dialog.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.tsx';
import { moneyInput, textOrNull, toMoneyInput } from '../base-data/form-inputs.ts';
import { useBaseData } from '../base-data/get-base-data.ts';
import { usePostPayment } from './folio-mutations.ts';

const ZPaymentForm = ZPostPaymentRequest.extend({
  amount: moneyInput(ZPostPaymentRequest.shape.amount),
  paymentMethodId: emptyTo(undefined, ZPostPaymentRequest.shape.paymentMethodId),
  reference: textOrNull(ZPostPaymentRequest.shape.reference),
});

export type TPaymentKind = 'payment' | 'refund';
export type TPaymentTarget = { folio: TFolio; label: string; kind: TPaymentKind };

type TPaymentFormProps = { target: TPaymentTarget; methods: readonly TPaymentMethod[]; onClose: () => void };

function PaymentForm({ target, methods, onClose }: TPaymentFormProps) {
  const { t, i18n } = useTranslation();
  const today = usePropertyToday();
  const postPayment = usePostPayment();
  const isRefund = target.kind === 'refund';
  const due = target.folio.totals.dueAmount;
  // A payment defaults to what is due, a refund to what was paid too much.
  const suggested = isRefund ? Math.max(0, -due) : Math.max(0, due);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZPaymentForm),
    defaultValues: {
      amount: suggested > 0 ? toMoneyInput(suggested, i18n.language) : '',
      paymentMethodId: methods[0]?.id ?? '',
      reference: '',
      paidOn: today,
    },
  });

  const save = handleSubmit((payment) =>
    postPayment.mutate(
      { folioId: target.folio.id, payment, isRefund },
      {
        onSuccess: () => {
          toast.success(t(isRefund ? 'billing.payment.refunded' : 'billing.payment.posted'));
          onClose();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      {postPayment.isError && <Alert type="error">{errorMessage(postPayment.error)}</Alert>}
      {target.folio.isVirtualPayment && !isRefund && (
        <Alert type="warning">{t('billing.folios.virtualWarning')}</Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('billing.payment.amount')} error={errors.amount?.message}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={toMoneyInput(2000, i18n.language)}
            {...register('amount')}
          />
        </Field>
        <Field label={t('billing.payment.method')} error={errors.paymentMethodId?.message}>
          <Select {...register('paymentMethodId')}>
            {methods.length === 0 && <option value="">{t('billing.payment.noMethods')}</option>}
            {methods.map((method) => (
              <option key={method.id} value={method.id}>
                {method.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('billing.payment.paidOn')} error={errors.paidOn?.message}>
          <DateInput {...register('paidOn')} />
        </Field>
        <Field label={t('billing.payment.reference')} error={errors.reference?.message}>
          <Input autoComplete="off" {...register('reference')} />
        </Field>
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isLoading={postPayment.isPending}>
          {t(isRefund ? 'billing.payment.submitRefund' : 'billing.payment.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}

/** Takes a payment (amount defaulting to the due amount) or pays money back as a refund. */
export function PaymentDialog({ target, onClose }: { target: TPaymentTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const baseData = useBaseData();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={t(target?.kind === 'refund' ? 'billing.payment.refundTitle' : 'billing.payment.title')}
      description={target?.label}
    >
      {target &&
        (baseData.data ? (
          <PaymentForm
            key={`${target.folio.id}-${target.kind}`}
            target={target}
            methods={baseData.data.paymentMethods}
            onClose={onClose}
          />
        ) : baseData.isError ? (
          <ErrorState error={baseData.error} onRetry={() => void baseData.refetch()} />
        ) : (
          <Spinner />
        ))}
    </Modal>
  );
}
