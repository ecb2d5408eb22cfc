import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { addDays, todayIn, zonedInstant } from '@pms/contract';
import { systemActor } from '../actor.ts';
import { SettableClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import {
  bookingLinks,
  bookings,
  contacts,
  folios,
  groups,
  invoices,
  items,
  paymentMethods,
  type properties,
} from '../db/schema/index.ts';
import { createJobQueue } from '../jobs/job-queue.ts';
import { createFolio, getFolioTotals, moveCharge, postCharge, postPayment } from '../modules/folios/index.ts';
import { createCashRegister, openShift } from '../modules/cash/index.ts';
import { cancelInvoice, createInvoice } from '../modules/invoices/index.ts';
import { sendBookingLink, sendInvoice } from '../modules/mail/index.ts';
import { seededRandom } from './seed-front-office.ts';

type TProperty = typeof properties.$inferSelect;

/**
 * The front desk's money for the demo, through the same services staff use, each at the time it would
 * have happened: past stays paid at check-out (card, cash or transfer), the latest of them invoiced
 * (paid; one left open with money due; one cancelled with its cancellation invoice and invoiced
 * again), guests in the house with breakfast, drinks and parking on their folios and a deposit, one
 * bill split onto a second folio, and a draft; in the outbox the latest invoice's e-mail and the
 * portal link to an arrival. The invoices' documents and the e-mails go out through the job runner once
 * the server runs (without SMTP into the development outbox).
 */
export async function seedBilling(
  tx: Tx,
  property: TProperty,
  options: { seed: number; invoices: number; publicUrl: string },
) {
  const random = seededRandom(options.seed);
  const clock = new SettableClock();
  // The services the demo calls use only the database, the clock, the job queue and the public url.
  // The demo's cash register signs with the simulator; its keys are stored as they are (the demo is made
  // before any secret key exists, and its receipts say they are no valid receipts).
  const ctx = {
    db: tx,
    clock,
    jobs: createJobQueue(clock),
    config: { publicUrl: options.publicUrl, fiscalSimulator: true },
    secrets: { seal: (plain: string) => plain, open: (stored: string) => stored },
  } as unknown as AppContext;
  const actor = systemActor(property.id, 'demo');
  const at = (date: string, time: string) => clock.set(zonedInstant(date, time, property.timeZone));
  const methods = await tx.select().from(paymentMethods).where(eq(paymentMethods.propertyId, property.id));
  const method = (kind: string) => methods.find((m) => m.kind === kind)!.id;
  const itemRows = await tx.select().from(items).where(eq(items.propertyId, property.id));
  const item = (type: string, name?: string) =>
    itemRows.find((i) => i.type === type && (!name || i.name === name))!.id;
  const folioOf = async (bookingId: string) => {
    const [row] = await tx
      .select()
      .from(folios)
      .where(eq(folios.bookingId, bookingId))
      .orderBy(asc(folios.createdAt))
      .limit(1);
    return row!.id;
  };
  const stays = (statuses: ('checked_out' | 'checked_in')[]) =>
    tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.propertyId, property.id), inArray(bookings.status, statuses)))
      .orderBy(desc(bookings.checkOut), asc(bookings.code));

  // Guests in the house: extras on the folio, a deposit for some, one bill split for the company.
  const inHouse = await stays(['checked_in']);
  for (const [index, booking] of inHouse.entries()) {
    const folioId = await folioOf(booking.id);
    at(booking.checkIn, '19:30');
    await postCharge(ctx, actor, folioId, {
      itemId: item('food_and_beverage', 'Getränke'),
      quantity: random.int(1, 4),
      bookedOn: booking.checkIn,
      unitAmount: 450,
    });
    if (index % 2 === 0) {
      await postCharge(ctx, actor, folioId, {
        itemId: item('food_and_beverage', 'Frühstück'),
        quantity: booking.occupancy,
        bookedOn: booking.checkIn,
      });
    }
    if (index % 3 === 0) {
      await postPayment(ctx, actor, folioId, {
        amount: 10_000,
        paymentMethodId: method('card'),
        reference: 'Anzahlung',
        paidOn: booking.checkIn,
      });
    }
    if (index === 1) {
      const parking = await postCharge(ctx, actor, folioId, {
        itemId: item('other'),
        quantity: 1,
        bookedOn: booking.checkIn,
      });
      const company = await createFolio(ctx, actor, { bookingId: booking.id, name: 'Firma' });
      const charge = parking.charges.at(-1)!;
      await moveCharge(ctx, actor, folioId, charge.id, { targetFolioId: company.id });
    }
  }

  // Receivables: a company's earlier seminars, billed on its group to be paid by transfer 75 and 45
  // days ago, still open and past their due day, ready for a payment reminder. Invoiced before the
  // past stays, so the invoice numbers follow the days they were issued.
  const [debtor] = await tx
    .select({ id: groups.id, customerId: groups.customerId })
    .from(groups)
    .innerJoin(contacts, eq(contacts.id, groups.customerId))
    .where(and(eq(groups.propertyId, property.id), eq(contacts.isDebtor, true)))
    .orderBy(asc(groups.name))
    .limit(1);
  if (debtor) {
    for (const [daysAgo, participants] of [
      [75, 14],
      [45, 9],
    ] as const) {
      const day = addDays(todayIn(property.timeZone), -daysAgo);
      at(day, '17:00');
      const folio = await createFolio(ctx, actor, {
        groupId: debtor.id,
        customerId: debtor.customerId,
        name: `Seminar ${day}`,
      });
      await postCharge(ctx, actor, folio.id, {
        itemId: item('food_and_beverage', 'Getränke'),
        text: 'Seminarpauschale mit Pausenverpflegung',
        quantity: participants,
        unitAmount: 5_900,
        bookedOn: day,
      });
      await createInvoice(ctx, actor, { folioId: folio.id, draft: false, closeWithDueAmount: true });
    }
  }

  // Past stays: paid at check-out, the latest ones invoiced; cash through the reception's register,
  // put into use and opened the morning of the first of these check-outs.
  const past = await stays(['checked_out']);
  const firstCheckOut = past.at(-1)?.checkOut ?? todayIn(property.timeZone);
  at(firstCheckOut, '07:00');
  const isAustria = property.address.country === 'at';
  const register = await createCashRegister(ctx, actor, {
    name: 'Rezeption',
    country: isAustria ? 'AT' : 'DE',
    adapter: 'simulator',
    cashBoxId: isAustria ? 'ALPENHOF-REZ-1' : 'SPREEBLICK-REZ-1',
    paymentMethodIds: [method('cash')],
  });
  await openShift(ctx, actor, register.id);
  const invoiced = new Set(past.slice(0, options.invoices).map((booking) => booking.id));
  for (const booking of [...past].reverse()) {
    const folioId = await folioOf(booking.id);
    at(booking.checkOut, '10:15');
    const { dueAmount } = await getFolioTotals(tx, folioId);
    const isLeftOpen = booking.id === past[1]?.id;
    const amount = isLeftOpen ? Math.floor(dueAmount / 2) : dueAmount;
    if (amount > 0) {
      const roll = random.next();
      await postPayment(ctx, actor, folioId, {
        amount,
        paymentMethodId: method(roll < 0.6 ? 'card' : roll < 0.9 ? 'cash' : 'transfer'),
        paidOn: booking.checkOut,
      });
    }
    if (!invoiced.has(booking.id)) continue;
    const invoice = await createInvoice(ctx, actor, {
      folioId,
      draft: false,
      closeWithDueAmount: isLeftOpen,
    });
    if (booking.id === past[2]?.id) {
      at(booking.checkOut, '16:40');
      await cancelInvoice(ctx, actor, invoice.id);
      await createInvoice(ctx, actor, {
        folioId,
        draft: false,
        closeWithDueAmount: false,
        additionalText: 'Rechnung an die korrigierte Anschrift.',
      });
    }
  }

  // A draft, still to be checked before it is issued.
  const draftStay = inHouse[0];
  if (draftStay) {
    at(draftStay.checkIn, '20:00');
    await createInvoice(ctx, actor, {
      folioId: await folioOf(draftStay.id),
      draft: true,
      closeWithDueAmount: false,
    });
  }

  // The outbox: the latest invoice sent to its customer, and the portal link to tomorrow's first arrival.
  const latest = past.find((booking) => invoiced.has(booking.id) && booking.id !== past[2]?.id);
  if (latest) {
    at(latest.checkOut, '10:30');
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.bookingId, latest.id), eq(invoices.status, 'paid')));
    if (invoice) await sendInvoice(ctx, actor, invoice.id, {});
  }
  clock.reset();
  const today = todayIn(property.timeZone);
  const [arrival] = await tx
    .select({ id: bookings.id, linkId: bookingLinks.id })
    .from(bookings)
    .innerJoin(bookingLinks, eq(bookingLinks.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.propertyId, property.id),
        eq(bookings.status, 'confirmed'),
        eq(bookings.checkIn, addDays(today, 1)),
      ),
    )
    .orderBy(asc(bookings.code))
    .limit(1);
  if (arrival) await sendBookingLink(ctx, actor, arrival.id, arrival.linkId, {});
}
