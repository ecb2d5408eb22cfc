import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactTypes, genders, travelDocumentTypes, type TContact } from '@pms/contract/contacts';
import { languages } from '@pms/contract/locales';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { DateInput } from '../../../ui/date-input.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { ModalFormActions } from '../../../ui/modal-form.tsx';
import { CheckboxField, Field, Input, Select } from '../../../ui/field.tsx';
import { useCreateContact } from '../api/create-contact.ts';
import { useUpdateContact } from '../api/update-contact.ts';
import { requiredDocumentFields, toContactFormValues, ZContactForm } from '../contact-form.ts';
import { useCurrentProperty } from '../../../shared/properties/index.ts';
import { CountrySelect } from '../../../shared/contacts/index.ts';

type TContactDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The contact to edit; without one the dialog creates a contact. */
  contact?: TContact;
  onSaved: (contact: TContact) => void;
};

function isDuplicateEmail(error: unknown): boolean {
  return error instanceof ApiError && error.type === 'contact/already_exists';
}

function Section({
  legend,
  description,
  children,
}: {
  legend: string;
  description?: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-gray-900">{legend}</legend>
      {description && <p className="-mt-2 mb-3 text-xs text-gray-500">{description}</p>}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function ContactForm({ contact, onClose, onSaved }: Omit<TContactDialogProps, 'open'>) {
  const { t } = useTranslation();
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const mutation = contact ? updateContact : createContact;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZContactForm), defaultValues: toContactFormValues(contact) });
  const isCompany = useWatch({ control, name: 'type' }) === 'company';
  const nationality = useWatch({ control, name: 'nationality' });
  const propertyCountry = useCurrentProperty().data?.address.country;
  const requiredDocument = requiredDocumentFields(
    propertyCountry,
    typeof nationality === 'string' ? nationality : null,
  );
  // A required field is marked, not enforced: staff may save what they have; the portal's
  // check-in waits for the rest.
  const documentLabel = (
    field: 'documentType' | 'documentNumber' | 'documentIssueDate' | 'documentIssuingAuthority',
  ) => (requiredDocument.has(field) ? `${t(`contacts.${field}`)} *` : t(`contacts.${field}`));

  const save = handleSubmit((values) => {
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        if (isDuplicateEmail(error))
          setError('email', { message: errorMessage(error) }, { shouldFocus: true });
      },
    };
    if (contact) updateContact.mutate({ id: contact.id, contact: values }, options);
    else createContact.mutate(values, options);
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-6">
      <Section legend={t('contacts.sections.general')}>
        <Field label={t('contacts.type')} error={errors.type?.message}>
          <Select {...register('type')}>
            {contactTypes.map((type) => (
              <option key={type} value={type}>
                {t(`contacts.types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        {!isCompany && (
          <Field label={t('contacts.gender')} error={errors.gender?.message}>
            <Select {...register('gender')}>
              {genders.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`contacts.genders.${gender}`)}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label={t('contacts.name')} error={errors.name?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register('name')} />
        </Field>
        {!isCompany && (
          <>
            <Field label={t('contacts.dateOfBirth')} error={errors.dateOfBirth?.message}>
              <DateInput {...register('dateOfBirth')} />
            </Field>
            <Field label={t('contacts.nationality')} error={errors.nationality?.message}>
              <CountrySelect {...register('nationality')} />
            </Field>
          </>
        )}
      </Section>
      <Section legend={t('contacts.sections.communication')}>
        <Field label={t('contacts.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label={t('contacts.invoiceEmail')} error={errors.invoiceEmail?.message}>
          <Input type="email" autoComplete="off" {...register('invoiceEmail')} />
        </Field>
        <Field label={t('contacts.phone')} error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </Field>
        <Field label={t('contacts.website')} error={errors.website?.message}>
          <Input type="url" autoComplete="off" placeholder="https://" {...register('website')} />
        </Field>
        <Field label={t('contacts.language')} error={errors.language?.message}>
          <Select {...register('language')}>
            <option value="">{t('contacts.noSelection')}</option>
            {languages.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </Select>
        </Field>
      </Section>
      <Section legend={t('contacts.sections.address')}>
        <Field label={t('contacts.addressLine1')} error={errors.address?.line1?.message}>
          <Input autoComplete="off" {...register('address.line1')} />
        </Field>
        <Field label={t('contacts.addressLine2')} error={errors.address?.line2?.message}>
          <Input autoComplete="off" {...register('address.line2')} />
        </Field>
        <Field label={t('contacts.postalCode')} error={errors.address?.postalCode?.message}>
          <Input autoComplete="off" {...register('address.postalCode')} />
        </Field>
        <Field label={t('contacts.city')} error={errors.address?.city?.message}>
          <Input autoComplete="off" {...register('address.city')} />
        </Field>
        <Field label={t('contacts.country')} error={errors.address?.country?.message}>
          <CountrySelect {...register('address.country')} />
        </Field>
      </Section>
      {!isCompany && (
        <Section
          legend={t('contacts.sections.travelDocument')}
          description={
            requiredDocument.size > 0
              ? t(`contacts.travelDocumentRequired.${propertyCountry === 'de' ? 'de' : 'at'}`)
              : t('contacts.travelDocumentOptional')
          }
        >
          <Field label={documentLabel('documentType')} error={errors.documentType?.message}>
            <Select {...register('documentType')}>
              <option value="">{t('contacts.noSelection')}</option>
              {travelDocumentTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`contacts.documentTypes.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={documentLabel('documentNumber')} error={errors.documentNumber?.message}>
            <Input autoComplete="off" className="font-mono" {...register('documentNumber')} />
          </Field>
          <Field label={documentLabel('documentIssueDate')} error={errors.documentIssueDate?.message}>
            <DateInput {...register('documentIssueDate')} />
          </Field>
          <Field
            label={documentLabel('documentIssuingAuthority')}
            error={errors.documentIssuingAuthority?.message}
          >
            <Input autoComplete="off" {...register('documentIssuingAuthority')} />
          </Field>
        </Section>
      )}
      {isCompany && (
        <Section legend={t('contacts.sections.company')}>
          <Field label={t('contacts.companyName')} error={errors.company?.name?.message}>
            <Input autoComplete="off" {...register('company.name')} />
          </Field>
          <Field label={t('contacts.managingDirector')} error={errors.company?.managingDirector?.message}>
            <Input autoComplete="off" {...register('company.managingDirector')} />
          </Field>
          <Field label={t('contacts.vatNumber')} error={errors.company?.vatNumber?.message}>
            <Input autoComplete="off" {...register('company.vatNumber')} />
          </Field>
          <Field label={t('contacts.taxNumber')} error={errors.company?.taxNumber?.message}>
            <Input autoComplete="off" {...register('company.taxNumber')} />
          </Field>
          <Field label={t('contacts.registrationNumber')} error={errors.company?.registrationNumber?.message}>
            <Input autoComplete="off" {...register('company.registrationNumber')} />
          </Field>
        </Section>
      )}
      <CheckboxField
        label={t('contacts.isDebtor')}
        description={t('contacts.isDebtorHint')}
        {...register('isDebtor')}
      />
      {mutation.isError && !isDuplicateEmail(mutation.error) && (
        <Alert type="error">{errorMessage(mutation.error)}</Alert>
      )}
      <ModalFormActions
        onCancel={onClose}
        submitLabel={contact ? t('common.save') : t('common.create')}
        isPending={mutation.isPending}
      />
    </form>
  );
}

/** Creates a contact, or edits one: person or company, communication, address and billing. */
export function ContactDialog({ open, onClose, contact, onSaved }: TContactDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={contact ? t('contacts.editTitle') : t('contacts.createTitle')}
    >
      <ContactForm contact={contact} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}
