import { type TCharge, type TEvent, type TInvoiceSummary, type TPaged, type TPageQuery } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { selectBookingCharges, selectBookingInvoicePage } from './booking-billing.queries.ts';
import { findBooking, selectBookingEvents } from './bookings.queries.ts';
import { toInvoiceSummary } from '../../lib/invoice-summary.ts';

export async function listBookingEvents(ctx: AppContext, actor: TActor, id: string): Promise<TEvent[]> {
  requireAccess(actor, 'bookings', 'read');
  await findBooking(ctx.db, actor.propertyId, id);
  const rows = await selectBookingEvents(ctx.db, actor.propertyId, id);
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
  const rows = await selectBookingCharges(ctx.db, id);
  return rows.map((charge) => ({
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
  return selectBookingInvoicePage(ctx.db, actor.propertyId, id, page, toInvoiceSummary);
}
