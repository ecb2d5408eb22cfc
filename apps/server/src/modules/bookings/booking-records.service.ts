import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { type TCharge, type TEvent, type TInvoiceSummary, type TPaged, type TPageQuery } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { charges, events, folios, invoices } from '../../db/schema/index.ts';
import { selectPage } from '../../lib/paging.ts';
import { toInvoiceSummary } from '../invoices/invoices.mapper.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { findBooking } from './bookings.queries.ts';

export async function listBookingEvents(ctx: AppContext, actor: TActor, id: string): Promise<TEvent[]> {
  requireAccess(actor, 'bookings', 'read');
  await findBooking(ctx.db, actor.propertyId, id);
  const rows = await ctx.db
    .select()
    .from(events)
    .where(
      and(eq(events.objectType, 'booking'), eq(events.objectId, id), eq(events.propertyId, actor.propertyId)),
    )
    .orderBy(desc(events.createdAt));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    actorType: row.actorType as TEvent['actorType'],
    actorName: row.actorName,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  }));
}
/** The charges on the booking's folios, by date. */
export async function listBookingCharges(ctx: AppContext, actor: TActor, id: string): Promise<TCharge[]> {
  requireAccess(actor, 'folios', 'read');
  await findBooking(ctx.db, actor.propertyId, id);
  const rows = await ctx.db
    .select({ charge: charges })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .where(and(eq(folios.bookingId, id), isNull(charges.deletedAt), isNull(folios.deletedAt)))
    .orderBy(asc(charges.bookedOn), asc(charges.createdAt));
  return rows.map(({ charge }) => ({
    id: charge.id,
    itemId: charge.itemId,
    quantity: charge.quantity,
    text: charge.text,
    netAmount: charge.netAmount,
    taxAmount: charge.taxAmount,
    taxPercentage: charge.taxBasisPoints / 100,
    grossAmount: charge.grossAmount,
    default: charge.isDefault,
    bookedOn: charge.bookedOn,
  }));
}
export async function listBookingInvoices(
  ctx: AppContext,
  actor: TActor,
  id: string,
  page: TPageQuery,
): Promise<TPaged<TInvoiceSummary>> {
  requireAccess(actor, 'invoices', 'read');
  await findBooking(ctx.db, actor.propertyId, id);
  return selectPage(
    ctx.db,
    invoices,
    and(eq(invoices.propertyId, actor.propertyId), eq(invoices.bookingId, id), isNull(invoices.deletedAt)),
    [desc(invoices.createdAt)],
    page,
    toInvoiceSummary,
  );
}
