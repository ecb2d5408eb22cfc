import type { z } from 'zod';
import { ZContactCompany, ZCreateContactRequest, type TContact } from '@pms/contract/contacts';
import { missingRegistrationFields, type TRegistrationField } from '@pms/contract/portal';
import { emptyTo } from '../../lib/form.ts';
import { toAddressFormValues, ZAddressForm } from '../../lib/form-inputs.ts';

type TBlanksAsNull<TShape extends Record<string, z.ZodType>> = {
  [K in keyof TShape]: ReturnType<typeof emptyTo<TShape[K]>>;
};

/** Every field of the shape takes an empty input as null, as optional text and select fields do. */
function blanksAsNull<TShape extends Record<string, z.ZodType>>(shape: TShape): TBlanksAsNull<TShape> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, emptyTo(null, schema)]),
  ) as TBlanksAsNull<TShape>;
}

/** The contact dialog's schema: the contract's request, with empty inputs meaning 'not given'. */
export const ZContactForm = ZCreateContactRequest.extend({
  ...blanksAsNull(
    ZCreateContactRequest.pick({
      phone: true,
      website: true,
      language: true,
      dateOfBirth: true,
      nationality: true,
      documentType: true,
      documentNumber: true,
      documentIssueDate: true,
      documentIssuingAuthority: true,
    }).shape,
  ),
  address: ZAddressForm,
  company: ZContactCompany.extend(blanksAsNull(ZContactCompany.shape)),
});

/** The form's values for a contact (or a new one): absent values become empty inputs. */
export function toContactFormValues(contact?: TContact) {
  const company = contact?.company ?? {};
  return {
    type: contact?.type ?? 'person',
    gender: contact?.gender ?? 'unspecified',
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    invoiceEmail: contact?.invoiceEmail ?? '',
    phone: contact?.phone ?? '',
    website: contact?.website ?? '',
    language: contact?.language ?? '',
    dateOfBirth: contact?.dateOfBirth ?? '',
    nationality: contact?.nationality ?? '',
    address: toAddressFormValues(contact?.address),
    company: {
      name: company.name ?? '',
      managingDirector: company.managingDirector ?? '',
      vatNumber: company.vatNumber ?? '',
      taxNumber: company.taxNumber ?? '',
      registrationNumber: company.registrationNumber ?? '',
    },
    defaultRateId: contact?.defaultRateId ?? null,
    isDebtor: contact?.isDebtor ?? false,
    documentType: contact?.documentType ?? '',
    documentNumber: contact?.documentNumber ?? '',
    documentIssueDate: contact?.documentIssueDate ?? '',
    documentIssuingAuthority: contact?.documentIssuingAuthority ?? '',
  } satisfies z.input<typeof ZContactForm>;
}

/**
 * The travel document's fields the registration law of the property's country asks of a guest of
 * this nationality (Austria: all four for a foreign guest; Germany: type and number for a non-German
 * one), read off the contract's one completeness rule.
 */
export function requiredDocumentFields(
  propertyCountry: string | null | undefined,
  nationality: string | null | undefined,
): Set<TRegistrationField> {
  const missing = missingRegistrationFields(propertyCountry, {
    name: null,
    gender: 'unspecified',
    dateOfBirth: null,
    nationality: nationality || null,
    address: {},
    documentType: null,
    documentNumber: null,
    documentIssueDate: null,
    documentIssuingAuthority: null,
    isFamilyMember: false,
    isPrimary: true,
    documentCount: 1,
  });
  return new Set(missing.filter((field) => field.startsWith('document')));
}
