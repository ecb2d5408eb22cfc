import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TAddress,
  TBookingStatus,
  THousekeepingState,
  TInvoiceStatus,
  TRoomLock,
  TTravelDocumentType,
} from '@pms/contract';
import { recordFields, timestamptz } from './common.ts';
import { files, properties } from './core.ts';
import { mailMessages } from './mail.ts';
import { items, paymentMethods, rates, roomTypes, rooms, taxRates } from './base-data.ts';

/** A PostgreSQL daterange, read and written in its text form such as [2026-11-01,2026-11-03). */
const daterange = customType<{ data: string }>({ dataType: () => 'daterange' });

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

type TCompanyData = {
  name?: string | null;
  managingDirector?: string | null;
  vatNumber?: string | null;
  taxNumber?: string | null;
  registrationNumber?: string | null;
};

/** Persons and companies: customers and guests alike. */
export const contacts = pgTable(
  'contacts',
  {
    ...recordFields,
    propertyId: propertyId(),
    type: text('type').notNull().default('person'),
    gender: text('gender').notNull().default('unspecified'),
    name: text('name').notNull(),
    email: text('email'),
    invoiceEmail: text('invoice_email'),
    phone: text('phone'),
    website: text('website'),
    language: text('language'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality'),
    address: jsonb('address').$type<TAddress>().notNull().default({}),
    company: jsonb('company').$type<TCompanyData>().notNull().default({}),
    defaultRateId: uuid('default_rate_id').references(() => rates.id),
    isDebtor: boolean('is_debtor').notNull().default(false),
    /** The travel document a registration names (a foreign guest's, in Austria and Germany). */
    documentType: text('document_type').$type<TTravelDocumentType>(),
    documentNumber: text('document_number'),
    documentIssueDate: date('document_issue_date', { mode: 'string' }),
    documentIssuingAuthority: text('document_issuing_authority'),
  },
  (t) => [
    uniqueIndex('contacts_email_key')
      .on(t.propertyId, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null and ${t.email} is not null and ${t.email} <> ''`),
    index('contacts_name_idx').on(t.propertyId, t.name),
    check('contacts_type_check', sql`${t.type} in ('person', 'company')`),
    check('contacts_gender_check', sql`${t.gender} in ('male', 'female', 'unspecified')`),
    check('contacts_document_type_check', sql`${t.documentType} in ('passport', 'id_card', 'other')`),
  ],
);

export const contactFiles = pgTable(
  'contact_files',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** The stay the document was handed in for (through its booking link, or by staff for it). */
    bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_files_key').on(t.contactId, t.fileId),
    index('contact_files_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
  ],
);

export const groups = pgTable('groups', {
  ...recordFields,
  propertyId: propertyId(),
  name: text('name').notNull(),
  customerId: uuid('customer_id').references(() => contacts.id),
});

export const bookings = pgTable(
  'bookings',
  {
    ...recordFields,
    propertyId: propertyId(),
    code: text('code').notNull(),
    status: text('status').$type<TBookingStatus>().notNull().default('confirmed'),
    occupancy: integer('occupancy').notNull(),
    source: text('source').notNull().default('internal'),
    securityCode: text('security_code').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    roomId: uuid('room_id').references(() => rooms.id),
    roomTypeId: uuid('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    rateId: uuid('rate_id').references(() => rates.id),
    customerId: uuid('customer_id').references(() => contacts.id),
    groupId: uuid('group_id').references(() => groups.id),
    externalId: text('external_id'),
    externalCode: text('external_code'),
    /** The booking platform it was imported from (channel sync); its FK is in migration 0030. */
    channelId: uuid('channel_id'),
    /** Imported over a stay already in the room: held without a room until staff resolve it. */
    isChannelConflict: boolean('is_channel_conflict').notNull().default(false),
    comment: text('comment'),
    color: text('color'),
    isDebtor: boolean('is_debtor').notNull().default(false),
    isRoomFixed: boolean('is_room_fixed').notNull().default(false),
    /** Gross cents for food and beverage per day, when agreed with the guest. */
    foodAndBeveragePerDay: integer('food_and_beverage_per_day'),
    signatureFileId: uuid('signature_file_id').references(() => files.id),
    /** The signed registration form the portal check-in stored. */
    registrationFileId: uuid('registration_file_id').references(() => files.id),
    checkedInAt: timestamptz('checked_in_at'),
    checkedOutAt: timestamptz('checked_out_at'),
  },
  (t) => [
    uniqueIndex('bookings_code_key').on(t.propertyId, t.code),
    index('bookings_stay_idx').on(t.propertyId, t.checkIn, t.checkOut),
    // The room plan's window: only stays that touch it are read, however many lie before or after.
    index('bookings_stay_range_idx')
      .using('gist', t.propertyId, sql`daterange(${t.checkIn}, ${t.checkOut})`)
      .where(sql`${t.deletedAt} is null`),
    index('bookings_room_idx').on(t.roomId),
    index('bookings_customer_idx').on(t.customerId),
    index('bookings_group_idx').on(t.groupId),
    check('bookings_dates_check', sql`${t.checkOut} > ${t.checkIn}`),
    check('bookings_occupancy_check', sql`${t.occupancy} >= 1`),
    check(
      'bookings_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'no_show', 'checked_in', 'checked_out', 'canceled')`,
    ),
  ],
);

export const bookingGuests = pgTable(
  'booking_guests',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Travels with the main guest as family: the Gästeblatt asks only name and date of birth. */
    isFamilyMember: boolean('is_family_member').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_guests_key').on(t.bookingId, t.contactId),
    index('booking_guests_contact_idx').on(t.contactId),
  ],
);

/** The guest portal's entry: an unguessable id that reaches one booking. */
export const bookingLinks = pgTable(
  'booking_links',
  {
    id: text('id').primaryKey(),
    propertyId: propertyId(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('booking_links_booking_idx').on(t.bookingId)],
);

export const roomLocks = pgTable(
  'room_locks',
  {
    ...recordFields,
    propertyId: propertyId(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    /** First and last day the room is locked (both included). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    statusAfterStart: text('status_after_start')
      .$type<THousekeepingState>()
      .notNull()
      .default('out_of_service'),
    statusAfterEnd: text('status_after_end').$type<THousekeepingState>().notNull().default('dirty'),
    status: text('status').$type<TRoomLock['status']>().notNull().default('scheduled'),
    startAppliedAt: timestamptz('start_applied_at'),
    endAppliedAt: timestamptz('end_applied_at'),
  },
  (t) => [
    index('room_locks_room_idx').on(t.roomId),
    check('room_locks_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('room_locks_status_check', sql`${t.status} in ('scheduled', 'active', 'ended', 'canceled')`),
  ],
);

/**
 * Who holds which room on which nights. Kept by triggers from bookings and room locks; an
 * exclusion constraint here makes double booking impossible through any path.
 */
export const roomOccupancies = pgTable(
  'room_occupancies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    roomLockId: uuid('room_lock_id').references(() => roomLocks.id, { onDelete: 'cascade' }),
    stay: daterange('stay').notNull(),
  },
  (t) => [
    index('room_occupancies_booking_idx').on(t.bookingId),
    index('room_occupancies_lock_idx').on(t.roomLockId),
  ],
);

export const notes = pgTable(
  'notes',
  {
    ...recordFields,
    propertyId: propertyId(),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    text: text('text').notNull(),
    authorName: text('author_name').notNull(),
  },
  (t) => [index('notes_object_idx').on(t.objectType, t.objectId)],
);

/** The audit trail: every change to a booking, folio, invoice or guest. */
export const events = pgTable(
  'events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    type: text('type').notNull(),
    actorType: text('actor_type').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('events_object_idx').on(t.objectType, t.objectId, t.createdAt)],
);

export const folios = pgTable(
  'folios',
  {
    ...recordFields,
    propertyId: propertyId(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    groupId: uuid('group_id').references(() => groups.id),
    customerId: uuid('customer_id').references(() => contacts.id),
    externalId: text('external_id'),
    isGroupFolio: boolean('is_group_folio').notNull().default(false),
    isVirtualPayment: boolean('is_virtual_payment').notNull().default(false),
    /** A label for a split folio, such as the paying company. */
    name: text('name'),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [index('folios_booking_idx').on(t.bookingId), index('folios_group_idx').on(t.groupId)],
);

export const charges = pgTable(
  'charges',
  {
    ...recordFields,
    propertyId: propertyId(),
    folioId: uuid('folio_id')
      .notNull()
      .references(() => folios.id),
    /** A charge, or an allowance: a negative entry correcting the charge it names. */
    kind: text('kind').$type<'charge' | 'allowance'>().notNull().default('charge'),
    itemId: uuid('item_id').references(() => items.id),
    taxRateId: uuid('tax_rate_id').references(() => taxRates.id),
    /** Snapshots of the tax rate as it was when the entry was posted. */
    taxCode: text('tax_code'),
    accountNumber: text('account_number'),
    /** A transitory item (the local tax): collected for others, without VAT. */
    isTransitory: boolean('is_transitory').notNull().default(false),
    correctsChargeId: uuid('corrects_charge_id'),
    /** A moved charge: the source's allowance and the target's new charge name each other. */
    transferChargeId: uuid('transfer_charge_id'),
    /** Why the charge was corrected: on every allowance, and on the new charge of a change. */
    reason: text('reason'),
    quantity: integer('quantity').notNull().default(1),
    text: text('text').notNull(),
    netAmount: integer('net_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    grossAmount: integer('gross_amount').notNull(),
    /** Posted by the rate (price calculation), as opposed to a charge staff added by hand. */
    isDefault: boolean('is_default').notNull().default(false),
    /** A rate charge's booking, whose stay it prices, kept wherever the charge is moved. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('charges_folio_idx').on(t.folioId),
    index('charges_booking_idx').on(t.bookingId),
    index('charges_corrects_idx').on(t.correctsChargeId),
    index('charges_booked_on_idx').on(t.propertyId, t.bookedOn),
    check('charges_sum_check', sql`${t.netAmount} + ${t.taxAmount} = ${t.grossAmount}`),
    check(
      'charges_kind_check',
      sql`(${t.kind} = 'charge' and ${t.correctsChargeId} is null and ${t.grossAmount} >= 0) or (${t.kind} = 'allowance' and ${t.correctsChargeId} is not null and ${t.grossAmount} <= 0)`,
    ),
    check(
      'charges_allowance_reason_check',
      sql`(${t.reason} is null or btrim(${t.reason}) <> '') and (${t.kind} <> 'allowance' or ${t.reason} is not null)`,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    ...recordFields,
    propertyId: propertyId(),
    folioId: uuid('folio_id')
      .notNull()
      .references(() => folios.id),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    amount: integer('amount').notNull(),
    reference: text('reference'),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('payments_folio_idx').on(t.folioId),
    index('payments_paid_on_idx').on(t.propertyId, t.paidOn),
    check('payments_amount_check', sql`${t.amount} <> 0`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    ...recordFields,
    propertyId: propertyId(),
    folioId: uuid('folio_id')
      .notNull()
      .references(() => folios.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    customerId: uuid('customer_id').references(() => contacts.id),
    number: text('number'),
    status: text('status').$type<TInvoiceStatus>().notNull().default('draft'),
    totalAmount: integer('total_amount').notNull().default(0),
    paidAmount: integer('paid_amount').notNull().default(0),
    billingAddress: jsonb('billing_address').$type<TAddress>().notNull().default({}),
    recipient: text('recipient'),
    /** A company recipient's name and VAT ID; the recipient is then its contact person. */
    recipientCompany: text('recipient_company'),
    recipientVatId: text('recipient_vat_id'),
    additionalText: text('additional_text'),
    /** The PDF/A-3 with the e-invoice embedded, stored once the invoice is issued. */
    fileId: uuid('file_id').references(() => files.id),
    /** The e-invoice's CII XML (EN 16931), kept beside the PDF. */
    xmlFileId: uuid('xml_file_id').references(() => files.id),
    cancels: uuid('cancels_invoice_id'),
    issuedAt: timestamptz('issued_at'),
    netAmount: integer('net_amount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    /** The first and last service date the invoice bills (the stay when it bills no line). */
    serviceFrom: date('service_from', { mode: 'string' }),
    serviceTo: date('service_to', { mode: 'string' }),
    /** The day an issued invoice's open amount is due: its issue day plus the payment term of then. */
    dueOn: date('due_on', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.propertyId, t.number),
    uniqueIndex('invoices_cancels_key')
      .on(t.cancels)
      .where(sql`${t.cancels} is not null`),
    index('invoices_booking_idx').on(t.bookingId),
    index('invoices_customer_idx').on(t.customerId),
    index('invoices_folio_idx').on(t.folioId),
    index('invoices_file_idx').on(t.fileId),
    index('invoices_xml_file_idx').on(t.xmlFileId),
    index('invoices_issued_idx').on(t.propertyId, t.issuedAt),
    check('invoices_status_check', sql`${t.status} in ('draft', 'open', 'paid', 'canceled', 'completed')`),
    check('invoices_number_check', sql`(${t.status} = 'draft') = (${t.number} is null)`),
  ],
);

/**
 * A payment reminder of an open invoice: the first reminder (level 1), then the dunning letter
 * (level 2), each once, with the day it sets to pay by, the amount it asks for and its letter.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    ...recordFields,
    propertyId: propertyId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    level: integer('level').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    payBy: date('pay_by', { mode: 'string' }).notNull(),
    dueAmount: integer('due_amount').notNull(),
    fileId: uuid('file_id').references(() => files.id),
    mailMessageId: uuid('mail_message_id').references(() => mailMessages.id),
  },
  (t) => [
    uniqueIndex('invoice_reminders_level_key').on(t.invoiceId, t.level),
    index('invoice_reminders_property_idx').on(t.propertyId),
    index('invoice_reminders_file_idx').on(t.fileId),
    check('invoice_reminders_level_check', sql`${t.level} in (1, 2)`),
    check('invoice_reminders_pay_by_check', sql`${t.payBy} > ${t.issuedOn}`),
    check('invoice_reminders_due_amount_check', sql`${t.dueAmount} > 0`),
  ],
);

/** An issued invoice's lines, copied from its folio: they never change once it is issued. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    quantity: integer('quantity').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    netAmount: integer('net_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    grossAmount: integer('gross_amount').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    /** A local tax (Ortstaxe, Kurtaxe): billed for the municipality, without VAT. */
    isLocalTax: boolean('is_local_tax').notNull().default(false),
    /** The charge's revenue account and tax code (BU-Schlüssel) as posted, for the accounting export. */
    accountNumber: text('account_number'),
    taxCode: text('tax_code'),
  },
  (t) => [
    uniqueIndex('invoice_lines_position_key').on(t.invoiceId, t.position),
    check('invoice_lines_sum_check', sql`${t.netAmount} + ${t.taxAmount} = ${t.grossAmount}`),
  ],
);

/** An invoice's tax per rate (EN 16931 BG-23), as computed when it was made. */
export const invoiceTaxes = pgTable(
  'invoice_taxes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    invoiceId: uuid('invoice_id').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    netAmount: integer('net_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    grossAmount: integer('gross_amount').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_taxes_rate_key').on(t.invoiceId, t.taxBasisPoints),
    check('invoice_taxes_sum_check', sql`${t.netAmount} + ${t.taxAmount} = ${t.grossAmount}`),
  ],
);
