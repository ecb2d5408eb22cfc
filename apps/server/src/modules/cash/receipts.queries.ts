import { and, asc, desc, eq, gt, gte, isNull, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fiscalReceipts, folios } from '../../db/schema/index.ts';

export type TReceiptRow = typeof fiscalReceipts.$inferSelect;

export async function insertReceipt(
  db: Executor,
  values: typeof fiscalReceipts.$inferInsert,
): Promise<TReceiptRow> {
  const [row] = await db.insert(fiscalReceipts).values(values).returning();
  return row!;
}

export async function selectReceipt(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.propertyId, propertyId), eq(fiscalReceipts.id, id)));
  return row;
}

/** The register's last receipt. */
export async function selectLastReceipt(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
): Promise<TReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.propertyId, propertyId), eq(fiscalReceipts.cashRegisterId, cashRegisterId)))
    .orderBy(desc(fiscalReceipts.number))
    .limit(1);
  return row;
}

/** The receipts a payment was signed with (its receipt and, once reversed, its storno). */
export function selectPaymentReceipts(db: Executor, propertyId: string, paymentId: string) {
  return db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.propertyId, propertyId), eq(fiscalReceipts.paymentId, paymentId)))
    .orderBy(asc(fiscalReceipts.number));
}

/** A register's receipts of business dates within [from, to], by number. */
export function selectReceiptsOfDates(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: string; to: string },
) {
  return db
    .select()
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.cashRegisterId, cashRegisterId),
        gte(fiscalReceipts.businessDate, range.from),
        lte(fiscalReceipts.businessDate, range.to),
      ),
    )
    .orderBy(asc(fiscalReceipts.number));
}

/** A page of a register's receipts issued in [from, to), after a number: the DEP export reads in pages. */
export function selectReceiptPage(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: Date; to: Date },
  afterNumber: number,
  limit: number,
) {
  return db
    .select({
      number: fiscalReceipts.number,
      compactJws: fiscalReceipts.compactJws,
      tse: fiscalReceipts.tse,
    })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.cashRegisterId, cashRegisterId),
        gte(fiscalReceipts.issuedAt, range.from),
        lt(fiscalReceipts.issuedAt, range.to),
        gt(fiscalReceipts.number, afterNumber),
      ),
    )
    .orderBy(asc(fiscalReceipts.number))
    .limit(limit);
}

/** Notes a receipt's first print; false when it was printed before (this print is a copy). */
export async function markReceiptPrinted(
  db: Executor,
  propertyId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(fiscalReceipts)
    .set({ printedAt: now })
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.id, id),
        isNull(fiscalReceipts.printedAt),
      ),
    )
    .returning({ id: fiscalReceipts.id });
  return rows.length > 0;
}

/** A German register's stored TSE transactions of receipts issued in [from, to), for the simulator's export. */
export function selectTseTransactions(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: Date; to: Date },
) {
  return db
    .select({ tse: fiscalReceipts.tse })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.cashRegisterId, cashRegisterId),
        gte(fiscalReceipts.issuedAt, range.from),
        lt(fiscalReceipts.issuedAt, range.to),
      ),
    )
    .orderBy(asc(fiscalReceipts.number));
}

/** The booking a folio belongs to (null for a group's folio). */
export async function selectFolioBookingId(db: Executor, propertyId: string, folioId: string) {
  const [row] = await db
    .select({ bookingId: folios.bookingId })
    .from(folios)
    .where(and(eq(folios.propertyId, propertyId), eq(folios.id, folioId)));
  return row?.bookingId ?? null;
}
