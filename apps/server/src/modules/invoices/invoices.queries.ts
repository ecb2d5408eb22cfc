import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TAddress, TInvoiceListQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  charges,
  contacts,
  fiscalReceipts,
  folios,
  groups,
  invoiceLines,
  invoices,
  invoiceTaxes,
  paymentMethods,
  payments,
  properties,
} from '../../db/schema/index.ts';
import { assertOwned } from '../../db/owned-records.ts';

export type TInvoiceRow = typeof invoices.$inferSelect;
export type TInvoiceLineRow = typeof invoiceLines.$inferSelect;
export type TInvoiceTaxRow = typeof invoiceTaxes.$inferSelect;
export type TInvoiceChanges = Partial<
  Omit<TInvoiceRow, 'id' | 'propertyId' | 'folioId' | 'createdAt' | 'updatedAt'>
>;

/** A live folio of the property with what an invoice takes from its booking and group; locked when asked. */
export async function selectFolioForInvoice(
  db: Executor,
  propertyId: string,
  folioId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: folios.id,
      bookingId: folios.bookingId,
      groupId: folios.groupId,
      customerId: folios.customerId,
      closedAt: folios.closedAt,
      bookingCustomerId: bookings.customerId,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      groupCustomerId: groups.customerId,
    })
    .from(folios)
    .leftJoin(bookings, eq(bookings.id, folios.bookingId))
    .leftJoin(groups, eq(groups.id, folios.groupId))
    .where(and(eq(folios.id, folioId), eq(folios.propertyId, propertyId), isNull(folios.deletedAt)));
  const [row] = options.lock ? await query.for('update', { of: folios }) : await query;
  return row ?? null;
}

export type TInvoiceFolio = NonNullable<Awaited<ReturnType<typeof selectFolioForInvoice>>>;

/** The folio's live charges and allowances in the order they were posted. */
export function selectFolioCharges(db: Executor, folioId: string) {
  return db
    .select({
      id: charges.id,
      kind: charges.kind,
      correctsChargeId: charges.correctsChargeId,
      text: charges.text,
      quantity: charges.quantity,
      bookedOn: charges.bookedOn,
      grossAmount: charges.grossAmount,
      taxBasisPoints: charges.taxBasisPoints,
      isLocalTax: charges.isTransitory,
      accountNumber: charges.accountNumber,
      taxCode: charges.taxCode,
    })
    .from(charges)
    .where(and(eq(charges.folioId, folioId), isNull(charges.deletedAt)))
    .orderBy(asc(charges.bookedOn), asc(charges.createdAt), asc(charges.id));
}

/** The folio's live payments: their sum and how many there are. */
export async function selectFolioPayments(
  db: Executor,
  folioId: string,
): Promise<{ amount: number; count: number }> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${payments.amount}), 0)`, count: count() })
    .from(payments)
    .where(and(eq(payments.folioId, folioId), isNull(payments.deletedAt)));
  return { amount: Number(row?.amount ?? 0), count: row?.count ?? 0 };
}

/** The folio's invoice that still stands: a draft or an issued one not canceled, not a cancellation. */
export async function selectStandingInvoiceOfFolio(
  db: Executor,
  folioId: string,
): Promise<TInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.folioId, folioId),
        isNull(invoices.deletedAt),
        isNull(invoices.cancels),
        sql`${invoices.status} <> 'canceled'`,
      ),
    );
  return row ?? null;
}

export async function selectInvoice(
  db: Executor,
  propertyId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TInvoiceRow | null> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.propertyId, propertyId), isNull(invoices.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertInvoice(
  db: Executor,
  values: typeof invoices.$inferInsert,
): Promise<TInvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

/**
 * Writes an invoice's changes and returns it; changes that name no value (a customer set to the one it
 * has) leave the row as it is, as SQL has no update without a column to set.
 */
export async function updateInvoiceRow(
  db: Executor,
  id: string,
  changes: TInvoiceChanges,
): Promise<TInvoiceRow> {
  const hasChanges = Object.values(changes).some((value) => value !== undefined);
  const [row] = hasChanges
    ? await db.update(invoices).set(changes).where(eq(invoices.id, id)).returning()
    : await db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/** Replaces a draft's lines and tax rows (the database refuses it for an issued invoice). */
export async function replaceInvoiceRows(
  db: Executor,
  invoiceId: string,
  lines: (typeof invoiceLines.$inferInsert)[],
  taxes: (typeof invoiceTaxes.$inferInsert)[],
): Promise<void> {
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await db.delete(invoiceTaxes).where(eq(invoiceTaxes.invoiceId, invoiceId));
  if (lines.length > 0) await db.insert(invoiceLines).values(lines);
  if (taxes.length > 0) await db.insert(invoiceTaxes).values(taxes);
}

/** Deletes a draft with its lines and tax rows. */
export async function deleteInvoiceRows(db: Executor, invoiceId: string): Promise<void> {
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await db.delete(invoiceTaxes).where(eq(invoiceTaxes.invoiceId, invoiceId));
  await db.delete(invoices).where(eq(invoices.id, invoiceId));
}

export function selectInvoiceLines(db: Executor, invoiceId: string): Promise<TInvoiceLineRow[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

export function selectInvoiceTaxes(db: Executor, invoiceId: string): Promise<TInvoiceTaxRow[]> {
  return db
    .select()
    .from(invoiceTaxes)
    .where(eq(invoiceTaxes.invoiceId, invoiceId))
    .orderBy(asc(invoiceTaxes.taxBasisPoints));
}

/**
 * The property's next invoice number, counted up in the caller's transaction: the property row stays
 * locked until it commits, so concurrent issues (on any instance) queue and a rollback leaves no gap.
 */
export async function allocateInvoiceNumber(
  db: Executor,
  propertyId: string,
): Promise<{ prefix: string; number: number }> {
  const [row] = await db
    .update(properties)
    .set({ nextInvoiceNumber: sql`${properties.nextInvoiceNumber} + 1` })
    .where(eq(properties.id, propertyId))
    .returning({ prefix: properties.invoicePrefix, next: properties.nextInvoiceNumber });
  return { prefix: row!.prefix, number: row!.next - 1 };
}

export async function setFolioClosedAt(db: Executor, folioId: string, closedAt: Date | null): Promise<void> {
  await db.update(folios).set({ closedAt }).where(eq(folios.id, folioId));
}

/** The ids of the cancellation invoices that reverse the given invoices, by the invoice they cancel. */
export async function selectCancellations(db: Executor, invoiceIds: string[]): Promise<Map<string, string>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, cancels: invoices.cancels })
    .from(invoices)
    .where(and(inArray(invoices.cancels, invoiceIds), isNull(invoices.deletedAt)));
  return new Map(rows.map((row) => [row.cancels!, row.id]));
}

function listFilter(propertyId: string, query: TInvoiceListQuery): SQL | undefined {
  // An invoice paid by card, cash or transfer: its folio holds a payment of a method of that kind.
  const paidBy = (kind: string) =>
    sql`${invoices.folioId} in (select ${payments.folioId} from ${payments} join ${paymentMethods} on ${paymentMethods.id} = ${payments.paymentMethodId} where ${payments.deletedAt} is null and ${paymentMethods.kind} = ${kind})`;
  return and(
    eq(invoices.propertyId, propertyId),
    isNull(invoices.deletedAt),
    query.status ? eq(invoices.status, query.status) : undefined,
    query.bookingId ? eq(invoices.bookingId, query.bookingId) : undefined,
    query.customerId ? eq(invoices.customerId, query.customerId) : undefined,
    query.groupId
      ? or(
          sql`${invoices.folioId} in (select ${folios.id} from ${folios} where ${folios.groupId} = ${query.groupId})`,
          sql`${invoices.bookingId} in (select ${bookings.id} from ${bookings} where ${bookings.groupId} = ${query.groupId})`,
        )
      : undefined,
    query.paymentMethod ? paidBy(query.paymentMethod) : undefined,
  );
}

/**
 * A page of the property's invoices, newest first, with the count and what the sums over every match
 * need (status, total, the paid amount stored at issue and the folio's payments now), each with the
 * folio's payments now.
 */
export async function selectInvoicePage(db: Executor, propertyId: string, query: TInvoiceListQuery) {
  const where = listFilter(propertyId, query);
  // What the payments of the invoice's folio add up to now (a draft's paid amount). Named in full:
  // Drizzle leaves a single table's columns unqualified, which inside the subquery would mean payments.
  const folioPaidAmount = sql<string>`(select coalesce(sum(${sql.identifier('p')}.amount), 0) from ${payments} as ${sql.identifier('p')} where ${sql.identifier('p')}.folio_id = ${sql.identifier('invoices')}.folio_id and ${sql.identifier('p')}.deleted_at is null)`;
  const matches = await db
    .select({
      status: invoices.status,
      totalAmount: invoices.totalAmount,
      paidAmount: invoices.paidAmount,
      folioPaidAmount,
    })
    .from(invoices)
    .where(where);
  const rows = await db
    .select({ invoice: invoices, folioPaidAmount })
    .from(invoices)
    .where(where)
    // Newest first as the list says: by the day issued (a draft by the day made), then by number in
    // its natural order (RE-10 after RE-9), drafts of a day above what was issued that day.
    .orderBy(
      sql`coalesce(${invoices.issuedAt}, ${invoices.createdAt})::date desc`,
      sql`room_number_order(${invoices.number}) desc nulls first`,
      desc(invoices.createdAt),
      desc(invoices.id),
    )
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  return {
    rows: rows.map((row) => ({ ...row, folioPaidAmount: Number(row.folioPaidAmount) })),
    matches: matches.map((row) => ({ ...row, folioPaidAmount: Number(row.folioPaidAmount) })),
  };
}

/** The lines of the given invoices, in order, by invoice. */
export async function selectLinesOfInvoices(
  db: Executor,
  invoiceIds: string[],
): Promise<Map<string, TInvoiceLineRow[]>> {
  const byInvoice = new Map<string, TInvoiceLineRow[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.position));
  for (const row of rows) byInvoice.get(row.invoiceId)?.push(row);
  return byInvoice;
}

/** The folio's open issued invoices: paid once the folio is. */
export function selectOpenInvoicesOfFolio(db: Executor, folioId: string): Promise<TInvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.folioId, folioId),
        eq(invoices.status, 'open'),
        isNull(invoices.deletedAt),
        isNotNull(invoices.number),
      ),
    )
    .for('update');
}

/** What an invoice's documents print beyond the invoice: its booking's check-out and its customer. */
export async function selectDocumentParties(db: Executor, invoice: TInvoiceRow) {
  const [booking] = invoice.bookingId
    ? await db
        .select({ checkOut: bookings.checkOut })
        .from(bookings)
        .where(eq(bookings.id, invoice.bookingId))
    : [];
  const [customer] = invoice.customerId
    ? await db
        .select({ language: contacts.language })
        .from(contacts)
        .where(eq(contacts.id, invoice.customerId))
    : [];
  return { checkOut: booking?.checkOut ?? null, customer: customer ?? null };
}

/** The invoice's customer keeps the billing address typed on it, for the next invoice. */
export async function updateContactAddress(
  db: Executor,
  contactId: string,
  address: TAddress,
): Promise<void> {
  await db.update(contacts).set({ address }).where(eq(contacts.id, contactId));
}

// Look-ups other modules use: one live record of the property by id, or 404 naming it.

/** Refuses an invoice that is not the property's. */
export function assertInvoiceOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, invoices, propertyId, id, 'invoice');
}

/** The TSE transaction a German register signed an invoice with, as printed on it; null when none did. */
export async function selectInvoiceTse(db: Executor, propertyId: string, invoiceId: string) {
  const [row] = await db
    .select({ tse: fiscalReceipts.tse })
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.propertyId, propertyId), eq(fiscalReceipts.invoiceId, invoiceId)))
    .limit(1);
  return row?.tse?.signed ?? null;
}
