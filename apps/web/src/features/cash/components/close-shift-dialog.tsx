import clsx from 'clsx';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCloseShiftRequest, type TCashRegister } from '@pms/contract/cash';
import { moneyInput, parseDecimal, textOrNull } from '../../../lib/form-inputs.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Textarea } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCloseShift } from '../api/cash-actions.ts';

const ZCloseShiftForm = ZCloseShiftRequest.extend({
  countedAmount: moneyInput(ZCloseShiftRequest.shape.countedAmount),
  note: textOrNull(ZCloseShiftRequest.shape.note),
});

/** The counted cash as typed, in cents; null while it is not an amount yet. */
function countedCents(input: string): number | null {
  const decimal = input.trim() === '' ? undefined : parseDecimal(input);
  return decimal === undefined ? null : Math.round(decimal * 100);
}

/** A difference's colour: short is red, over is amber, none is green. */
export function differenceClasses(difference: number): string {
  return difference < 0 ? 'text-red-700' : difference > 0 ? 'text-amber-700' : 'text-green-700';
}

function CloseShiftForm({ register, onClose }: { register: TCashRegister; onClose: () => void }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const closeShift = useCloseShift();
  const {
    register: field,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZCloseShiftForm),
    defaultValues: { countedAmount: '', note: '' },
  });
  const counted = countedCents(useWatch({ control, name: 'countedAmount' }));
  const difference = counted === null ? null : counted - register.balance;

  const save = handleSubmit((request) =>
    closeShift.mutate(
      { registerId: register.id, request },
      {
        onSuccess: (shift) => {
          toast.success(
            t('cash.closeShift.done'),
            shift.differenceAmount
              ? t('cash.closeShift.doneWithDifference', { difference: formatMoney(shift.differenceAmount) })
              : undefined,
          );
          onClose();
        },
      },
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={closeShift.error}
      onCancel={onClose}
      submitLabel={t('cash.closeShift.submit')}
      isPending={closeShift.isPending}
    >
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-gray-50 p-4 text-sm">
        <div>
          <dt className="text-gray-500">{t('cash.closeShift.expected')}</dt>
          <dd className="mt-0.5 text-lg font-semibold text-gray-900 tabular-nums">
            {formatMoney(register.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-gray-500">{t('cash.closeShift.difference')}</dt>
          <dd
            aria-live="polite"
            className={clsx(
              'mt-0.5 text-lg font-semibold tabular-nums',
              difference === null ? 'text-gray-400' : differenceClasses(difference),
            )}
          >
            {difference === null ? '–' : formatMoney(difference)}
          </dd>
        </div>
      </dl>
      <Field
        label={t('cash.closeShift.counted')}
        description={t('cash.closeShift.countedHint')}
        error={errors.countedAmount?.message}
      >
        <MoneyInput placeholderCents={null} {...field('countedAmount')} />
      </Field>
      <Field label={t('cash.closeShift.note')} error={errors.note?.message}>
        <Textarea rows={2} {...field('note')} />
      </Field>
    </ModalForm>
  );
}

/** Closes the shift with the cash counted in the drawer; the dialog shows the difference as it is typed. */
export function CloseShiftDialog({
  register,
  open,
  onClose,
}: {
  register: TCashRegister;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('cash.closeShift.title')}
      description={t('cash.closeShift.description', { name: register.name })}
    >
      {open && <CloseShiftForm register={register} onClose={onClose} />}
    </Modal>
  );
}
