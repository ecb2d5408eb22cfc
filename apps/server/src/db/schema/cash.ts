import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
  TCashMovementKind,
  TCashRegisterCountry,
  TFiscalAdapter,
  TFiscalReceiptKind,
} from '@pms/contract';
import type { TTseStoredTransaction } from '../../integrations/fiscal/tse/tse-export.ts';
import { paymentMethods } from './base-data.ts';
import { sameProperty, tenantRecordFields, timestamptz } from './common.ts';
import { properties, users } from './core.ts';
import { folios, invoices, payments } from './front-office.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

/**
 * A cash register: the law it signs under, its adapter (credentials sealed with the secret key), and
 * the signing state its receipts carry from one to the next. Signing holds this row's lock, so numbers
 * and the chain stay consecutive however many instances sign at once.
 */
export const cashRegisters = pgTable(
  'cash_registers',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    country: text('country').$type<TCashRegisterCountry>().notNull(),
    adapter: text('adapter').$type<TFiscalAdapter>().notNull(),
    cashBoxId: text('cash_box_id').notNull(),
    /** Sealed JSON: the simulator's keys, or fiskaly's account and ids. */
    credentials: text('credentials'),
    isTraining: boolean('is_training').notNull().default(false),
    deviceFailedAt: timestamptz('device_failed_at'),
    receiptCount: integer('receipt_count').notNull().default(0),
    turnoverCents: bigint('turnover_cents', { mode: 'number' }).notNull().default(0),
    lastJws: text('last_jws'),
    /** DE simulator: the TSE's transaction number and signature counter so far. */
    tseTransactionCount: integer('tse_transaction_count').notNull().default(0),
    tseSignatureCount: integer('tse_signature_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'cash_registers_pkey', columns: [t.propertyId, t.id] }),
    index('cash_registers_id_idx').on(t.id),
    uniqueIndex('cash_registers_name_key')
      .on(t.propertyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('cash_registers_cash_box_key').on(t.propertyId, t.cashBoxId),
    check('cash_registers_country_check', sql`${t.country} in ('AT', 'DE')`),
    check('cash_registers_adapter_check', sql`${t.adapter} in ('simulator', 'fiskaly')`),
    check('cash_registers_counts_check', sql`${t.receiptCount} >= 0`),
  ],
);

/** The payment methods a register signs: a payment with one of them needs the register open. */
export const cashRegisterMethods = pgTable(
  'cash_register_methods',
  {
    propertyId: propertyId(),
    cashRegisterId: uuid('cash_register_id').notNull(),
    paymentMethodId: uuid('payment_method_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'cash_register_methods_pkey',
      columns: [t.propertyId, t.cashRegisterId, t.paymentMethodId],
    }),
    sameProperty('cash_register_methods_register_fk', t.propertyId, t.cashRegisterId, cashRegisters),
    sameProperty('cash_register_methods_method_fk', t.propertyId, t.paymentMethodId, paymentMethods),
    index('cash_register_methods_method_idx').on(t.propertyId, t.paymentMethodId),
  ],
);

/** A shift at the drawer: opened, then closed with the counted cash and its difference to the book. */
export const cashShifts = pgTable(
  'cash_shifts',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    cashRegisterId: uuid('cash_register_id').notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    openedBy: uuid('opened_by').references(() => users.id),
    closedAt: timestamptz('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id),
    expectedAmount: integer('expected_amount'),
    countedAmount: integer('counted_amount'),
    differenceAmount: integer('difference_amount'),
    note: text('note'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewNote: text('review_note'),
  },
  (t) => [
    primaryKey({ name: 'cash_shifts_pkey', columns: [t.propertyId, t.id] }),
    index('cash_shifts_id_idx').on(t.id),
    sameProperty('cash_shifts_register_fk', t.propertyId, t.cashRegisterId, cashRegisters),
    uniqueIndex('cash_shifts_open_key')
      .on(t.propertyId, t.cashRegisterId)
      .where(sql`${t.closedAt} is null`),
    index('cash_shifts_register_idx').on(t.propertyId, t.cashRegisterId, t.openedAt),
    check(
      'cash_shifts_close_check',
      sql`(${t.closedAt} is null) = (${t.countedAmount} is null) and (${t.countedAmount} is null) = (${t.differenceAmount} is null)`,
    ),
  ],
);

/**
 * A signed receipt: append-only (only the first print is noted on it). Its number is unique per
 * register; a month's or year's closing receipt exists once per register and period.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    cashRegisterId: uuid('cash_register_id').notNull(),
    number: integer('number').notNull(),
    kind: text('kind').$type<TFiscalReceiptKind>().notNull(),
    purpose: text('purpose').$type<'month' | 'year' | 'collective'>(),
    /** The month (YYYY-MM) or year (YYYY) a closing receipt closes. */
    closingPeriod: text('closing_period'),
    issuedAt: timestamptz('issued_at').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    totalAmount: integer('total_amount').notNull(),
    taxes: jsonb('taxes').$type<{ taxPercentage: number; grossAmount: number }[]>().notNull(),
    lines: jsonb('lines')
      .$type<{ text: string; quantity: number; grossAmount: number; taxPercentage: number }[]>()
      .notNull(),
    paymentMethodName: text('payment_method_name'),
    paymentId: uuid('payment_id'),
    folioId: uuid('folio_id'),
    invoiceId: uuid('invoice_id'),
    compactJws: text('compact_jws'),
    machineCode: text('machine_code'),
    deviceFailed: boolean('device_failed').notNull().default(false),
    /** DE: the TSE transaction as asked and as signed. */
    tse: jsonb('tse').$type<TTseStoredTransaction>(),
    isSimulated: boolean('is_simulated').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    printedAt: timestamptz('printed_at'),
  },
  (t) => [
    primaryKey({ name: 'fiscal_receipts_pkey', columns: [t.propertyId, t.id] }),
    index('fiscal_receipts_id_idx').on(t.id),
    sameProperty('fiscal_receipts_register_fk', t.propertyId, t.cashRegisterId, cashRegisters),
    sameProperty('fiscal_receipts_payment_fk', t.propertyId, t.paymentId, payments),
    sameProperty('fiscal_receipts_folio_fk', t.propertyId, t.folioId, folios),
    sameProperty('fiscal_receipts_invoice_fk', t.propertyId, t.invoiceId, invoices),
    uniqueIndex('fiscal_receipts_number_key').on(t.propertyId, t.cashRegisterId, t.number),
    uniqueIndex('fiscal_receipts_closing_key')
      .on(t.propertyId, t.cashRegisterId, t.closingPeriod)
      .where(sql`${t.closingPeriod} is not null`),
    index('fiscal_receipts_business_date_idx').on(t.propertyId, t.cashRegisterId, t.businessDate),
    index('fiscal_receipts_payment_idx').on(t.propertyId, t.paymentId),
    index('fiscal_receipts_invoice_idx').on(t.propertyId, t.invoiceId),
    check('fiscal_receipts_number_check', sql`${t.number} > 0`),
    check(
      'fiscal_receipts_kind_check',
      sql`${t.kind} in ('start', 'standard', 'storno', 'training', 'null', 'invoice')`,
    ),
    check(
      'fiscal_receipts_purpose_check',
      sql`${t.purpose} is null or (${t.kind} = 'null' and ${t.purpose} in ('month', 'year', 'collective'))`,
    ),
  ],
);

/**
 * The cash book: every movement of a register's drawer, append-only. A movement on a day that is
 * closed is refused by the database; corrections are new movements.
 */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    cashRegisterId: uuid('cash_register_id').notNull(),
    shiftId: uuid('shift_id'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<TCashMovementKind>().notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    receiptId: uuid('receipt_id'),
    paymentId: uuid('payment_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'cash_movements_pkey', columns: [t.propertyId, t.id] }),
    index('cash_movements_id_idx').on(t.id),
    sameProperty('cash_movements_register_fk', t.propertyId, t.cashRegisterId, cashRegisters),
    sameProperty('cash_movements_shift_fk', t.propertyId, t.shiftId, cashShifts),
    sameProperty('cash_movements_receipt_fk', t.propertyId, t.receiptId, fiscalReceipts),
    sameProperty('cash_movements_payment_fk', t.propertyId, t.paymentId, payments),
    index('cash_movements_register_idx').on(t.propertyId, t.cashRegisterId, t.businessDate),
    check(
      'cash_movements_kind_check',
      sql`${t.kind} in ('payment', 'refund', 'deposit', 'withdrawal', 'difference')`,
    ),
    check(
      'cash_movements_sign_check',
      sql`case ${t.kind} when 'payment' then ${t.amount} > 0 when 'deposit' then ${t.amount} > 0
        when 'refund' then ${t.amount} < 0 when 'withdrawal' then ${t.amount} < 0 else ${t.amount} <> 0 end`,
    ),
    check(
      'cash_movements_reason_check',
      sql`${t.kind} not in ('deposit', 'withdrawal') or ${t.reason} is not null`,
    ),
  ],
);

/** A register's closed business day with its Z report's figures; numbered per register. */
export const cashDayCloses = pgTable(
  'cash_day_closes',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    cashRegisterId: uuid('cash_register_id').notNull(),
    number: integer('number').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    closedAt: timestamptz('closed_at').notNull(),
    closedBy: uuid('closed_by').references(() => users.id),
    firstReceiptNumber: integer('first_receipt_number'),
    lastReceiptNumber: integer('last_receipt_number'),
    revenueAmount: integer('revenue_amount').notNull(),
    differenceAmount: integer('difference_amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'cash_day_closes_pkey', columns: [t.propertyId, t.id] }),
    index('cash_day_closes_id_idx').on(t.id),
    sameProperty('cash_day_closes_register_fk', t.propertyId, t.cashRegisterId, cashRegisters),
    uniqueIndex('cash_day_closes_date_key').on(t.propertyId, t.cashRegisterId, t.businessDate),
    uniqueIndex('cash_day_closes_number_key').on(t.propertyId, t.cashRegisterId, t.number),
  ],
);
