// The guest portal's calls (`/api/portal`, Link-Id header) and its rules as pure functions: which
// registration fields a guest still lacks in the property's country, which form the law asks for, and
// the link's window. The server and the portal screens share them.
import { z } from 'zod';
import { ZAddress, ZCountry, type TAddress } from './addresses.ts';
import { ZBookingStatus } from './bookings.ts';
import { ZCommunication, ZId, ZIsoDate, ZText, ZTimestamp } from './common.ts';
import { zonedInstant } from './dates.ts';
import { ZGender, ZTravelDocumentType, type TGender, type TTravelDocumentType } from './contacts.ts';
import { ZFile } from './files.ts';
import { ZFolioCharge, ZFolioTotals } from './folios.ts';
import { ZInvoiceListItem, ZVatId } from './invoices.ts';

/** The Link-Id header a portal request carries: the booking link's url-safe token. */
export const portalLinkHeader = 'link-id';
export const ZLinkId = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'format');

// The travel document's kinds live with the contact that holds them; the portal's calls name them too.
export { travelDocumentTypes, ZTravelDocumentType, type TTravelDocumentType } from './contacts.ts';

/** The registration fields of one guest, as completeness reads them. */
export type TRegistrationGuest = {
  name: string | null;
  gender: TGender;
  dateOfBirth: string | null;
  nationality: string | null;
  address: TAddress;
  documentType: TTravelDocumentType | null;
  documentNumber: string | null;
  documentIssueDate: string | null;
  documentIssuingAuthority: string | null;
  /** A family member travelling with the main guest (spouse, child): the Gästeblatt asks less of them. */
  isFamilyMember: boolean;
  isPrimary: boolean;
  /** How many documents (ID scans) the guest has uploaded. */
  documentCount: number;
};

export const registrationFields = [
  'name',
  'dateOfBirth',
  'gender',
  'nationality',
  'address.line1',
  'address.postalCode',
  'address.city',
  'address.country',
  'documents',
  'documentType',
  'documentNumber',
  'documentIssueDate',
  'documentIssuingAuthority',
] as const;
export type TRegistrationField = (typeof registrationFields)[number];

/** The form the registration law of the property's country asks for. */
export const registrationFormKinds = ['gaesteblatt', 'meldeschein', 'registration'] as const;
export type TRegistrationFormKind = (typeof registrationFormKinds)[number];

const isBlank = (value: string | null | undefined) => !value || value.trim() === '';

/** Whether a guest is foreign to the property's country (an unknown nationality counts as foreign). */
export function isForeignGuest(
  propertyCountry: string | null | undefined,
  nationality: string | null,
): boolean {
  return !nationality || nationality !== propertyCountry;
}

/**
 * The registration fields a guest still lacks, in the order of the form. Everywhere the spec's rule
 * holds: name, date of birth, nationality, address with line 1, postal code, city and country, and one
 * document. Austria (MeldeV Anlage A) adds the sex, and for foreign guests the travel document's type,
 * number, issue date and issuing authority; Germany (BMG §30) adds the document's type and number for
 * foreign guests. A family member travelling with the main guest needs only name and date of birth.
 */
export function missingRegistrationFields(
  propertyCountry: string | null | undefined,
  guest: TRegistrationGuest,
): TRegistrationField[] {
  const missing: TRegistrationField[] = [];
  if (isBlank(guest.name)) missing.push('name');
  if (isBlank(guest.dateOfBirth)) missing.push('dateOfBirth');
  if (guest.isFamilyMember && !guest.isPrimary) return missing;
  if (propertyCountry === 'at' && guest.gender === 'unspecified') missing.push('gender');
  if (isBlank(guest.nationality)) missing.push('nationality');
  if (isBlank(guest.address.line1)) missing.push('address.line1');
  if (isBlank(guest.address.postalCode)) missing.push('address.postalCode');
  if (isBlank(guest.address.city)) missing.push('address.city');
  if (isBlank(guest.address.country)) missing.push('address.country');
  if (guest.documentCount < 1) missing.push('documents');
  const isForeign = isForeignGuest(propertyCountry, guest.nationality);
  if ((propertyCountry === 'at' || propertyCountry === 'de') && isForeign) {
    if (!guest.documentType) missing.push('documentType');
    if (isBlank(guest.documentNumber)) missing.push('documentNumber');
  }
  if (propertyCountry === 'at' && isForeign) {
    if (isBlank(guest.documentIssueDate)) missing.push('documentIssueDate');
    if (isBlank(guest.documentIssuingAuthority)) missing.push('documentIssuingAuthority');
  }
  return missing;
}

export function isGuestComplete(
  propertyCountry: string | null | undefined,
  guest: TRegistrationGuest,
): boolean {
  return missingRegistrationFields(propertyCountry, guest).length === 0;
}

/**
 * The registration form of a stay: the Austrian Gästeblatt always in Austria; in Germany the
 * Meldeschein only when a guest is not German (since 2025); elsewhere a plain registration form.
 */
export function registrationFormKind(
  propertyCountry: string | null | undefined,
  nationalities: (string | null)[],
): TRegistrationFormKind {
  if (propertyCountry === 'at') return 'gaesteblatt';
  if (propertyCountry === 'de' && nationalities.some((nationality) => isForeignGuest('de', nationality)))
    return 'meldeschein';
  return 'registration';
}

/** The link's states a guest can tell apart. */
export const portalLinkStates = ['open', 'expired', 'revoked'] as const;
export type TPortalLinkState = (typeof portalLinkStates)[number];

/**
 * The window of a stay in the portal, in the property's time zone: check-in (and the door) from the
 * check-in date at the check-in time, the link until the check-out date at the check-out time.
 */
export function portalWindow(
  stay: { checkIn: string; checkOut: string },
  property: { checkInTime: string; checkOutTime: string; timeZone: string },
): { checkInOpensAt: Date; expiresAt: Date } {
  return {
    checkInOpensAt: zonedInstant(stay.checkIn, property.checkInTime, property.timeZone),
    expiresAt: zonedInstant(stay.checkOut, property.checkOutTime, property.timeZone),
  };
}

/** A link's state now: revoked wins over expired; expired from its expiry instant on. */
export function portalLinkState(
  link: { expiresAt: Date; revokedAt: Date | null },
  now: Date,
): TPortalLinkState {
  if (link.revokedAt && link.revokedAt.getTime() <= now.getTime()) return 'revoked';
  if (now.getTime() >= link.expiresAt.getTime()) return 'expired';
  return 'open';
}

// --- The calls' shapes ---

/** What a guest may see of the property. */
export const ZPortalProperty = z.object({
  id: ZId,
  name: z.string(),
  address: ZAddress,
  communication: ZCommunication,
  /** The brand palette (JSON-encoded shades) and the logo's address, when set. */
  branding: z.object({ primaryColor: z.string().nullable(), logoUrl: z.string().nullable() }),
  /** HH:mm:ss, as the portal expects. */
  checkInTime: z.string(),
  checkOutTime: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  country: z.string().nullable(),
  features: z.object({ preCheckIn: z.boolean(), payment: z.boolean(), checkInKey: z.boolean() }),
});
export type TPortalProperty = z.infer<typeof ZPortalProperty>;

export const ZPortalGuest = z.object({
  id: ZId,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: ZGender,
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  address: ZAddress,
  documentType: ZTravelDocumentType.nullable(),
  documentNumber: z.string().nullable(),
  documentIssueDate: z.string().nullable(),
  documentIssuingAuthority: z.string().nullable(),
  isPrimary: z.boolean(),
  isFamilyMember: z.boolean(),
  files: z.array(ZFile),
  isComplete: z.boolean(),
  missingFields: z.array(z.enum(registrationFields)),
});
export type TPortalGuest = z.infer<typeof ZPortalGuest>;

export const ZPortalBooking = z.object({
  id: ZId,
  code: z.string(),
  status: ZBookingStatus,
  isCheckedIn: z.boolean(),
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  /** The instants the stay's window opens (check-in, the door) and the link expires. */
  checkInOpensAt: ZTimestamp,
  expiresAt: ZTimestamp,
  numberOfNights: z.number().int(),
  occupancy: z.number().int(),
  room: z.object({ id: ZId, number: z.string() }).nullable(),
  /** The key card's code (check-in-key feature): only while the guest is checked in. */
  securityCode: z.string().nullable(),
  roomType: z.object({ id: ZId, name: z.string() }),
  guests: z.array(ZPortalGuest),
  registrationForm: z.enum(registrationFormKinds),
  hasSignature: z.boolean(),
  signature: ZFile.nullable(),
});
export type TPortalBooking = z.infer<typeof ZPortalBooking>;

export const ZPortalBookingMetadata = z.object({
  /** Whether the booking holds a live key (its doors are listed by access_points). */
  hasAccessToken: z.boolean(),
  hasInvoices: z.boolean(),
  isReadyForCheckIn: z.boolean(),
  status: ZBookingStatus,
  grossAmount: z.number().int(),
  paidAmount: z.number().int(),
  dueAmount: z.number().int(),
  areGuestsComplete: z.boolean(),
  hasSignature: z.boolean(),
  checkInOpensAt: ZTimestamp,
  expiresAt: ZTimestamp,
});
export type TPortalBookingMetadata = z.infer<typeof ZPortalBookingMetadata>;

/** The general settings a guest may see (not the e-mail texts). */
export const ZPortalGeneralSettings = z.object({
  featurePreCheckIn: z.boolean(),
  featurePayment: z.boolean(),
  featureCheckInJack: z.boolean(),
  propertyInfoUrl: z.string().nullable(),
});
export type TPortalGeneralSettings = z.infer<typeof ZPortalGeneralSettings>;

/** A guest's registration as the portal changes it; fields left out stay as they are. */
export const ZUpdatePortalGuestRequest = z
  .object({
    name: ZText.trim().min(1).max(200),
    gender: ZGender,
    dateOfBirth: ZIsoDate.nullable(),
    nationality: ZCountry.nullable(),
    address: ZAddress,
    documentType: ZTravelDocumentType.nullable(),
    documentNumber: ZText.trim().max(50).nullable(),
    documentIssueDate: ZIsoDate.nullable(),
    documentIssuingAuthority: ZText.trim().max(200).nullable(),
    isFamilyMember: z.boolean(),
  })
  .partial()
  .strict();
export type TUpdatePortalGuestRequest = z.infer<typeof ZUpdatePortalGuestRequest>;

export const ZPortalGuestParams = z.object({ guestId: ZId });
export const ZPortalContactParams = z.object({ contactId: ZId });
export const ZPortalContactFileParams = z.object({ contactId: ZId, fileId: ZId });
export const ZPortalFileParams = z.object({ fileId: ZId });

export const ZPortalSignature = z.object({ signature: ZFile.nullable() });
export type TPortalSignature = z.infer<typeof ZPortalSignature>;

/** The answer of pre-check-in: the registration is complete and signed. */
export const ZPortalPreCheckIn = z.object({ isReadyForCheckIn: z.boolean(), booking: ZPortalBooking });
export type TPortalPreCheckIn = z.infer<typeof ZPortalPreCheckIn>;

/** What the booking costs, was paid and is due, over all and per folio. */
export const ZPortalFolioSummary = ZFolioTotals.extend({
  folios: z.array(ZFolioTotals.extend({ id: ZId, name: z.string().nullable() })),
});
export type TPortalFolioSummary = z.infer<typeof ZPortalFolioSummary>;

/** A line of the booking's folios as the payment step lists it (no accounting fields). */
export const ZPortalCharge = ZFolioCharge.pick({
  id: true,
  folioId: true,
  kind: true,
  itemId: true,
  quantity: true,
  text: true,
  netAmount: true,
  taxAmount: true,
  taxPercentage: true,
  grossAmount: true,
  default: true,
  bookedOn: true,
});
export const ZPortalCharges = z.object({ data: z.array(ZPortalCharge) });
export type TPortalCharges = z.infer<typeof ZPortalCharges>;

export const ZPortalInvoices = z.object({ data: z.array(ZInvoiceListItem) });
export type TPortalInvoices = z.infer<typeof ZPortalInvoices>;

export const ZPortalInvoiceParams = z.object({ invoiceId: ZId });

/** The spec's invoice update from the portal: the folio stays, the recipient is one of the stay's people. */
export const ZUpdatePortalInvoiceRequest = z
  .object({
    folioId: ZId,
    customerId: ZId.nullable(),
    recipientCompany: ZText.trim().min(1).max(200).nullable(),
    recipientVatId: ZVatId.nullable(),
    billingAddress: ZAddress,
    saveAddressToContact: z.boolean(),
    additionalText: ZText.max(2000).nullable(),
  })
  .partial()
  .strict();
export type TUpdatePortalInvoiceRequest = z.infer<typeof ZUpdatePortalInvoiceRequest>;
