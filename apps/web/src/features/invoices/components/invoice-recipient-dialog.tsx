import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZUpdateInvoiceRequest, type TInvoice } from '@pms/contract/invoices';
import { CountrySelect } from '../../../shared/contacts/index.ts';
import { contactQueryOptions } from '../../../shared/contacts/index.ts';
import { textOrNull, toAddressFormValues, ZAddressForm } from '../../../lib/form-inputs.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { CheckboxField, Field, Input, Textarea } from '../../../ui/field.tsx';
import { ModalForm } from '../../../ui/modal-form.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useUpdateInvoice } from '../api/update-invoice.ts';

const ZRecipientForm = ZUpdateInvoiceRequest.extend({
  recipient: textOrNull(ZUpdateInvoiceRequest.shape.recipient),
  recipientCompany: textOrNull(ZUpdateInvoiceRequest.shape.recipientCompany),
  recipientVatId: textOrNull(ZUpdateInvoiceRequest.shape.recipientVatId),
  billingAddress: ZAddressForm,
  additionalText: textOrNull(ZUpdateInvoiceRequest.shape.additionalText),
});

type TRecipientFormProps = {
  invoice: TInvoice;
  /** Whether the invoice's customer has no address of its own: saving the typed one is then proposed. */
  isContactAddressEmpty: boolean | null;
  onClose: () => void;
};

function RecipientForm({ invoice, isContactAddressEmpty, onClose }: TRecipientFormProps) {
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
      recipientCompany: invoice.recipientCompany ?? '',
      recipientVatId: invoice.recipientVatId ?? '',
      billingAddress: toAddressFormValues(address),
      additionalText: invoice.additionalText ?? '',
      saveAddressToContact: isContactAddressEmpty ?? false,
    },
  });
  const addressErrors = errors.billingAddress;

  const save = handleSubmit((changes) =>
    updateInvoice.mutate(
      { id: invoice.id, changes },
      successThen(t('billing.detail.recipientSaved'), onClose),
    ),
  );

  return (
    <ModalForm
      onSubmit={save}
      error={updateInvoice.error}
      onCancel={onClose}
      submitLabel={t('common.save')}
      isPending={updateInvoice.isPending}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('billing.detail.recipientCompany')}
          error={errors.recipientCompany?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="off" {...register('recipientCompany')} />
        </Field>
        <Field
          label={t('billing.detail.recipient')}
          description={t('billing.detail.recipientHint')}
          error={errors.recipient?.message}
        >
          <Input autoComplete="off" {...register('recipient')} />
        </Field>
        <Field label={t('billing.detail.recipientVatId')} error={errors.recipientVatId?.message}>
          <Input autoComplete="off" {...register('recipientVatId')} />
        </Field>
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
      {isContactAddressEmpty !== null && (
        <CheckboxField
          label={t('billing.detail.saveAddressToContact')}
          description={t('billing.detail.saveAddressToContactHint')}
          {...register('saveAddressToContact')}
        />
      )}
      <Field label={t('billing.detail.additionalText')} error={errors.additionalText?.message}>
        <Textarea rows={3} {...register('additionalText')} />
      </Field>
    </ModalForm>
  );
}

type TInvoiceRecipientDialogProps = { invoice: TInvoice; open: boolean; onClose: () => void };

const isAddressEmpty = (address: TInvoice['billingAddress']) =>
  ![address.line1, address.postalCode, address.city, address.country].some((part) => part?.trim());

/**
 * Edits a draft's recipient (a person, or a company with its contact person and VAT ID), billing
 * address and additional text (issued invoices are immutable); the address can be saved to the
 * customer, which is proposed when the customer has none.
 */
export function InvoiceRecipientDialog({ invoice, open, onClose }: TInvoiceRecipientDialogProps) {
  const { t } = useTranslation();
  const customer = useQuery({
    ...contactQueryOptions(invoice.customerId ?? ''),
    enabled: open && !!invoice.customerId,
  });
  const isWaiting = !!invoice.customerId && customer.isPending;
  const isContactAddressEmpty = customer.data ? isAddressEmpty(customer.data.address) : null;
  return (
    <Modal open={open} onClose={onClose} title={t('billing.detail.editRecipient')} size="lg">
      {open && isWaiting && <Spinner />}
      {open && !isWaiting && (
        <RecipientForm invoice={invoice} isContactAddressEmpty={isContactAddressEmpty} onClose={onClose} />
      )}
    </Modal>
  );
}
