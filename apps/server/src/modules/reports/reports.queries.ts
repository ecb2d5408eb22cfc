import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { TItemType } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  accountingSettings,
  bookingGuests,
  bookings,
  charges,
  contacts,
  folios,
  invoiceLines,
  invoices,
  items,
  paymentMethods,
  payments,
  rooms,
} from '../../db/schema/index.ts';
import { roomOrder } from '../../db/room-order.ts';

/**
 * The charges and allowances of a period by service date, summed per item (and per room of the
 * charge's booking when asked): allowances count negative, so a corrected charge nets out.
 */
export function selectItemTotals(
  db: Executor,
  propertyId: string,
  period: { from: string; to: string; itemType?: TItemType; groupByRoom: boolean },
) {
  const roomNumber = period.groupByRoom ? rooms.number : sql<string | null>`null::text`;
  return db
    .select({
      roomNumber,
      itemId: charges.itemId,
      itemType: sql<TItemType | null>`${items.type}`,
      itemName: sql<string>`coalesce(${items.name}, min(${charges.text}))`,
      quantity: sql<string>`sum(${charges.quantity})`,
      netAmount: sql<string>`sum(${charges.netAmount})`,
      taxAmount: sql<string>`sum(${charges.taxAmount})`,
      grossAmount: sql<string>`sum(${charges.grossAmount})`,
    })
    .from(charges)
    .innerJoin(folios, and(eq(folios.id, charges.folioId), eq(folios.propertyId, charges.propertyId)))
    .leftJoin(items, eq(items.id, charges.itemId))
    .leftJoin(bookings, eq(bookings.id, folios.bookingId))
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(
      and(
        eq(charges.propertyId, propertyId),
        isNull(charges.deletedAt),
        isNull(folios.deletedAt),
        gte(charges.bookedOn, period.from),
        lte(charges.bookedOn, period.to),
        period.itemType ? eq(items.type, period.itemType) : undefined,
      ),
    )
    .groupBy(
      ...(period.groupByRoom ? [rooms.number, rooms.numberOrder] : []),
      charges.itemId,
      items.type,
      items.name,
    )
    .orderBy(...(period.groupByRoom ? roomOrder(rooms) : []), asc(items.type), asc(items.name));
}

/**
 * The revenue of the invoices and cancellation invoices issued between two instants, per invoice and
 * per account, tax code and rate of its lines, in the order they were issued.
 */
export function selectInvoiceRevenue(db: Executor, propertyId: string, since: Date, until: Date) {
  return db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      recipient: invoices.recipient,
      cancels: invoices.cancels,
      accountNumber: invoiceLines.accountNumber,
      taxCode: invoiceLines.taxCode,
      taxBasisPoints: invoiceLines.taxBasisPoints,
      grossAmount: sql<string>`sum(${invoiceLines.grossAmount})`,
    })
    .from(invoices)
    .innerJoin(
      invoiceLines,
      and(eq(invoiceLines.invoiceId, invoices.id), eq(invoiceLines.propertyId, invoices.propertyId)),
    )
    .where(
      and(
        eq(invoices.propertyId, propertyId),
        isNull(invoices.deletedAt),
        ne(invoices.status, 'draft'),
        gte(invoices.issuedAt, since),
        lt(invoices.issuedAt, until),
      ),
    )
    .groupBy(
      invoices.propertyId,
      invoices.id,
      invoiceLines.accountNumber,
      invoiceLines.taxCode,
      invoiceLines.taxBasisPoints,
    )
    .orderBy(
      asc(invoices.issuedAt),
      asc(invoices.number),
      asc(invoiceLines.taxBasisPoints),
      asc(invoiceLines.accountNumber),
    );
}

/**
 * The live payments and refunds of a period by payment date, with their method's account and the
 * number of the invoice standing on their folio, if any.
 */
export function selectPaymentPostings(db: Executor, propertyId: string, from: string, to: string) {
  return db
    .select({
      id: payments.id,
      paidOn: payments.paidOn,
      amount: payments.amount,
      reference: payments.reference,
      methodName: paymentMethods.name,
      methodText: paymentMethods.bookingText,
      accountNumber: paymentMethods.accountNumber,
      invoiceNumber: sql<string | null>`(
        select ${invoices.number} from ${invoices}
        where ${invoices.folioId} = ${payments.folioId} and ${invoices.propertyId} = ${payments.propertyId}
          and ${invoices.status} in ('open', 'paid') and ${invoices.cancels} is null
          and ${invoices.deletedAt} is null
        order by ${invoices.issuedAt} desc limit 1)`,
    })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(
      and(
        eq(payments.propertyId, propertyId),
        isNull(payments.deletedAt),
        gte(payments.paidOn, from),
        lte(payments.paidOn, to),
      ),
    )
    .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id));
}

/** The property's accounting settings, or undefined while it has saved none. */
export async function selectAccountingSettings(db: Executor, propertyId: string) {
  const [row] = await db
    .select()
    .from(accountingSettings)
    .where(eq(accountingSettings.propertyId, propertyId));
  return row;
}

/**
 * The stays that took place (checked in or out) and touch the period, one row per registered guest
 * (one row with no guest when none is registered), with the guest's address country and nationality.
 */
export function selectStayGuests(db: Executor, propertyId: string, from: string, to: string) {
  return db
    .select({
      bookingId: bookings.id,
      occupancy: bookings.occupancy,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      contactId: contacts.id,
      addressCountry: sql<string | null>`${contacts.address}->>'country'`,
      nationality: contacts.nationality,
    })
    .from(bookings)
    .leftJoin(bookingGuests, eq(bookingGuests.bookingId, bookings.id))
    .leftJoin(
      contacts,
      and(eq(contacts.id, bookingGuests.contactId), eq(contacts.propertyId, bookings.propertyId)),
    )
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        isNull(bookings.deletedAt),
        inArray(bookings.status, ['checked_in', 'checked_out']),
        lte(bookings.checkIn, to),
        sql`${bookings.checkOut} > ${from}`,
      ),
    )
    .orderBy(asc(bookings.id), asc(bookingGuests.createdAt));
}
