import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TAddress,
  TBookingStatus,
  THousekeepingState,
  TInvoiceStatus,
  TLevyExemption,
  TRoomLock,
  TTravelDocumentType,
} from '@pms/contract';
import { sameProperty, tenantRecordFields, timestamptz } from './common.ts';
import { files, properties, users } from './core.ts';
import { mailMessages } from './mail.ts';
import { items, localTaxLevies, paymentMethods, rates, roomTypes, rooms, taxRates } from './base-data.ts';

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
    ...tenantRecordFields,
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
    defaultRateId: uuid('default_rate_id'),
    isDebtor: boolean('is_debtor').notNull().default(false),
    /** The travel document a registration names (a foreign guest's, in Austria and Germany). */
    documentType: text('document_type').$type<TTravelDocumentType>(),
    documentNumber: text('document_number'),
    documentIssueDate: date('document_issue_date', { mode: 'string' }),
    documentIssuingAuthority: text('document_issuing_authority'),
  },
  (t) => [
    primaryKey({ name: 'contacts_pkey', columns: [t.propertyId, t.id] }),
    index('contacts_id_idx').on(t.id),
    sameProperty('contacts_default_rate_id_same_property_fk', t.propertyId, t.defaultRateId, rates),
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
    propertyId: propertyId(),
    contactId: uuid('contact_id').notNull(),
    fileId: uuid('file_id').notNull(),
    /** The stay the document was handed in for (through its booking link, or by staff for it). */
    bookingId: uuid('booking_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the data read from the ID picture was confirmed (by the guest or staff); its deletion runs from here. */
    confirmedAt: timestamptz('confirmed_at'),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
  },
  (t) => [
    sameProperty('contact_files_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    sameProperty('contact_files_contact_id_same_property_fk', t.propertyId, t.contactId, contacts),
    sameProperty('contact_files_file_id_same_property_fk', t.propertyId, t.fileId, files),
    uniqueIndex('contact_files_key').on(t.contactId, t.fileId, t.propertyId),
    index('contact_files_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
  ],
);

export const groups = pgTable(
  'groups',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    customerId: uuid('customer_id'),
  },
  (t) => [
    primaryKey({ name: 'groups_pkey', columns: [t.propertyId, t.id] }),
    index('groups_id_idx').on(t.id),
    sameProperty('groups_customer_id_same_property_fk', t.propertyId, t.customerId, contacts),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    code: text('code').notNull(),
    status: text('status').$type<TBookingStatus>().notNull().default('confirmed'),
    occupancy: integer('occupancy').notNull(),
    source: text('source').notNull().default('internal'),
    securityCode: text('security_code').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    roomId: uuid('room_id'),
    roomTypeId: uuid('room_type_id').notNull(),
    rateId: uuid('rate_id'),
    customerId: uuid('customer_id'),
    groupId: uuid('group_id'),
    externalId: text('external_id'),
    externalCode: text('external_code'),
    /** The booking platform it was imported from (channel sync); its key to channels is in migration 0031. */
    channelId: uuid('channel_id'),
    /** Imported over a stay already in the room: held without a room until staff resolve it. */
    isChannelConflict: boolean('is_channel_conflict').notNull().default(false),
    comment: text('comment'),
    color: text('color'),
    isDebtor: boolean('is_debtor').notNull().default(false),
    isRoomFixed: boolean('is_room_fixed').notNull().default(false),
    /** A work or business stay: the levies' work-stay rules apply (migration 0033). */
    isWorkStay: boolean('is_work_stay').notNull().default(false),
    /** Gross cents for food and beverage per day, when agreed with the guest. */
    foodAndBeveragePerDay: integer('food_and_beverage_per_day'),
    signatureFileId: uuid('signature_file_id'),
    /** The signed registration form the portal check-in stored. */
    registrationFileId: uuid('registration_file_id'),
    checkedInAt: timestamptz('checked_in_at'),
    checkedOutAt: timestamptz('checked_out_at'),
  },
  (t) => [
    primaryKey({ name: 'bookings_pkey', columns: [t.propertyId, t.id] }),
    index('bookings_id_idx').on(t.id),
    sameProperty('bookings_customer_id_same_property_fk', t.propertyId, t.customerId, contacts),
    sameProperty('bookings_group_id_same_property_fk', t.propertyId, t.groupId, groups),
    sameProperty('bookings_rate_id_same_property_fk', t.propertyId, t.rateId, rates),
    sameProperty('bookings_registration_file_id_same_property_fk', t.propertyId, t.registrationFileId, files),
    sameProperty('bookings_room_id_same_property_fk', t.propertyId, t.roomId, rooms),
    sameProperty('bookings_room_type_id_same_property_fk', t.propertyId, t.roomTypeId, roomTypes),
    sameProperty('bookings_signature_file_id_same_property_fk', t.propertyId, t.signatureFileId, files),
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
    propertyId: propertyId(),
    bookingId: uuid('booking_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Travels with the main guest as family: the Gästeblatt asks only name and date of birth. */
    isFamilyMember: boolean('is_family_member').notNull().default(false),
    /** The local tax exemption reason staff picked for the guest, with a note (decision 191). */
    localTaxExemptionReason: text('local_tax_exemption_reason'),
    localTaxExemptionNote: text('local_tax_exemption_note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    sameProperty('booking_guests_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    sameProperty('booking_guests_contact_id_same_property_fk', t.propertyId, t.contactId, contacts),
    uniqueIndex('booking_guests_key').on(t.bookingId, t.contactId, t.propertyId),
    index('booking_guests_contact_idx').on(t.contactId),
    check(
      'booking_guests_local_tax_exemption_check',
      sql`(${t.localTaxExemptionReason} is null or btrim(${t.localTaxExemptionReason}) <> '') and (${t.localTaxExemptionNote} is null or ${t.localTaxExemptionReason} is not null)`,
    ),
  ],
);

/** The guest portal's entry: an unguessable id that reaches one booking. */
export const bookingLinks = pgTable(
  'booking_links',
  {
    id: text('id').notNull(),
    propertyId: propertyId(),
    bookingId: uuid('booking_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'booking_links_pkey', columns: [t.propertyId, t.id] }),
    index('booking_links_id_idx').on(t.id),
    sameProperty('booking_links_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    index('booking_links_booking_idx').on(t.bookingId),
  ],
);

export const roomLocks = pgTable(
  'room_locks',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    roomId: uuid('room_id').notNull(),
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
    primaryKey({ name: 'room_locks_pkey', columns: [t.propertyId, t.id] }),
    index('room_locks_id_idx').on(t.id),
    sameProperty('room_locks_room_id_same_property_fk', t.propertyId, t.roomId, rooms),
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
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    roomId: uuid('room_id').notNull(),
    bookingId: uuid('booking_id'),
    roomLockId: uuid('room_lock_id'),
    stay: daterange('stay').notNull(),
  },
  (t) => [
    primaryKey({ name: 'room_occupancies_pkey', columns: [t.propertyId, t.id] }),
    sameProperty(
      'room_occupancies_booking_id_same_property_fk',
      t.propertyId,
      t.bookingId,
      bookings,
    ).onDelete('cascade'),
    sameProperty('room_occupancies_room_id_same_property_fk', t.propertyId, t.roomId, rooms),
    sameProperty(
      'room_occupancies_room_lock_id_same_property_fk',
      t.propertyId,
      t.roomLockId,
      roomLocks,
    ).onDelete('cascade'),
    index('room_occupancies_booking_idx').on(t.bookingId),
    index('room_occupancies_lock_idx').on(t.roomLockId),
  ],
);

export const notes = pgTable(
  'notes',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    text: text('text').notNull(),
    authorName: text('author_name').notNull(),
  },
  (t) => [
    primaryKey({ name: 'notes_pkey', columns: [t.propertyId, t.id] }),
    index('notes_id_idx').on(t.id),
    index('notes_object_idx').on(t.objectType, t.objectId),
  ],
);

/** The audit trail: every change to a booking, folio, invoice or guest. */
export const events = pgTable(
  'events',
  {
    id: uuid('id')
      .notNull()
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
  (t) => [
    primaryKey({ name: 'events_pkey', columns: [t.propertyId, t.id] }),
    index('events_id_idx').on(t.id),
    index('events_object_idx').on(t.objectType, t.objectId, t.createdAt),
  ],
);

export const folios = pgTable(
  'folios',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    bookingId: uuid('booking_id'),
    groupId: uuid('group_id'),
    customerId: uuid('customer_id'),
    externalId: text('external_id'),
    isGroupFolio: boolean('is_group_folio').notNull().default(false),
    isVirtualPayment: boolean('is_virtual_payment').notNull().default(false),
    /** A label for a split folio, such as the paying company. */
    name: text('name'),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    primaryKey({ name: 'folios_pkey', columns: [t.propertyId, t.id] }),
    index('folios_id_idx').on(t.id),
    sameProperty('folios_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    sameProperty('folios_customer_id_same_property_fk', t.propertyId, t.customerId, contacts),
    sameProperty('folios_group_id_same_property_fk', t.propertyId, t.groupId, groups),
    index('folios_booking_idx').on(t.bookingId),
    index('folios_group_idx').on(t.groupId),
  ],
);

export const charges = pgTable(
  'charges',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    folioId: uuid('folio_id').notNull(),
    /** A charge, or an allowance: a negative entry correcting the charge it names. */
    kind: text('kind').$type<'charge' | 'allowance'>().notNull().default('charge'),
    itemId: uuid('item_id'),
    taxRateId: uuid('tax_rate_id'),
    /** Snapshots of the tax rate as it was when the entry was posted. */
    taxCode: text('tax_code'),
    accountNumber: text('account_number'),
    /** A transitory item (the local tax): collected for others, without VAT. */
    isTransitory: boolean('is_transitory').notNull().default(false),
    correctsChargeId: uuid('corrects_charge_id'),
    /**
     * A moved charge: the source's allowance and the target's new charge name each other. Its key to
     * charges (ON DELETE SET NULL of this column only, migration 0031) is more than Drizzle can declare.
     */
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
    bookingId: uuid('booking_id'),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    /** The local tax levy a posted local tax charge is for (decision 191). */
    levyId: uuid('levy_id'),
  },
  (t) => [
    primaryKey({ name: 'charges_pkey', columns: [t.propertyId, t.id] }),
    sameProperty('charges_levy_id_same_property_fk', t.propertyId, t.levyId, localTaxLevies),
    index('charges_levy_idx')
      .on(t.propertyId, t.levyId, t.bookedOn)
      .where(sql`${t.levyId} is not null`),
    index('charges_id_idx').on(t.id),
    sameProperty('charges_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    sameProperty('charges_corrects_charge_id_same_property_fk', t.propertyId, t.correctsChargeId, t).onDelete(
      'cascade',
    ),
    sameProperty('charges_folio_id_same_property_fk', t.propertyId, t.folioId, folios),
    sameProperty('charges_item_id_same_property_fk', t.propertyId, t.itemId, items),
    sameProperty('charges_tax_rate_id_same_property_fk', t.propertyId, t.taxRateId, taxRates),
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
    ...tenantRecordFields,
    propertyId: propertyId(),
    folioId: uuid('folio_id').notNull(),
    paymentMethodId: uuid('payment_method_id'),
    amount: integer('amount').notNull(),
    reference: text('reference'),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.propertyId, t.id] }),
    index('payments_id_idx').on(t.id),
    sameProperty('payments_folio_id_same_property_fk', t.propertyId, t.folioId, folios),
    sameProperty(
      'payments_payment_method_id_same_property_fk',
      t.propertyId,
      t.paymentMethodId,
      paymentMethods,
    ),
    index('payments_folio_idx').on(t.folioId),
    index('payments_paid_on_idx').on(t.propertyId, t.paidOn),
    check('payments_amount_check', sql`${t.amount} <> 0`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    folioId: uuid('folio_id').notNull(),
    bookingId: uuid('booking_id'),
    customerId: uuid('customer_id'),
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
    fileId: uuid('file_id'),
    /** The e-invoice's CII XML (EN 16931), kept beside the PDF. */
    xmlFileId: uuid('xml_file_id'),
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
    primaryKey({ name: 'invoices_pkey', columns: [t.propertyId, t.id] }),
    index('invoices_id_idx').on(t.id),
    sameProperty('invoices_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    sameProperty('invoices_cancels_same_property_fk', t.propertyId, t.cancels, t),
    sameProperty('invoices_customer_id_same_property_fk', t.propertyId, t.customerId, contacts),
    sameProperty('invoices_file_id_same_property_fk', t.propertyId, t.fileId, files),
    sameProperty('invoices_folio_id_same_property_fk', t.propertyId, t.folioId, folios),
    sameProperty('invoices_xml_file_id_same_property_fk', t.propertyId, t.xmlFileId, files),
    uniqueIndex('invoices_number_key').on(t.propertyId, t.number),
    uniqueIndex('invoices_cancels_key')
      .on(t.cancels, t.propertyId)
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
    ...tenantRecordFields,
    propertyId: propertyId(),
    invoiceId: uuid('invoice_id').notNull(),
    level: integer('level').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    payBy: date('pay_by', { mode: 'string' }).notNull(),
    dueAmount: integer('due_amount').notNull(),
    fileId: uuid('file_id'),
    mailMessageId: uuid('mail_message_id'),
  },
  (t) => [
    primaryKey({ name: 'invoice_reminders_pkey', columns: [t.propertyId, t.id] }),
    index('invoice_reminders_id_idx').on(t.id),
    sameProperty('invoice_reminders_file_id_same_property_fk', t.propertyId, t.fileId, files),
    sameProperty('invoice_reminders_invoice_id_same_property_fk', t.propertyId, t.invoiceId, invoices),
    sameProperty(
      'invoice_reminders_mail_message_id_same_property_fk',
      t.propertyId,
      t.mailMessageId,
      mailMessages,
    ),
    uniqueIndex('invoice_reminders_level_key').on(t.invoiceId, t.level, t.propertyId),
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
      .notNull()
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
    primaryKey({ name: 'invoice_lines_pkey', columns: [t.propertyId, t.id] }),
    sameProperty('invoice_lines_invoice_id_same_property_fk', t.propertyId, t.invoiceId, invoices),
    uniqueIndex('invoice_lines_position_key').on(t.invoiceId, t.position, t.propertyId),
    check('invoice_lines_sum_check', sql`${t.netAmount} + ${t.taxAmount} = ${t.grossAmount}`),
  ],
);

/** An invoice's tax per rate (EN 16931 BG-23), as computed when it was made. */
export const invoiceTaxes = pgTable(
  'invoice_taxes',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    invoiceId: uuid('invoice_id').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    netAmount: integer('net_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    grossAmount: integer('gross_amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_taxes_pkey', columns: [t.propertyId, t.id] }),
    sameProperty('invoice_taxes_invoice_id_same_property_fk', t.propertyId, t.invoiceId, invoices),
    uniqueIndex('invoice_taxes_rate_key').on(t.invoiceId, t.taxBasisPoints, t.propertyId),
    check('invoice_taxes_sum_check', sql`${t.netAmount} + ${t.taxAmount} = ${t.grossAmount}`),
  ],
);

/** One guest's share of a night of a levy, and who owed nothing with why. */
export type TLocalTaxNightGuest = { guestId: string; amount: number };
export type TLocalTaxNightExempt = {
  guestId: string | null;
  exemption: TLevyExemption;
  reason: string | null;
};

/**
 * What the posting charged a booking per levy and night (decision 191): persons, the base, the amount,
 * per guest and who was exempt with why. Written with the stay's charges; the levy report reads it.
 */
export const localTaxNights = pgTable(
  'local_tax_nights',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    bookingId: uuid('booking_id').notNull(),
    levyId: uuid('levy_id').notNull(),
    night: date('night', { mode: 'string' }).notNull(),
    persons: integer('persons').notNull(),
    baseAmount: integer('base_amount').notNull(),
    amount: integer('amount').notNull(),
    guests: jsonb('guests').$type<TLocalTaxNightGuest[]>().notNull(),
    exempt: jsonb('exempt').$type<TLocalTaxNightExempt[]>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'local_tax_nights_pkey', columns: [t.propertyId, t.id] }),
    index('local_tax_nights_id_idx').on(t.id),
    sameProperty(
      'local_tax_nights_booking_id_same_property_fk',
      t.propertyId,
      t.bookingId,
      bookings,
    ).onDelete('cascade'),
    sameProperty('local_tax_nights_levy_id_same_property_fk', t.propertyId, t.levyId, localTaxLevies),
    uniqueIndex('local_tax_nights_key').on(t.propertyId, t.bookingId, t.levyId, t.night),
    index('local_tax_nights_night_idx').on(t.propertyId, t.night),
    check(
      'local_tax_nights_amounts_check',
      sql`${t.persons} >= 0 and ${t.baseAmount} >= 0 and ${t.amount} >= 0`,
    ),
  ],
);
