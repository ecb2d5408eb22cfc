import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, events, invoiceReminders, invoices, payments } from '../../db/schema/index.ts';

export type TReminderRow = typeof invoiceReminders.$inferSelect;

/**
 * The property's open invoices, oldest first, each with what its folio's payments add up to now and
 * its booking's code and departure; `search` matches the number, the recipient, the company or the
 * booking code.
 */
export async function selectOpenInvoices(db: Executor, propertyId: string, search: string | undefined) {
  const folioPaidAmount = sql<string>`(select coalesce(sum(${sql.identifier('p')}.amount), 0) from ${payments} as ${sql.identifier('p')} where ${sql.identifier('p')}.folio_id = ${sql.identifier('invoices')}.folio_id and ${sql.identifier('p')}.deleted_at is null)`;
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ invoice: invoices, folioPaidAmount, bookingCode: bookings.code, checkOut: bookings.checkOut })
    .from(invoices)
    .leftJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(
      and(
        eq(invoices.propertyId, propertyId),
        eq(invoices.status, 'open'),
        isNull(invoices.deletedAt),
        pattern
          ? or(
              ilike(invoices.number, pattern),
              ilike(invoices.recipient, pattern),
              ilike(invoices.recipientCompany, pattern),
              ilike(bookings.code, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  return rows.map((row) => ({ ...row, folioPaidAmount: Number(row.folioPaidAmount) }));
}

/** The reminders of the given invoices, by invoice, in the order they were sent. */
export async function selectRemindersOf(
  db: Executor,
  invoiceIds: string[],
): Promise<Map<string, TReminderRow[]>> {
  const byInvoice = new Map<string, TReminderRow[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceReminders)
    .where(and(inArray(invoiceReminders.invoiceId, invoiceIds), isNull(invoiceReminders.deletedAt)))
    .orderBy(asc(invoiceReminders.level));
  for (const row of rows) byInvoice.get(row.invoiceId)?.push(row);
  return byInvoice;
}

export function selectReminders(db: Executor, invoiceId: string): Promise<TReminderRow[]> {
  return db
    .select()
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, invoiceId), isNull(invoiceReminders.deletedAt)))
    .orderBy(asc(invoiceReminders.level));
}

export async function selectReminder(db: Executor, invoiceId: string, reminderId: string) {
  const [row] = await db
    .select()
    .from(invoiceReminders)
    .where(
      and(
        eq(invoiceReminders.id, reminderId),
        eq(invoiceReminders.invoiceId, invoiceId),
        isNull(invoiceReminders.deletedAt),
      ),
    );
  return row;
}

export async function insertReminder(
  db: Executor,
  values: typeof invoiceReminders.$inferInsert,
): Promise<TReminderRow> {
  const [row] = await db.insert(invoiceReminders).values(values).returning();
  return row!;
}

export async function setReminderMail(
  db: Executor,
  reminderId: string,
  mailMessageId: string,
): Promise<void> {
  await db.update(invoiceReminders).set({ mailMessageId }).where(eq(invoiceReminders.id, reminderId));
}

/** An invoice's events, newest first. */
export function selectInvoiceEvents(db: Executor, propertyId: string, invoiceId: string) {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.propertyId, propertyId),
        eq(events.objectType, 'invoice'),
        eq(events.objectId, invoiceId),
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id));
}
