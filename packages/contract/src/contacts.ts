import { z } from 'zod';
import { ZAddress, ZCountry } from './addresses.ts';
import { ZExpandQuery, ZId, ZIsoDate, ZRecord, ZText, ZTimestamp } from './common.ts';
import { ZBookingStatus } from './bookings.ts';
import { ZPageQuery } from './paging.ts';
import { ZFile } from './files.ts';
import { searchObjectTypes } from './search.ts';
import { ZLanguage } from './session.ts';

export const contactTypes = ['person', 'company'] as const;
export const ZContactType = z.enum(contactTypes);
export type TContactType = z.infer<typeof ZContactType>;

export const genders = ['male', 'female', 'unspecified'] as const;
export const ZGender = z.enum(genders);
export type TGender = z.infer<typeof ZGender>;

/** The kinds of travel document a registration names. */
export const travelDocumentTypes = ['passport', 'id_card', 'other'] as const;
export const ZTravelDocumentType = z.enum(travelDocumentTypes);
export type TTravelDocumentType = z.infer<typeof ZTravelDocumentType>;

/** The travel document a guest's registration names (a foreign guest's, in Austria and Germany). */
const travelDocumentFields = {
  documentType: ZTravelDocumentType.nullable(),
  documentNumber: ZText.trim().max(50).nullable(),
  documentIssueDate: ZIsoDate.nullable(),
  documentIssuingAuthority: ZText.trim().max(200).nullable(),
};

export const ZContactCompany = z.object({
  name: ZText.max(200).nullish(),
  managingDirector: ZText.max(200).nullish(),
  vatNumber: ZText.max(100).nullish(),
  taxNumber: ZText.max(100).nullish(),
  registrationNumber: ZText.max(100).nullish(),
});
export type TContactCompany = z.infer<typeof ZContactCompany>;

/** An e-mail field a form may leave empty: '' is accepted and stored as no address. */
const ZOptionalEmail = z.email().max(254).or(z.literal('')).nullable();

const editableContactFields = {
  type: ZContactType,
  gender: ZGender,
  name: ZText.trim().min(1).max(200),
  email: ZOptionalEmail,
  invoiceEmail: ZOptionalEmail,
  phone: ZText.max(50).nullable(),
  website: ZText.max(200).nullable(),
  language: ZLanguage.nullable(),
  dateOfBirth: ZIsoDate.nullable(),
  nationality: ZCountry.nullable(),
  address: ZAddress,
  company: ZContactCompany,
  defaultRateId: ZId.nullable(),
  isDebtor: z.boolean(),
  ...travelDocumentFields,
};

/** A person or company: customer of bookings, guest, invoice recipient. */
export const ZContact = ZRecord.extend({
  type: ZContactType,
  gender: ZGender,
  name: z.string(),
  email: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  language: ZLanguage.nullable(),
  dateOfBirth: ZIsoDate.nullable(),
  nationality: ZCountry.nullable(),
  address: ZAddress,
  company: ZContactCompany,
  defaultRateId: ZId.nullable(),
  defaultRate: z.object({ id: ZId, name: z.string(), code: z.string() }).nullable().optional(),
  isDebtor: z.boolean(),
  documentType: ZTravelDocumentType.nullable(),
  documentNumber: z.string().nullable(),
  documentIssueDate: ZIsoDate.nullable(),
  documentIssuingAuthority: z.string().nullable(),
  /** The spec's guest shape: the same contact channels grouped. */
  communication: z.object({
    email: z.string().nullable(),
    invoiceEmail: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
  }),
});
export type TContact = z.infer<typeof ZContact>;

/** Create and replace (PUT): every editable field; the ones left out take their defaults. */
export const ZCreateContactRequest = z.object({
  ...editableContactFields,
  type: ZContactType.default('person'),
  gender: ZGender.default('unspecified'),
  email: ZOptionalEmail.default(null),
  invoiceEmail: ZOptionalEmail.default(null),
  phone: editableContactFields.phone.default(null),
  website: editableContactFields.website.default(null),
  language: editableContactFields.language.default(null),
  dateOfBirth: editableContactFields.dateOfBirth.default(null),
  nationality: editableContactFields.nationality.default(null),
  address: ZAddress.default({}),
  company: ZContactCompany.default({}),
  defaultRateId: editableContactFields.defaultRateId.default(null),
  isDebtor: z.boolean().default(false),
  documentType: travelDocumentFields.documentType.default(null),
  documentNumber: travelDocumentFields.documentNumber.default(null),
  documentIssueDate: travelDocumentFields.documentIssueDate.default(null),
  documentIssuingAuthority: travelDocumentFields.documentIssuingAuthority.default(null),
});
export type TCreateContactRequest = z.input<typeof ZCreateContactRequest>;

export const ZUpdateContactRequest = ZCreateContactRequest;
export type TUpdateContactRequest = z.input<typeof ZUpdateContactRequest>;

/** PATCH: only the fields sent change. */
export const ZPatchContactRequest = z.object(editableContactFields).partial();
export type TPatchContactRequest = z.infer<typeof ZPatchContactRequest>;

export const ZContactListQuery = ZPageQuery.extend({
  /** Part of the name, e-mail or phone, in any case. */
  query: ZText.trim().max(100).optional(),
  type: ZContactType.optional(),
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

export const contactBookingRoles = ['customer', 'guest'] as const;

/** A booking of a contact's history: as the customer, or else as a guest. */
export const ZContactBooking = z.object({
  id: ZId,
  code: z.string(),
  status: ZBookingStatus,
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  roomNumber: z.string().nullable(),
  role: z.enum(contactBookingRoles),
});
export type TContactBooking = z.infer<typeof ZContactBooking>;

/** Invoice statuses (spec section 4). */
export const invoiceStatuses = ['draft', 'open', 'paid', 'canceled', 'completed'] as const;
export type TInvoiceStatus = (typeof invoiceStatuses)[number];

export const ZInvoiceSummary = z.object({
  id: ZId,
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  totalAmount: z.number().int(),
  createdAt: ZTimestamp,
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZContactFileParams = z.object({ id: ZId, fileId: ZId });
/** The stay a contact's document was handed in for: the booking link of that stay shows it. */
export const ZDocumentStay = z.object({
  bookingId: ZId,
  code: z.string(),
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
});
/** A document on a contact record, with the stay it was handed in for (null: none, the portal never shows it). */
export const ZContactDocument = ZFile.extend({
  stay: ZDocumentStay.nullable(),
  /** An ID picture's: when the data read from it was confirmed (its deletion runs from then, decision 194). */
  confirmedAt: ZTimestamp.nullable(),
});
export type TContactDocument = z.infer<typeof ZContactDocument>;

/** Linking a contact's document: `bookingId` hands it in for one of the contact's stays (the portal shows it there). */
export const ZLinkContactFileQuery = z.object({ bookingId: ZId.optional() });
export type TLinkContactFileQuery = z.infer<typeof ZLinkContactFileQuery>;

/** A booking of a group, light: enough for the group's bookings tab. */
export const ZGroupBooking = z.object({
  id: ZId,
  code: z.string(),
  status: ZBookingStatus,
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  occupancy: z.number().int(),
  roomNumber: z.string().nullable(),
  /** The primary guest, else the first guest, else the customer. */
  guestName: z.string().nullable(),
});
export type TGroupBooking = z.infer<typeof ZGroupBooking>;

/** The figures of a group's bookings; canceled bookings do not count. */
export const ZGroupFigures = z.object({
  bookingCount: z.number().int(),
  /** Sum of the bookings' occupancy. */
  guestCount: z.number().int(),
  nights: z.number().int(),
  /** Distinct rooms. */
  roomCount: z.number().int(),
  earliestCheckIn: ZIsoDate.nullable(),
  latestCheckOut: ZIsoDate.nullable(),
  /** Gross cents of the charges on the bookings' folios. */
  grossAmount: z.number().int(),
});
export type TGroupFigures = z.infer<typeof ZGroupFigures>;

export const ZGroup = ZRecord.extend({
  name: z.string(),
  customerId: ZId.nullable(),
  customer: ZContact.nullable().optional(),
  bookings: z.array(ZGroupBooking).optional(),
  ...ZGroupFigures.shape,
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZCreateGroupRequest = z.object({
  name: ZText.trim().min(1).max(200),
  customerId: ZId.nullable().default(null),
});
export type TCreateGroupRequest = z.input<typeof ZCreateGroupRequest>;

export const ZUpdateGroupRequest = ZCreateGroupRequest;
export type TUpdateGroupRequest = z.input<typeof ZUpdateGroupRequest>;

/** Adds an existing booking of the property to a group (it leaves the group it was in). */
export const ZAddGroupBookingRequest = z.object({ bookingId: ZId });
export type TAddGroupBookingRequest = z.infer<typeof ZAddGroupBookingRequest>;

export const ZGroupBookingParams = z.object({ id: ZId, bookingId: ZId });

export const ZGroupListQuery = ZPageQuery.extend({
  query: ZText.trim().max(100).optional(),
  expand: ZExpandQuery.shape.expand,
});
export type TGroupListQuery = z.infer<typeof ZGroupListQuery>;

/** The spec's object types, which notes (and search results) refer to. */
export const ZNoteObjectType = z.enum(searchObjectTypes);
export type TNoteObjectType = z.infer<typeof ZNoteObjectType>;

export const ZNote = z.object({
  id: ZId,
  objectType: ZNoteObjectType,
  objectId: ZId,
  text: z.string(),
  authorName: z.string(),
  createdAt: ZTimestamp,
});
export type TNote = z.infer<typeof ZNote>;

export const ZCreateNoteRequest = z.object({ text: ZText.trim().min(1).max(10_000) });
export type TCreateNoteRequest = z.infer<typeof ZCreateNoteRequest>;

export const ZNoteParams = z.object({ noteId: ZId });
