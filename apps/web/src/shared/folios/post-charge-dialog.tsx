import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TItem } from '@pms/contract/base-data';
import { ZPostChargeRequest, type TFolio } from '@pms/contract/folios';
import type { TRole } from '@pms/contract/permissions';
import { emptyTo, zodFormResolver } from '../../lib/form.ts';
import { usePropertyToday } from '../../lib/property-today.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { Modal } from '../../ui/dialog.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Field, Input, Select } from '../../ui/field.tsx';
import { ModalForm } from '../../ui/modal-form.tsx';
import { MoneyInput } from '../../ui/money-input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { successThen } from '../../ui/toast.tsx';
import { moneyInput } from '../../lib/form-inputs.ts';
import { useBaseData } from '../base-data/index.ts';
import { usePostCharge } from './folio-mutations.ts';

const ZChargeForm = ZPostChargeRequest.extend({
  itemId: emptyTo(undefined, ZPostChargeRequest.shape.itemId),
  unitAmount: moneyInput(ZPostChargeRequest.shape.unitAmount),
  text: emptyTo(undefined, ZPostChargeRequest.shape.text),
});

/** The items staff post by hand: active ones with a price of their own; catering only food and drinks. */
function postableItems(items: readonly TItem[], role: TRole): TItem[] {
  return items.filter(
    (item) => item.active && !item.isOvernight && (role !== 'catering' || item.type === 'food_and_beverage'),
  );
}

type TChargeFormProps = { folio: TFolio; items: readonly TItem[]; onClose: () => void };

function ChargeForm({ folio, items, onClose }: TChargeFormProps) {
  const { t } = useTranslation();
  const today = usePropertyToday();
  const postCharge = usePostCharge();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZChargeForm),
    defaultValues: { itemId: '', quantity: 1, unitAmount: '', text: '', bookedOn: today },
  });
  const itemId = useWatch({ control, name: 'itemId' });
  const item = items.find((candidate) => candidate.id === itemId);

  const save = handleSubmit((charge) =>
    postCharge.mutate({ folioId: folio.id, charge }, successThen(t('billing.charge.posted'), onClose)),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={postCharge.error}
      onCancel={onClose}
      submitLabel={t('billing.charge.submit')}
      isPending={postCharge.isPending}
    >
      <Field label={t('billing.charge.item')} error={errors.itemId?.message}>
        <Select {...register('itemId')}>
          <option value="">{t('billing.charge.chooseItem')}</option>
          {items.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={t('billing.charge.quantity')} error={errors.quantity?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...register('quantity', { valueAsNumber: true })}
          />
        </Field>
        <Field
          label={t('billing.charge.unitAmount')}
          error={errors.unitAmount?.message}
          description={t('billing.charge.unitAmountHint')}
        >
          <MoneyInput placeholderCents={item?.amount ?? 2000} {...register('unitAmount')} />
        </Field>
        <Field label={t('billing.charge.bookedOn')} error={errors.bookedOn?.message}>
          <DateInput {...register('bookedOn')} />
        </Field>
      </div>
      <Field
        label={t('billing.charge.text')}
        error={errors.text?.message}
        description={t('billing.charge.textHint')}
      >
        <Input autoComplete="off" placeholder={item?.bookingText ?? item?.name} {...register('text')} />
      </Field>
    </ModalForm>
  );
}

type TPostChargeDialogProps = { folio: TFolio | null; folioLabel: string; onClose: () => void };

/** Posts a charge of an item from base data, with quantity, price override, service date and text. */
export function PostChargeDialog({ folio, folioLabel, onClose }: TPostChargeDialogProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const baseData = useBaseData();
  return (
    <Modal open={folio !== null} onClose={onClose} title={t('billing.charge.title')} description={folioLabel}>
      {folio &&
        (baseData.data ? (
          <ChargeForm folio={folio} items={postableItems(baseData.data.items, user.role)} onClose={onClose} />
        ) : baseData.isError ? (
          <ErrorState error={baseData.error} onRetry={() => void baseData.refetch()} />
        ) : (
          <Spinner />
        ))}
    </Modal>
  );
}
