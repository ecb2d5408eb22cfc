import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZAddress } from '@pms/contract/addresses';
import { ZUpdateInvoiceRequest, type TInvoice } from '@pms/contract/invoices';
import { CountrySelect } from '../../../shared/contacts/country-select.tsx';
import { textOrNull } from '../../../shared/base-data/form-inputs.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal, ModalActions } from '../../../ui/dialog.tsx';
import { Field, Input, Textarea } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateInvoice } from '../api/update-invoice.ts';

const ZAddressForm = ZAddress.extend({
  line1: textOrNull(ZAddress.shape.line1),
  line2: textOrNull(ZAddress.shape.line2),
  postalCode: textOrNull(ZAddress.shape.postalCode),
  city: textOrNull(ZAddress.shape.city),
  state: textOrNull(ZAddress.shape.state),
  country: textOrNull(ZAddress.shape.country),
});

const ZRecipientForm = ZUpdateInvoiceRequest.extend({
  recipient: textOrNull(ZUpdateInvoiceRequest.shape.recipient),
  billingAddress: ZAddressForm,
  additionalText: textOrNull(ZUpdateInvoiceRequest.shape.additionalText),
});

function RecipientForm({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const updateInvoice = useUpdateInvoice();
  const address = invoice.billingAddress;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodFormResolver(ZRecipientForm),
    defaultValues: {
      recipient: invoice.recipient ?? '',
      billingAddress: {
        line1: address.line1 ?? '',
        line2: address.line2 ?? '',
        postalCode: address.postalCode ?? '',
        city: address.city ?? '',
        state: address.state ?? '',
        country: address.country ?? '',
      },
      additionalText: invoice.additionalText ?? '',
    },
  });
  const addressErrors = errors.billingAddress;

  const save = handleSubmit((changes) =>
    updateInvoice.mutate(
      { id: invoice.id, changes },
      {
        onSuccess: () => {
          toast.success(t('billing.detail.recipientSaved'));
          onClose();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      {updateInvoice.isError && <Alert type="error">{errorMessage(updateInvoice.error)}</Alert>}
      <Field label={t('billing.detail.recipient')} error={errors.recipient?.message}>
        <Input autoComplete="off" {...register('recipient')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('billing.address.line1')}
          error={addressErrors?.line1?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="off" {...register('billingAddress.line1')} />
        </Field>
        <Field
          label={t('billing.address.line2')}
          error={addressErrors?.line2?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="off" {...register('billingAddress.line2')} />
        </Field>
        <Field label={t('billing.address.postalCode')} error={addressErrors?.postalCode?.message}>
          <Input autoComplete="off" {...register('billingAddress.postalCode')} />
        </Field>
        <Field label={t('billing.address.city')} error={addressErrors?.city?.message}>
          <Input autoComplete="off" {...register('billingAddress.city')} />
        </Field>
        <Field
          label={t('billing.address.country')}
          error={addressErrors?.country?.message}
          className="sm:col-span-2"
        >
          <CountrySelect {...register('billingAddress.country')} />
        </Field>
      </div>
      <Field label={t('billing.detail.additionalText')} error={errors.additionalText?.message}>
        <Textarea rows={3} {...register('additionalText')} />
      </Field>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isLoading={updateInvoice.isPending}>
          {t('common.save')}
        </Button>
      </ModalActions>
    </form>
  );
}

type TInvoiceRecipientDialogProps = { invoice: TInvoice; open: boolean; onClose: () => void };

/** Edits a draft's recipient, billing address and additional text (issued invoices are immutable). */
export function InvoiceRecipientDialog({ invoice, open, onClose }: TInvoiceRecipientDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('billing.detail.editRecipient')} size="lg">
      {open && <RecipientForm invoice={invoice} onClose={onClose} />}
    </Modal>
  );
}
