import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { THousekeepingState, TLevyChargeKind, TLevyRounding, TLevyWorkStayRule } from '@pms/contract';
import { sameProperty, tenantRecordFields } from './common.ts';
import { properties } from './core.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

export const roomTypes = pgTable(
  'room_types',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** The number of persons the room type is built for (standard occupancy). */
    capacity: integer('capacity').notNull(),
    minOccupancy: integer('min_occupancy').notNull().default(1),
    maxOccupancy: integer('max_occupancy').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    externalId: text('external_id'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'room_types_pkey', columns: [t.propertyId, t.id] }),
    index('room_types_id_idx').on(t.id),
    uniqueIndex('room_types_code_key')
      .on(t.propertyId, t.code)
      .where(sql`${t.deletedAt} is null`),
    check(
      'room_types_occupancy_check',
      sql`${t.minOccupancy} >= 1 and ${t.minOccupancy} <= ${t.maxOccupancy} and ${t.capacity} >= 1`,
    ),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    number: text('number').notNull(),
    roomTypeId: uuid('room_type_id').notNull(),
    housekeepingStatus: text('housekeeping_status').$type<THousekeepingState>().notNull().default('clean'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The number's natural order (db/room-order.ts), stored for the room plan (migration 0020). */
    numberOrder: text('number_order').generatedAlwaysAs(sql`room_number_order(number)`),
  },
  (t) => [
    primaryKey({ name: 'rooms_pkey', columns: [t.propertyId, t.id] }),
    index('rooms_id_idx').on(t.id),
    sameProperty('rooms_room_type_id_same_property_fk', t.propertyId, t.roomTypeId, roomTypes),
    uniqueIndex('rooms_number_key')
      .on(t.propertyId, t.number)
      .where(sql`${t.deletedAt} is null`),
    index('rooms_room_type_idx').on(t.roomTypeId),
    check('rooms_housekeeping_check', sql`${t.housekeepingStatus} in ('clean', 'dirty', 'out_of_service')`),
  ],
);

export const taxRates = pgTable(
  'tax_rates',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    /** Hundredths of a percent: 1000 is 10 %. */
    basisPoints: integer('basis_points').notNull(),
    accountNumber: text('account_number'),
    taxCode: text('tax_code'),
    /**
     * Rates of one kind (such as food) replace each other over time: a charge takes the rate of its
     * item's kind that is valid on its service date.
     */
    kind: text('kind'),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'tax_rates_pkey', columns: [t.propertyId, t.id] }),
    index('tax_rates_id_idx').on(t.id),
    check('tax_rates_range_check', sql`${t.basisPoints} >= 0 and ${t.basisPoints} <= 10000`),
    check(
      'tax_rates_validity_check',
      sql`${t.validUntil} is null or ${t.validFrom} is null or ${t.validUntil} >= ${t.validFrom}`,
    ),
  ],
);

export const items = pgTable(
  'items',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    active: boolean('active').notNull().default(true),
    bookOnFollowingDay: boolean('book_on_following_day').notNull().default(false),
    bookingText: text('booking_text'),
    /** Gross price in cents; null for the virtual overnight item, which the rate prices. */
    amount: integer('amount'),
    taxRateId: uuid('tax_rate_id').notNull(),
    accountNumber: text('account_number'),
    externalId: text('external_id'),
    isOvernight: boolean('is_overnight').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'items_pkey', columns: [t.propertyId, t.id] }),
    index('items_id_idx').on(t.id),
    sameProperty('items_tax_rate_id_same_property_fk', t.propertyId, t.taxRateId, taxRates),
    check('items_type_check', sql`${t.type} in ('accommodation', 'food_and_beverage', 'local_tax', 'other')`),
    uniqueIndex('items_overnight_key')
      .on(t.propertyId)
      .where(sql`${t.isOvernight} and ${t.deletedAt} is null`),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    /** card, cash or transfer: what the payment-method filter groups by. */
    kind: text('kind').notNull().default('card'),
    bookingText: text('booking_text'),
    accountNumber: text('account_number'),
  },
  (t) => [
    primaryKey({ name: 'payment_methods_pkey', columns: [t.propertyId, t.id] }),
    index('payment_methods_id_idx').on(t.id),
    check('payment_methods_kind_check', sql`${t.kind} in ('card', 'cash', 'transfer')`),
  ],
);

export const rates = pgTable(
  'rates',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    isStandard: boolean('is_standard').notNull().default(false),
    externalId: text('external_id'),
  },
  (t) => [
    primaryKey({ name: 'rates_pkey', columns: [t.propertyId, t.id] }),
    index('rates_id_idx').on(t.id),
    uniqueIndex('rates_code_key')
      .on(t.propertyId, t.code)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const ratePrices = pgTable(
  'rate_prices',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    rateId: uuid('rate_id').notNull(),
    roomTypeId: uuid('room_type_id').notNull(),
    occupancy: integer('occupancy').notNull(),
    /** Gross price per night in cents. */
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'rate_prices_pkey', columns: [t.propertyId, t.id] }),
    index('rate_prices_id_idx').on(t.id),
    sameProperty('rate_prices_rate_id_same_property_fk', t.propertyId, t.rateId, rates),
    sameProperty('rate_prices_room_type_id_same_property_fk', t.propertyId, t.roomTypeId, roomTypes),
    uniqueIndex('rate_prices_key')
      .on(t.rateId, t.roomTypeId, t.occupancy, t.propertyId)
      .where(sql`${t.deletedAt} is null`),
    check('rate_prices_amount_check', sql`${t.amount} >= 0 and ${t.occupancy} >= 1`),
  ],
);

export const rateItems = pgTable(
  'rate_items',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    rateId: uuid('rate_id').notNull(),
    itemId: uuid('item_id').notNull(),
    unit: text('unit').notNull(),
    frequency: text('frequency').notNull(),
    /** Gross price per unit and occurrence in cents. */
    amount: integer('amount').notNull(),
    /** Inclusive items are part of the overnight price; additional ones come on top. */
    inclusive: boolean('inclusive').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'rate_items_pkey', columns: [t.propertyId, t.id] }),
    index('rate_items_id_idx').on(t.id),
    sameProperty('rate_items_item_id_same_property_fk', t.propertyId, t.itemId, items),
    sameProperty('rate_items_rate_id_same_property_fk', t.propertyId, t.rateId, rates),
    check('rate_items_unit_check', sql`${t.unit} in ('room', 'person')`),
    check('rate_items_frequency_check', sql`${t.frequency} in ('daily', 'check_in', 'check_out')`),
  ],
);

/** A local tax a town levies (decision 191), posted with one of the property's local_tax items. */
export const localTaxLevies = pgTable(
  'local_tax_levies',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    itemId: uuid('item_id').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ name: 'local_tax_levies_pkey', columns: [t.propertyId, t.id] }),
    index('local_tax_levies_id_idx').on(t.id),
    sameProperty('local_tax_levies_item_id_same_property_fk', t.propertyId, t.itemId, items),
    uniqueIndex('local_tax_levies_name_key')
      .on(t.propertyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    check('local_tax_levies_name_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/**
 * A levy's rule from a date: no two versions of one levy overlap (an exclusion constraint on their
 * dates, migration 0033, more than Drizzle can declare), and the checks there keep each rule whole.
 */
export const localTaxLevyVersions = pgTable(
  'local_tax_levy_versions',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    createdAt: tenantRecordFields.createdAt,
    updatedAt: tenantRecordFields.updatedAt,
    propertyId: propertyId(),
    levyId: uuid('levy_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    chargeKind: text('charge_kind').$type<TLevyChargeKind>().notNull(),
    amount: integer('amount'),
    rateBasisPoints: integer('rate_basis_points'),
    withoutBreakfast: boolean('without_breakfast').notNull().default(false),
    deductionBasisPoints: integer('deduction_basis_points').notNull().default(0),
    ageBelow: integer('age_below'),
    ageAt: text('age_at').$type<'arrival' | 'key_date'>(),
    ageKeyDate: text('age_key_date'),
    workStay: text('work_stay').$type<TLevyWorkStayRule>().notNull().default('never'),
    workStayNights: integer('work_stay_nights'),
    nightCap: integer('night_cap'),
    rounding: text('rounding').$type<TLevyRounding>().notNull().default('per_night'),
    exemptionReasons: text('exemption_reasons')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ name: 'local_tax_levy_versions_pkey', columns: [t.propertyId, t.id] }),
    index('local_tax_levy_versions_id_idx').on(t.id),
    sameProperty(
      'local_tax_levy_versions_levy_id_same_property_fk',
      t.propertyId,
      t.levyId,
      localTaxLevies,
    ).onDelete('cascade'),
    index('local_tax_levy_versions_levy_idx').on(t.propertyId, t.levyId, t.validFrom),
    check(
      'local_tax_levy_versions_dates_check',
      sql`${t.validUntil} is null or ${t.validUntil} >= ${t.validFrom}`,
    ),
    check(
      'local_tax_levy_versions_charge_check',
      sql`(${t.chargeKind} = 'per_person_night' and ${t.amount} between 0 and 100000 and ${t.rateBasisPoints} is null) or (${t.chargeKind} = 'percent_of_net' and ${t.rateBasisPoints} between 0 and 10000 and ${t.amount} is null)`,
    ),
    check(
      'local_tax_levy_versions_age_check',
      sql`(${t.ageBelow} is null and ${t.ageAt} is null and ${t.ageKeyDate} is null) or (${t.ageBelow} between 1 and 120 and ((${t.ageAt} = 'arrival' and ${t.ageKeyDate} is null) or (${t.ageAt} = 'key_date' and ${t.ageKeyDate} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$')))`,
    ),
    check(
      'local_tax_levy_versions_work_stay_check',
      sql`(${t.workStay} in ('exempt', 'never') and ${t.workStayNights} is null) or (${t.workStay} = 'exempt_after' and ${t.workStayNights} > 0)`,
    ),
    check('local_tax_levy_versions_deduction_check', sql`${t.deductionBasisPoints} between 0 and 10000`),
    check('local_tax_levy_versions_night_cap_check', sql`${t.nightCap} is null or ${t.nightCap} > 0`),
    check('local_tax_levy_versions_rounding_check', sql`${t.rounding} in ('per_night', 'per_stay')`),
  ],
);
