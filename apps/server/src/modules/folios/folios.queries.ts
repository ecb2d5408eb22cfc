import type { TPayment } from '@pms/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  cashRegisters,
  charges,
  fiscalReceipts,
  folios,
  paymentMethods,
  payments,
} from '../../db/schema/index.ts';
import { findOwned } from '../../db/owned-records.ts';

export type TFolioRow = typeof folios.$inferSelect;
export type TChargeRow = typeof charges.$inferSelect;
export type TPaymentReceipt = NonNullable<TPayment['receipt']>;
export type TPaymentRow = typeof payments.$inferSelect & {
  paymentMethodName: string | null;
  receipt: TPaymentReceipt | null;
};

/** The live folios of a booking or of a group (a group's own folios, not its bookings'), oldest first. */
export function selectFolios(
  db: Executor,
  propertyId: string,
  owner: { bookingId?: string | undefined; groupId?: string | undefined },
): Promise<TFolioRow[]> {
  return db
    .select()
    .from(folios)
    .where(
      and(
        eq(folios.propertyId, propertyId),
        isNull(folios.deletedAt),
        owner.bookingId ? eq(folios.bookingId, owner.bookingId) : undefined,
        owner.groupId ? and(eq(folios.groupId, owner.groupId), isNull(folios.bookingId)) : undefined,
      ),
    )
    .orderBy(asc(folios.isGroupFolio), asc(folios.createdAt), asc(folios.id));
}

export async function insertFolioRow(db: Executor, values: typeof folios.$inferInsert): Promise<TFolioRow> {
  const [row] = await db.insert(folios).values(values).returning();
  return row!;
}

export async function updateFolioRow(
  db: Executor,
  id: string,
  changes: Partial<Pick<TFolioRow, 'name' | 'customerId' | 'isVirtualPayment'>>,
): Promise<TFolioRow> {
  const [row] = await db
    .update(folios)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(folios.id, id))
    .returning();
  return row!;
}

/** The live entries of some folios, by service date then posting order. */
export function selectCharges(db: Executor, folioIds: string[]): Promise<TChargeRow[]> {
  if (folioIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(charges)
    .where(and(inArray(charges.folioId, folioIds), isNull(charges.deletedAt)))
    .orderBy(asc(charges.bookedOn), asc(charges.createdAt), asc(charges.id));
}

/** One live entry of a folio, if it is there. */
export async function selectFolioCharge(
  db: Executor,
  folioId: string,
  chargeId: string,
): Promise<TChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.id, chargeId), eq(charges.folioId, folioId), isNull(charges.deletedAt)));
  return row;
}

/** Cents of a charge that its allowances have already taken back (zero or negative). */
export async function selectCorrectedAmount(db: Executor, chargeId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${charges.grossAmount}), 0)`.mapWith(Number) })
    .from(charges)
    .where(and(eq(charges.correctsChargeId, chargeId), isNull(charges.deletedAt)));
  return row?.total ?? 0;
}

export async function insertChargeRow(
  db: Executor,
  values: typeof charges.$inferInsert,
): Promise<TChargeRow> {
  const [row] = await db.insert(charges).values(values).returning();
  return row!;
}

export async function setChargeTransfer(db: Executor, id: string, transferChargeId: string): Promise<void> {
  await db.update(charges).set({ transferChargeId }).where(eq(charges.id, id));
}

/** The live payments and refunds of some folios with their method's name, in posting order. */
/** The receipt a cash register signed for a payment (its first; a storno follows it), or null. */
const paymentReceipt = sql<TPaymentReceipt | null>`(
  select json_build_object('id', r.id, 'number', r.number, 'cashRegisterName', c.name,
    'isSimulated', r.is_simulated, 'deviceFailed', r.device_failed)
  from ${fiscalReceipts} r join ${cashRegisters} c on c.property_id = r.property_id and c.id = r.cash_register_id
  where r.property_id = ${payments.propertyId} and r.payment_id = ${payments.id}
  order by r.number limit 1)`;

export function selectPayments(db: Executor, folioIds: string[]): Promise<TPaymentRow[]> {
  if (folioIds.length === 0) return Promise.resolve([]);
  return db
    .select({ payment: payments, paymentMethodName: paymentMethods.name, receipt: paymentReceipt })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(and(inArray(payments.folioId, folioIds), isNull(payments.deletedAt)))
    .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id))
    .then((rows) =>
      rows.map((row) => ({ ...row.payment, paymentMethodName: row.paymentMethodName, receipt: row.receipt })),
    );
}

export async function selectFolioPayment(
  db: Executor,
  folioId: string,
  paymentId: string,
): Promise<TPaymentRow | undefined> {
  const [row] = await selectPayments(db, [folioId]).then((rows) => rows.filter((p) => p.id === paymentId));
  return row;
}

export async function insertPaymentRow(
  db: Executor,
  values: typeof payments.$inferInsert,
): Promise<typeof payments.$inferSelect> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** What a folio was paid: its live payments less its refunds, in cents. */
export async function selectFolioPaidAmount(db: Executor, folioId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.folioId, folioId), isNull(payments.deletedAt)));
  return row!.total;
}

export async function softDeletePayment(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(payments).set({ deletedAt: now, updatedAt: now }).where(eq(payments.id, id));
}

/** Gross and paid cents per folio of the given folios (folios without entries are absent). */
export async function selectFolioSums(
  db: Executor,
  folioIds: string[],
): Promise<Map<string, { grossAmount: number; paidAmount: number }>> {
  const sums = new Map<string, { grossAmount: number; paidAmount: number }>();
  if (folioIds.length === 0) return sums;
  const gross = await db
    .select({
      folioId: charges.folioId,
      total: sql<number>`coalesce(sum(${charges.grossAmount}), 0)`.mapWith(Number),
    })
    .from(charges)
    .where(and(inArray(charges.folioId, folioIds), isNull(charges.deletedAt)))
    .groupBy(charges.folioId);
  const paid = await db
    .select({
      folioId: payments.folioId,
      total: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(and(inArray(payments.folioId, folioIds), isNull(payments.deletedAt)))
    .groupBy(payments.folioId);
  for (const id of folioIds) sums.set(id, { grossAmount: 0, paidAmount: 0 });
  for (const row of gross) sums.get(row.folioId)!.grossAmount = row.total;
  for (const row of paid) sums.get(row.folioId)!.paidAmount = row.total;
  return sums;
}

/** The group a booking belongs to, if any. */
export async function selectBookingGroupId(db: Executor, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ groupId: bookings.groupId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.groupId ?? null;
}

/** The booking a folio is for (its customer is the folio's by default). */
export function findFolioBooking(db: Executor, propertyId: string, id: string) {
  return findOwned(db, bookings, propertyId, id, 'booking');
}
