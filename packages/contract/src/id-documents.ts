import { z } from 'zod';
import { ZCountry } from './addresses.ts';
import { ZIsoDate } from './common.ts';
import { ZGender } from './contacts.ts';

/** What the machine readable zone's document code says the document is. */
export const idDocumentTypes = ['passport', 'id_card', 'visa', 'other'] as const;
export const ZIdDocumentType = z.enum(idDocumentTypes);
export type TIdDocumentType = z.infer<typeof ZIdDocumentType>;

/** The ICAO 9303 layouts: TD1 (cards, 3 lines of 30), TD2 (2 of 36), TD3 (passports, 2 of 44). */
export const ZIdDocumentFormat = z.enum(['td1', 'td2', 'td3']);

/**
 * Which check digits of the zone passed. A field whose check digit failed is still sent as read (the
 * guest confirms it), but a failed document number is never marked as checked.
 */
export const ZIdDocumentChecks = z.object({
  documentNumber: z.boolean(),
  dateOfBirth: z.boolean(),
  expirationDate: z.boolean(),
  /** The check digit over the whole zone; TD1, TD2 and TD3 all carry one. */
  composite: z.boolean(),
});
export type TIdDocumentChecks = z.infer<typeof ZIdDocumentChecks>;

/**
 * The id document analysis (spec section 3) with what the zone adds: nationality, sex and the issuing
 * country. The zone holds no issue date, address or authority: those fields are always null, and the
 * guest types them.
 */
export const ZIdDocumentAnalysis = z.object({
  type: ZIdDocumentType,
  format: ZIdDocumentFormat,
  documentNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: ZIsoDate.nullable(),
  dateOfIssue: ZIsoDate.nullable(),
  expirationDate: ZIsoDate.nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  state: z.string().nullable(),
  nationality: ZCountry.nullable(),
  sex: ZGender.nullable(),
  issuingCountry: ZCountry.nullable(),
  checks: ZIdDocumentChecks,
  /** Every check digit passed. */
  isValid: z.boolean(),
});
export type TIdDocumentAnalysis = z.infer<typeof ZIdDocumentAnalysis>;
