import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { charges, folios, invoices, localTaxNights } from '../../db/schema/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { TInvoiceRow } from './bookings.queries.ts';

/** The live charges on the booking's live folios, by date. */
export async function selectBookingCharges(db: Executor, bookingId: string) {
  const rows = await db
    .select({ charge: charges })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .where(and(eq(folios.bookingId, bookingId), isNull(charges.deletedAt), isNull(folios.deletedAt)))
    .orderBy(asc(charges.bookedOn), asc(charges.createdAt));
  return rows.map((row) => row.charge);
}

/** A page of the live invoices of a booking of the property, newest first. */
export function selectBookingInvoicePage<T>(
  db: Executor,
  propertyId: string,
  bookingId: string,
  page: TPageQuery,
  map: (row: TInvoiceRow) => T,
) {
  return selectPage(
    db,
    invoices,
    and(eq(invoices.propertyId, propertyId), eq(invoices.bookingId, bookingId), isNull(invoices.deletedAt)),
    [desc(invoices.createdAt)],
    page,
    map,
  );
}

/** The booking's own live folio (not a group folio), if it has one. */
export async function selectBookingFolio(db: Executor, bookingId: string) {
  const [folio] = await db
    .select()
    .from(folios)
    .where(and(eq(folios.bookingId, bookingId), isNull(folios.deletedAt), eq(folios.isGroupFolio, false)))
    .limit(1);
  return folio;
}

/** Stores a folio; returns it. */
export async function insertFolio(db: Executor, values: typeof folios.$inferInsert) {
  const [row] = await db.insert(folios).values(values).returning();
  return row!;
}

export type TChargeRow = typeof charges.$inferSelect;

/** A rate charge of a stay as repricing sees it: what its corrections took off, and its folio's state. */
export type TStayCharge = {
  charge: TChargeRow;
  /** The sum of its allowances (zero or negative). */
  correctedAmount: number;
  isFolioClosed: boolean;
};

/**
 * The rate charges that hold the booking's nights wherever they are now (its folio, a split folio, the
 * group folio): every charge posted for the stay that was not moved on to another folio, oldest first.
 */
export async function selectStayCharges(db: Executor, bookingId: string): Promise<TStayCharge[]> {
  return db
    .select({
      charge: charges,
      correctedAmount: sql<number>`(select coalesce(sum(a.gross_amount), 0) from charges a
        where a.corrects_charge_id = ${charges.id} and a.deleted_at is null)`.mapWith(Number),
      isFolioClosed: sql<boolean>`${folios.closedAt} is not null`,
    })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .where(
      and(
        eq(charges.bookingId, bookingId),
        eq(charges.kind, 'charge'),
        isNull(charges.deletedAt),
        sql`not exists (select 1 from charges a where a.corrects_charge_id = ${charges.id}
          and a.transfer_charge_id is not null)`,
      ),
    )
    .orderBy(asc(charges.createdAt), asc(charges.id));
}

/** Locks folios for a posting, in id order so that two writers cannot deadlock. */
export async function lockFolios(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: folios.id })
    .from(folios)
    .where(inArray(folios.id, ids))
    .orderBy(asc(folios.id))
    .for('update');
}

/** Removes charges nobody touched, which repricing replaces; nothing refers to them. */
export async function deleteCharges(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(charges).where(inArray(charges.id, ids));
}

/** Posts charges to a folio. */
export async function insertCharges(db: Executor, values: (typeof charges.$inferInsert)[]): Promise<void> {
  await db.insert(charges).values(values);
}

export type TLocalTaxNightValues = Omit<
  typeof localTaxNights.$inferInsert,
  'id' | 'propertyId' | 'bookingId'
>;

/** Replaces what the posting recorded of a booking's local tax, night by night and levy by levy. */
export async function replaceLocalTaxNights(
  db: Executor,
  booking: { propertyId: string; id: string },
  nights: TLocalTaxNightValues[],
): Promise<void> {
  await db
    .delete(localTaxNights)
    .where(and(eq(localTaxNights.propertyId, booking.propertyId), eq(localTaxNights.bookingId, booking.id)));
  if (nights.length === 0) return;
  await db
    .insert(localTaxNights)
    .values(nights.map((night) => ({ ...night, propertyId: booking.propertyId, bookingId: booking.id })));
}
