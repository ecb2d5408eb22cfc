import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TPaymentMethod } from '@pms/contract/base-data';
import { ZPostPaymentRequest, type TFolio, type TPostPaymentRequest } from '@pms/contract/folios';
import { errorMessage } from '../../lib/error-message.ts';
import { emptyTo, zodFormResolver } from '../../lib/form.ts';
import { usePropertyToday } from '../../lib/property-today.ts';
import { Alert } from '../../ui/alert.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Modal } from '../../ui/dialog.tsx';
import { ModalFormActions } from '../../ui/modal-form.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { successThen } from '../../ui/toast.tsx';
import { moneyInput, textOrNull, toMoneyInput } from '../../lib/form-inputs.ts';
import { useBaseData } from '../base-data/index.ts';
import { CashRegisterSelect, registerChoiceOf } from '../cash/index.ts';
import { usePostPayment } from './folio-mutations.ts';

const ZPaymentForm = ZPostPaymentRequest.extend({
  amount: moneyInput(ZPostPaymentRequest.shape.amount),
  paymentMethodId: emptyTo(undefined, ZPostPaymentRequest.shape.paymentMethodId),
  reference: textOrNull(ZPostPaymentRequest.shape.reference),
  cashRegisterId: emptyTo(undefined, ZPostPaymentRequest.shape.cashRegisterId),
});

export type TPaymentKind = 'payment' | 'refund';
export type TPaymentTarget = { folio: TFolio; label: string; kind: TPaymentKind };

type TPaymentFormProps = {
  methods: readonly TPaymentMethod[];
  /** The amount filled in to start with (cents); nothing when 0. */
  suggested: number;
  warning?: string | undefined;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  onSubmit: (payment: TPostPaymentRequest) => void;
  onClose: () => void;
};

/** Amount, method, date and reference of a payment or refund: the folio's and the open invoice's. */
export function PaymentForm({
  methods,
  suggested,
  warning,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onClose,
}: TPaymentFormProps) {
  const { t, i18n } = useTranslation();
  const today = usePropertyToday();
  // Several registers are open for the method: the desk says which one's drawer gets the money.
  const registerIds = registerChoiceOf(error);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZPaymentForm),
    defaultValues: {
      amount: suggested > 0 ? toMoneyInput(suggested, i18n.language) : '',
      paymentMethodId: methods[0]?.id ?? '',
      reference: '',
      paidOn: today,
      cashRegisterId: '',
    },
  });
  const save = handleSubmit((payment) => {
    if (registerIds && !payment.cashRegisterId) {
      setError('cashRegisterId', { message: t('billing.payment.chooseRegisterRequired') });
      return;
    }
    onSubmit(payment);
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      {error && !registerIds && <Alert type="error">{errorMessage(error)}</Alert>}
      {registerIds && (
        <Alert type="info" title={t('billing.payment.chooseRegisterTitle')}>
          {t('billing.payment.chooseRegisterText')}
        </Alert>
      )}
      {warning && <Alert type="warning">{warning}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('billing.payment.amount')} error={errors.amount?.message}>
          <MoneyInput {...register('amount')} />
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
        {registerIds && (
          <Field label={t('billing.payment.register')} error={errors.cashRegisterId?.message}>
            <CashRegisterSelect registerIds={registerIds} {...register('cashRegisterId')} />
          </Field>
        )}
        <Field label={t('billing.payment.paidOn')} error={errors.paidOn?.message}>
          <DateInput {...register('paidOn')} />
        </Field>
        <Field label={t('billing.payment.reference')} error={errors.reference?.message}>
          <Input autoComplete="off" {...register('reference')} />
        </Field>
      </div>
      <ModalFormActions onCancel={onClose} submitLabel={submitLabel} isPending={isPending} />
    </form>
  );
}

/** The payment methods the form offers, while they load or when they failed to. */
export function WithPaymentMethods({
  children,
}: {
  children: (methods: readonly TPaymentMethod[]) => ReactNode;
}) {
  const baseData = useBaseData();
  if (baseData.data) return <>{children(baseData.data.paymentMethods)}</>;
  if (baseData.isError) return <ErrorState error={baseData.error} onRetry={() => void baseData.refetch()} />;
  return <Spinner />;
}

function FolioPaymentForm({
  target,
  methods,
  onClose,
}: {
  target: TPaymentTarget;
  methods: readonly TPaymentMethod[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const postPayment = usePostPayment();
  const isRefund = target.kind === 'refund';
  const due = target.folio.totals.dueAmount;
  return (
    <PaymentForm
      methods={methods}
      // A payment defaults to what is due, a refund to what was paid too much.
      suggested={isRefund ? Math.max(0, -due) : Math.max(0, due)}
      warning={target.folio.isVirtualPayment && !isRefund ? t('billing.folios.virtualWarning') : undefined}
      submitLabel={t(isRefund ? 'billing.payment.submitRefund' : 'billing.payment.submit')}
      isPending={postPayment.isPending}
      error={postPayment.error}
      onClose={onClose}
      onSubmit={(payment) =>
        postPayment.mutate(
          { folioId: target.folio.id, payment, isRefund },
          successThen(t(isRefund ? 'billing.payment.refunded' : 'billing.payment.posted'), onClose),
        )
      }
    />
  );
}

/** Takes a payment (amount defaulting to the due amount) or pays money back as a refund. */
export function PaymentDialog({ target, onClose }: { target: TPaymentTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={t(target?.kind === 'refund' ? 'billing.payment.refundTitle' : 'billing.payment.title')}
      description={target?.label}
    >
      {target && (
        <WithPaymentMethods>
          {(methods) => (
            <FolioPaymentForm
              key={`${target.folio.id}-${target.kind}`}
              target={target}
              methods={methods}
              onClose={onClose}
            />
          )}
        </WithPaymentMethods>
      )}
    </Modal>
  );
}
