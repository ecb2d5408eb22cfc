import { useTranslation } from 'react-i18next';
import {
  paymentMethodKinds,
  ZCreatePaymentMethodRequest,
  type TPaymentMethod,
} from '@pms/contract/base-data';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { collections } from '../api/base-data-collections.ts';
import { createRecord, updateRecord } from '../api/save-record.ts';
import { textOrNull } from '../../../lib/form-inputs.ts';
import { OptionalLabel } from './optional-label.tsx';
import { RecordDialog, type TDialogState } from './record-dialog.tsx';

const ZPaymentMethodForm = ZCreatePaymentMethodRequest.extend({
  bookingText: textOrNull(ZCreatePaymentMethodRequest.shape.bookingText),
  accountNumber: textOrNull(ZCreatePaymentMethodRequest.shape.accountNumber),
});

export function PaymentMethodDialog({ open, record, onClose }: TDialogState<TPaymentMethod>) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      kind="paymentMethods"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZPaymentMethodForm}
      defaultValues={{
        name: record?.name ?? '',
        kind: record?.kind ?? 'card',
        bookingText: record?.bookingText ?? '',
        accountNumber: record?.accountNumber ?? '',
      }}
      save={(values) =>
        record
          ? updateRecord(collections.paymentMethods, record.id, values)
          : createRecord(collections.paymentMethods, values)
      }
    >
      {({ register, formState: { errors } }) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('baseData.paymentMethods.name')} error={errors.name?.message}>
            <Input autoComplete="off" {...register('name')} />
          </Field>
          <Field label={t('baseData.paymentMethods.kind')} error={errors.kind?.message}>
            <Select {...register('kind')}>
              {paymentMethodKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`baseData.paymentMethods.kinds.${kind}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={<OptionalLabel>{t('baseData.paymentMethods.bookingText')}</OptionalLabel>}
            error={errors.bookingText?.message}
          >
            <Input autoComplete="off" {...register('bookingText')} />
          </Field>
          <Field
            label={<OptionalLabel>{t('baseData.paymentMethods.accountNumber')}</OptionalLabel>}
            error={errors.accountNumber?.message}
          >
            <Input autoComplete="off" {...register('accountNumber')} />
          </Field>
        </div>
      )}
    </RecordDialog>
  );
}
