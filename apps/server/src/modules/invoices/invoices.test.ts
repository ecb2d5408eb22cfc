import { describe, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZContact,
  ZFile,
  ZGroup,
  ZInvoice,
  ZInvoicePage,
  type TBooking,
  type TInvoice,
  type TInvoicePage,
} from '@pms/contract';
import {
  charges,
  events,
  files,
  folios,
  invoiceLines,
  invoices,
  invoiceTaxes,
  paymentMethods,
  payments,
  properties,
} from '../../db/schema/index.ts';
import { toAppError } from '../../db/constraint-errors.ts';
import {
  createStayFixture,
  demo,
  expectProblem,
  loginAt,
  parsed,
  pdfBytes,
  PortalGuest,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const day = (today: string, offset: number) => addDays(today, offset);
const completeAddress = { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' };

const test = apiTest.extend('invoicing', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin, ids } = demoApp;
  const austria = ids[demo.austria]!;
  const today = todayIn('Europe/Vienna', t.clock.now());
  const { roomIds, rateId } = await createStayFixture(admin, {
    roomType: { name: 'Rechnungszimmer', code: 'RZ' },
    rooms: '801-805',
    rate: { name: 'Rechnungsrate', code: 'RR' },
    prices: [10000, 12000],
  });
  const contact = await admin.post('/api/contacts', {
    name: 'Anna Rechnung',
    email: 'anna.rechnung@example.com',
    address: completeAddress,
  });
  expect(contact.statusCode, contact.body).toBe(201);
  const customerId = parsed(contact, ZContact).id;
  return { austria, today, roomIds, rateId, customerId };
});

let nextDay = 300;

/** A booking of two nights for the complete customer, with its folio (two charges of 120,00). */
async function bookedFolio(
  t: TTestApp,
  admin: ApiClient,
  today: string,
  roomIds: Record<string, string>,
  rateId: string,
  customerId: string,
): Promise<{ booking: TBooking; folioId: string }> {
  const checkIn = day(today, nextDay);
  nextDay += 3;
  const response = await admin.post('/api/bookings', {
    occupancy: 2,
    rateId,
    roomId: roomIds['801'],
    checkIn,
    checkOut: addDays(checkIn, 2),
    customerId,
  });
  expect(response.statusCode, response.body).toBe(201);
  const booking = parsed(response, ZBooking);
  const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, booking.id));
  return { booking, folioId: folio!.id };
}

/** A folio without booking, billed to the complete customer, with the charges given. */
async function looseFolio(
  t: TTestApp,
  austria: string,
  today: string,
  customerId: string,
  lines: { grossAmount: number; taxBasisPoints: number; text?: string; isLocalTax?: boolean }[] = [
    { grossAmount: 1000, taxBasisPoints: 1900 },
  ],
  propertyId = austria,
  customer: string | null = customerId,
): Promise<string> {
  const [folio] = await t.db.insert(folios).values({ propertyId, customerId: customer }).returning();
  for (const line of lines) {
    const netAmount = Math.round((line.grossAmount * 10000) / (10000 + line.taxBasisPoints));
    await t.db.insert(charges).values({
      propertyId,
      folioId: folio!.id,
      text: line.text ?? 'Getränk',
      quantity: 1,
      grossAmount: line.grossAmount,
      netAmount,
      taxAmount: line.grossAmount - netAmount,
      taxBasisPoints: line.taxBasisPoints,
      isTransitory: line.isLocalTax ?? false,
      bookedOn: day(today, 1),
    });
  }
  return folio!.id;
}

async function pay(
  t: TTestApp,
  austria: string,
  today: string,
  folioId: string,
  amount: number,
  kind: 'card' | 'cash' | 'transfer' = 'card',
) {
  const [method] = await t.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.propertyId, austria), eq(paymentMethods.kind, kind)));
  await t.db
    .insert(payments)
    .values({ propertyId: austria, folioId, paymentMethodId: method!.id, amount, paidOn: today });
}

async function invoiceOk(admin: ApiClient, body: Record<string, unknown>, client = admin): Promise<TInvoice> {
  const response = await client.post('/api/invoices', body);
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZInvoice);
}

function numberOf(invoice: TInvoice): number {
  return Number(invoice.number!.replace(/^AH-/, ''));
}

async function eventTypes(t: TTestApp, invoiceId: string): Promise<string[]> {
  const rows = await t.db
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.objectType, 'invoice'), eq(events.objectId, invoiceId)))
    .orderBy(events.createdAt);
  return rows.map((row) => row.type);
}

async function folioClosedAt(t: TTestApp, folioId: string): Promise<Date | null> {
  const [folio] = await t.db.select().from(folios).where(eq(folios.id, folioId));
  return folio!.closedAt;
}

describe('creating an invoice from a folio', () => {
  test('issues a paid folio at once: number, lines, tax per rate, recipient, service period, folio closed', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, roomIds, rateId, customerId },
  }) => {
    const { booking, folioId } = await bookedFolio(t, admin, today, roomIds, rateId, customerId);
    await pay(t, austria, today, folioId, 24000);
    const [property] = await t.db.select().from(properties).where(eq(properties.id, austria));
    const invoice = await invoiceOk(admin, { folioId, additionalText: 'Danke für Ihren Besuch' });
    expect(invoice).toMatchObject({
      number: `AH-${property!.nextInvoiceNumber}`,
      status: 'paid',
      folioId,
      bookingId: booking.id,
      customerId,
      recipient: 'Anna Rechnung',
      billingAddress: completeAddress,
      additionalText: 'Danke für Ihren Besuch',
      totalAmount: 24000,
      paidAmount: 24000,
      dueAmount: 0,
      cancels: null,
      canceledBy: null,
      serviceFrom: booking.checkIn,
      serviceTo: addDays(booking.checkIn, 1),
    });
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.lines[0]).toMatchObject({ position: 1, quantity: 1, grossAmount: 12000 });
    const tax = invoice.taxes[0]!;
    expect(invoice.taxes).toHaveLength(1);
    expect(tax.netAmount + tax.taxAmount).toBe(24000);
    expect(invoice.netAmount).toBe(tax.netAmount);
    expect(invoice.lines.reduce((sum, line) => sum + line.netAmount, 0)).toBe(tax.netAmount);
    expect(await folioClosedAt(t, folioId)).not.toBeNull();
    expect(await eventTypes(t, invoice.id)).toEqual(['created', 'issued', 'paid']);
    expect(parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice)).toEqual(invoice);
  });

  test('computes tax per rate over 2 x 10,00 at 19 %, 7 % and the 0 % local tax', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId, [
      { grossAmount: 1000, taxBasisPoints: 1900, text: 'Wein' },
      { grossAmount: 1000, taxBasisPoints: 1900, text: 'Wein' },
      { grossAmount: 10700, taxBasisPoints: 700, text: 'Übernachtung' },
      { grossAmount: 250, taxBasisPoints: 0, text: 'Ortstaxe', isLocalTax: true },
    ]);
    const invoice = await invoiceOk(admin, { folioId, closeWithDueAmount: true });
    // The local tax carries no VAT: it stands apart from the net and the tax per rate, as in the PDF.
    expect(invoice.taxes).toEqual([
      { taxPercentage: 7, netAmount: 10000, taxAmount: 700, grossAmount: 10700 },
      { taxPercentage: 19, netAmount: 1681, taxAmount: 319, grossAmount: 2000 },
    ]);
    expect(invoice).toMatchObject({
      totalAmount: 12950,
      netAmount: 11681,
      taxAmount: 1019,
      localTaxAmount: 250,
      paidAmount: 0,
      dueAmount: 12950,
    });
    expect(invoice.lines.map((line) => line.netAmount)).toEqual([841, 840, 10000, 250]);
    const listed = parsed(
      await admin.get(`/api/invoices?customerId=${customerId}&pageSize=100`),
      ZInvoicePage,
    );
    expect(listed.data.find((item) => item.id === invoice.id)).toMatchObject({
      netAmount: 11681,
      localTaxAmount: 250,
      totalAmount: 12950,
    });
  });

  test('turns paid when the payments on its folio cover it', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId, [
      { grossAmount: 4000, taxBasisPoints: 1900 },
    ]);
    const invoice = await invoiceOk(admin, { folioId, closeWithDueAmount: true });
    // The desk takes the money on the closed folio after the invoice was issued.
    const payAtDesk = async (amount: number, kind: 'card' | 'cash') => {
      const [method] = await t.db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.propertyId, austria), eq(paymentMethods.kind, kind)));
      const paid = await admin.post(`/api/folios/${folioId}/payments`, {
        amount,
        paymentMethodId: method!.id,
      });
      expect(paid.statusCode, paid.body).toBe(201);
    };
    await payAtDesk(3000, 'card');
    expect(parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice).status).toBe('open');
    await payAtDesk(1000, 'cash');
    expect(parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice)).toMatchObject({
      status: 'paid',
      paidAmount: 4000,
      dueAmount: 0,
    });
    expect(await eventTypes(t, invoice.id)).toEqual(['created', 'issued', 'paid']);
  });

  test('asks to confirm that a folio not fully paid closes with the amount due', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId, [
      { grossAmount: 5000, taxBasisPoints: 1900 },
    ]);
    await pay(t, austria, today, folioId, 2000, 'cash');
    expectProblem(await admin.post('/api/invoices', { folioId }), 409, 'invoice/due_amount_unconfirmed');
    expect(await folioClosedAt(t, folioId)).toBeNull();
    const invoice = await invoiceOk(admin, { folioId, closeWithDueAmount: true });
    expect(invoice).toMatchObject({ status: 'open', totalAmount: 5000, paidAmount: 2000, dueAmount: 3000 });
    expect(await eventTypes(t, invoice.id)).toEqual(['created', 'issued']);
  });

  test('refuses a recipient without a complete address, and a folio without customer', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const partial = await admin.post('/api/contacts', {
      name: 'Otto Ohneort',
      address: { line1: 'Hauptstraße 1', postalCode: '5020', country: 'at' },
    });
    const partialId = parsed(partial, ZContact).id;
    const folioId = await looseFolio(t, austria, today, customerId, undefined, austria, partialId);
    expectProblem(
      await admin.post('/api/invoices', { folioId, closeWithDueAmount: true }),
      400,
      'folio/customer_address_incomplete',
    );
    const anonymousFolio = await looseFolio(t, austria, today, customerId, undefined, austria, null);
    expectProblem(
      await admin.post('/api/invoices', { folioId: anonymousFolio, closeWithDueAmount: true }),
      400,
      'folio/customer_address_incomplete',
    );
    // Nothing of the refused attempt stays: no draft, no number used.
    const drafts = await t.db.select().from(invoices).where(eq(invoices.folioId, folioId));
    expect(drafts).toHaveLength(0);
  });

  test('refuses a second invoice on a folio that has one', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId);
    await invoiceOk(admin, { folioId, closeWithDueAmount: true });
    expectProblem(
      await admin.post('/api/invoices', { folioId, closeWithDueAmount: true }),
      409,
      'folio/already_invoiced',
    );
  });

  test('keeps an issued invoice as it was when the folio changes later', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId);
    const invoice = await invoiceOk(admin, { folioId, closeWithDueAmount: true });
    await t.db
      .update(charges)
      .set({ grossAmount: 9999, netAmount: 9999, taxAmount: 0 })
      .where(eq(charges.folioId, folioId));
    await t.db.update(folios).set({ customerId: null }).where(eq(folios.id, folioId));
    expect(parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice)).toEqual(invoice);
  });

  test('refuses bad input with the code, and folios it cannot see with 404', async ({
    demoApp: { t, client: admin, ids },
    invoicing: { austria, today, customerId },
  }) => {
    expectProblem(await admin.post('/api/invoices', { folioId: 'nope' }), 400, 'validation');
    expectProblem(await admin.post('/api/invoices', {}), 400, 'validation');
    expectProblem(
      await admin.post('/api/invoices', { folioId: crypto.randomUUID(), closeWithDueAmount: 'yes' }),
      400,
      'validation',
    );
    expectProblem(await admin.post('/api/invoices', { folioId: crypto.randomUUID() }), 404, 'not_found');
    const foreign = await looseFolio(t, austria, today, customerId, undefined, ids[demo.germany], null);
    expectProblem(await admin.post('/api/invoices', { folioId: foreign }), 404, 'not_found');
  });
});

describe('drafts', () => {
  test('count the payments already posted on the folio, in the detail, the list and its sums', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId, [
      { grossAmount: 40540, taxBasisPoints: 1000 },
    ]);
    await pay(t, austria, today, folioId, 25000);
    const draft = await invoiceOk(admin, { folioId, draft: true });
    expect(draft).toMatchObject({ status: 'draft', totalAmount: 40540, paidAmount: 25000, dueAmount: 15540 });
    const listed = parsed(
      await admin.get(`/api/invoices?customerId=${customerId}&status=draft&pageSize=100`),
      ZInvoicePage,
    );
    expect(listed.data.find((item) => item.id === draft.id)).toMatchObject({
      paidAmount: 25000,
      dueAmount: 15540,
    });
    expect(listed.aggregate.paidAmount).toBe(listed.data.reduce((sum, item) => sum + item.paidAmount, 0));
    expect(listed.aggregate.dueAmount).toBe(listed.data.reduce((sum, item) => sum + item.dueAmount, 0));
    // Paid in full, it issues without the confirmation of an amount due, as its due amount said.
    await pay(t, austria, today, folioId, 15540);
    const covered = parsed(await admin.get(`/api/invoices/${draft.id}`), ZInvoice);
    expect(covered).toMatchObject({ paidAmount: 40540, dueAmount: 0 });
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    expect(parsed(issued, ZInvoice)).toMatchObject({ status: 'paid', paidAmount: 40540, dueAmount: 0 });
  });

  test('have no number, can be edited, issued and then no longer edited', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId);
    const draft = await invoiceOk(admin, { folioId, draft: true });
    expect(draft).toMatchObject({ status: 'draft', number: null, totalAmount: 1000, dueAmount: 1000 });
    expect(draft.lines).toHaveLength(1);
    const other = await admin.post('/api/contacts', {
      name: 'Firma Beispiel GmbH',
      type: 'company',
      address: { line1: 'Ring 1', postalCode: '1010', city: 'Wien', country: 'at' },
    });
    const otherId = parsed(other, ZContact).id;
    const edited = await admin.put(`/api/invoices/${draft.id}`, {
      customerId: otherId,
      additionalText: 'Zimmer 801',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(parsed(edited, ZInvoice)).toMatchObject({
      customerId: otherId,
      recipient: 'Firma Beispiel GmbH',
      billingAddress: { city: 'Wien' },
      additionalText: 'Zimmer 801',
    });
    const renamed = await admin.put(`/api/invoices/${draft.id}`, {
      recipient: 'Firma Beispiel GmbH, z. H. Frau Muster',
      billingAddress: { line1: 'Ring 2', postalCode: '1010', city: 'Wien', country: 'at' },
    });
    expect(parsed(renamed, ZInvoice)).toMatchObject({
      recipient: 'Firma Beispiel GmbH, z. H. Frau Muster',
      billingAddress: { line1: 'Ring 2' },
    });
    expectProblem(
      await admin.post(`/api/invoices/${draft.id}/actions/issue`),
      409,
      'invoice/due_amount_unconfirmed',
    );
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(parsed(issued, ZInvoice)).toMatchObject({
      status: 'open',
      recipient: 'Firma Beispiel GmbH, z. H. Frau Muster',
    });
    expect(parsed(issued, ZInvoice).number).toMatch(/^AH-\d+$/);
    expectProblem(
      await admin.post(`/api/invoices/${draft.id}/actions/issue`, {}),
      409,
      'invoice/invalid_transition',
    );
    expectProblem(
      await admin.put(`/api/invoices/${draft.id}`, { additionalText: 'neu' }),
      409,
      'invoice/immutable',
    );
    expectProblem(await admin.delete(`/api/invoices/${draft.id}`), 409, 'invoice/immutable');
    expect(await eventTypes(t, draft.id)).toEqual(['created', 'updated', 'updated', 'issued']);
  });

  test('takes the folio as it is when issued', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId);
    const draft = await invoiceOk(admin, { folioId, draft: true });
    await looseCharge(t, austria, today, folioId, 500);
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(parsed(issued, ZInvoice)).toMatchObject({ totalAmount: 1500 });
    expect(parsed(issued, ZInvoice).lines).toHaveLength(2);
  });

  test('can be deleted unless payments were posted on the folio', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId);
    const draft = await invoiceOk(admin, { folioId, draft: true });
    await pay(t, austria, today, folioId, 100);
    expectProblem(await admin.delete(`/api/invoices/${draft.id}`), 409, 'folio/payments_posted');
    const freeFolio = await looseFolio(t, austria, today, customerId);
    const free = await invoiceOk(admin, { folioId: freeFolio, draft: true });
    expect((await admin.delete(`/api/invoices/${free.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/invoices/${free.id}`), 404, 'not_found');
    expect(await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, free.id))).toHaveLength(0);
    // The folio can be invoiced again.
    await invoiceOk(admin, { folioId: freeFolio, closeWithDueAmount: true });
  });

  test('refuses bad updates with the code', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const folioId = await looseFolio(t, austria, today, customerId);
    const draft = await invoiceOk(admin, { folioId, draft: true });
    expectProblem(
      await admin.put(`/api/invoices/${draft.id}`, { billingAddress: { country: 'xx' } }),
      400,
      'validation',
    );
    expectProblem(await admin.put(`/api/invoices/${draft.id}`, { recipient: '' }), 400, 'validation');
    expectProblem(
      await admin.put(`/api/invoices/${draft.id}`, { customerId: crypto.randomUUID() }),
      404,
      'not_found',
    );
    expectProblem(await admin.put(`/api/invoices/not-an-id`, {}), 400, 'validation');
  });

  test('answers an update that changes nothing with the draft as it is, for staff and for the guest', async ({
    demoApp: { t, client: admin },
    invoicing: { today, roomIds, rateId, customerId },
  }) => {
    const { booking, folioId } = await bookedFolio(t, admin, today, roomIds, rateId, customerId);
    const draft = await invoiceOk(admin, { folioId, draft: true });
    const sameValues = {
      customerId: draft.customerId,
      billingAddress: draft.billingAddress,
      additionalText: draft.additionalText,
    };
    for (const body of [{ customerId: draft.customerId }, sameValues]) {
      const response = await admin.put(`/api/invoices/${draft.id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(parsed(response, ZInvoice)).toMatchObject({ id: draft.id, ...sameValues, status: 'draft' });
    }
    const { link } = parsed(
      await admin.get(`/api/bookings/${booking.id}`, { query: { expand: 'link' } }),
      ZBooking,
    );
    const guest = new PortalGuest(t.app, link!.id);
    for (const body of [{ folioId, customerId: draft.customerId }, sameValues]) {
      const response = await guest.patch(`/api/portal/invoices/${draft.id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(parsed(response, ZInvoice)).toMatchObject({ id: draft.id, ...sameValues, status: 'draft' });
    }
  });
});

async function looseCharge(
  t: TTestApp,
  austria: string,
  today: string,
  folioId: string,
  grossAmount: number,
) {
  await t.db.insert(charges).values({
    propertyId: austria,
    folioId,
    text: 'Minibar',
    quantity: 1,
    grossAmount,
    netAmount: grossAmount,
    taxAmount: 0,
    taxBasisPoints: 0,
    bookedOn: day(today, 2),
  });
}

describe('cancelling', () => {
  test('issues a cancellation invoice with the next number, reverses it, reopens the folio and the booking', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, roomIds, rateId, customerId },
  }) => {
    const { booking, folioId } = await bookedFolio(t, admin, today, roomIds, rateId, customerId);
    await pay(t, austria, today, folioId, 24000);
    const invoice = await invoiceOk(admin, { folioId });
    expectProblem(
      await admin.put(`/api/bookings/${booking.id}`, { comment: 'Spät' }),
      409,
      'booking/read_only',
    );
    const response = await admin.post(`/api/invoices/${invoice.id}/actions/cancel`);
    expect(response.statusCode, response.body).toBe(201);
    const cancellation = parsed(response, ZInvoice);
    expect(numberOf(cancellation)).toBe(numberOf(invoice) + 1);
    expect(cancellation).toMatchObject({
      status: 'completed',
      cancels: invoice.id,
      folioId,
      bookingId: booking.id,
      recipient: invoice.recipient,
      totalAmount: -24000,
      netAmount: -invoice.netAmount,
      taxAmount: -invoice.taxAmount,
      // Nothing is owed or refunded by a cancellation: the payments stay on the reopened folio.
      paidAmount: 0,
      dueAmount: 0,
      serviceFrom: invoice.serviceFrom,
      serviceTo: invoice.serviceTo,
    });
    expect(cancellation.lines.map((line) => line.grossAmount)).toEqual(
      invoice.lines.map((line) => -line.grossAmount),
    );
    expect(cancellation.taxes.map((tax) => tax.taxAmount)).toEqual(
      invoice.taxes.map((tax) => -tax.taxAmount),
    );
    const original = parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice);
    expect(original).toMatchObject({ status: 'canceled', canceledBy: cancellation.id, totalAmount: 24000 });
    expect(original.lines).toEqual(invoice.lines);
    expect(await folioClosedAt(t, folioId)).toBeNull();
    expect(await eventTypes(t, invoice.id)).toEqual(['created', 'issued', 'paid', 'canceled']);
    expect(await eventTypes(t, cancellation.id)).toEqual(['created']);
    const edited = await admin.put(`/api/bookings/${booking.id}`, { comment: 'Spät' });
    expect(edited.statusCode, edited.body).toBe(200);
    expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/actions/cancel`),
      409,
      'invoice/invalid_transition',
    );
    expectProblem(
      await admin.post(`/api/invoices/${cancellation.id}/actions/cancel`),
      409,
      'invoice/invalid_transition',
    );
    expectProblem(await admin.delete(`/api/invoices/${cancellation.id}`), 409, 'invoice/immutable');
    // A new invoice for the reopened folio.
    const again = await invoiceOk(admin, { folioId });
    expect(numberOf(again)).toBe(numberOf(cancellation) + 1);
  });

  test('refuses to cancel a draft', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const draft = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId),
      draft: true,
    });
    expectProblem(
      await admin.post(`/api/invoices/${draft.id}/actions/cancel`),
      409,
      'invoice/invalid_transition',
    );
  });
});

describe('issued invoices are kept by the database', () => {
  async function refusal(work: () => Promise<unknown>): Promise<string | undefined> {
    try {
      await work();
    } catch (error) {
      return toAppError(error)?.code;
    }
    return 'not refused';
  }

  test('refuses changed amounts, numbers, recipients, lines, taxes and deletes', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const invoice = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId),
      closeWithDueAmount: true,
    });
    const byId = eq(invoices.id, invoice.id);
    const immutable = 'invoice/immutable';
    expect(await refusal(() => t.db.update(invoices).set({ totalAmount: 1 }).where(byId))).toBe(immutable);
    expect(await refusal(() => t.db.update(invoices).set({ number: 'AH-0' }).where(byId))).toBe(immutable);
    expect(await refusal(() => t.db.update(invoices).set({ recipient: 'X' }).where(byId))).toBe(immutable);
    expect(await refusal(() => t.db.update(invoices).set({ billingAddress: {} }).where(byId))).toBe(
      immutable,
    );
    expect(await refusal(() => t.db.update(invoices).set({ status: 'draft' }).where(byId))).toBe(immutable);
    expect(await refusal(() => t.db.update(invoices).set({ deletedAt: new Date() }).where(byId))).toBe(
      immutable,
    );
    expect(await refusal(() => t.db.delete(invoices).where(byId))).toBe(immutable);
    const ofLines = eq(invoiceLines.invoiceId, invoice.id);
    expect(
      await refusal(() =>
        t.db.update(invoiceLines).set({ grossAmount: 1, netAmount: 1, taxAmount: 0 }).where(ofLines),
      ),
    ).toBe(immutable);
    expect(await refusal(() => t.db.delete(invoiceLines).where(ofLines))).toBe(immutable);
    expect(
      await refusal(() =>
        t.db.insert(invoiceLines).values({
          propertyId: austria,
          invoiceId: invoice.id,
          position: 9,
          text: 'mehr',
          quantity: 1,
          serviceDate: today,
          netAmount: 1,
          taxAmount: 0,
          grossAmount: 1,
          taxBasisPoints: 0,
        }),
      ),
    ).toBe(immutable);
    expect(await refusal(() => t.db.delete(invoiceTaxes).where(eq(invoiceTaxes.invoiceId, invoice.id)))).toBe(
      immutable,
    );
    // Status moves on: open -> paid.
    await t.db.update(invoices).set({ status: 'paid' }).where(byId);
    const { updatedAt: _updatedAt, ...kept } = invoice;
    expect(parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice)).toMatchObject({
      ...kept,
      status: 'paid',
      paidAmount: 1000,
      dueAmount: 0,
    });
  });

  test('keeps the document file: set once, never deleted', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const invoice = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId),
      closeWithDueAmount: true,
    });
    const upload = async () => {
      const response = await admin.upload('/api/files', {
        name: 'rechnung.pdf',
        content: pdfBytes(),
        contentType: 'application/pdf',
      });
      expect(response.statusCode, response.body).toBe(201);
      return parsed(response, ZFile).id;
    };
    const fileId = await upload();
    const byId = eq(invoices.id, invoice.id);
    await t.db.update(invoices).set({ fileId }).where(byId);
    const otherId = await upload();
    expect(await refusal(() => t.db.update(invoices).set({ fileId: otherId }).where(byId))).toBe(
      'invoice/immutable',
    );
    expectProblem(await admin.delete(`/api/files/${fileId}`), 409, 'file/invoice_document');
    expect((await admin.get(`/api/files/${fileId}/content`)).statusCode).toBe(200);
    expect(
      await refusal(() => t.db.update(files).set({ deletedAt: new Date() }).where(eq(files.id, fileId))),
    ).toBe('file/invoice_document');
    expect(await refusal(() => t.db.delete(files).where(eq(files.id, fileId)))).toBe('file/invoice_document');
    expect((await admin.delete(`/api/files/${otherId}`)).statusCode).toBe(204);
  });
});

describe('the invoices list', () => {
  test('filters by status, payment method, booking, contact and group, with sums over every match', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, roomIds, rateId, customerId },
  }) => {
    const cashFolio = await looseFolio(t, austria, today, customerId, [
      { grossAmount: 7000, taxBasisPoints: 1900 },
    ]);
    await pay(t, austria, today, cashFolio, 7000, 'cash');
    const paid = await invoiceOk(admin, { folioId: cashFolio });
    const transferFolio = await looseFolio(t, austria, today, customerId, [
      { grossAmount: 3000, taxBasisPoints: 1900 },
    ]);
    await pay(t, austria, today, transferFolio, 1000, 'transfer');
    const open = await invoiceOk(admin, { folioId: transferFolio, closeWithDueAmount: true });
    const { booking, folioId } = await bookedFolio(t, admin, today, roomIds, rateId, customerId);
    const draft = await invoiceOk(admin, { folioId, draft: true });

    const list = async (query: Record<string, string>) => {
      const response = await admin.get('/api/invoices', { query });
      expect(response.statusCode, response.body).toBe(200);
      return parsed(response, ZInvoicePage);
    };
    const idsOf = (page: TInvoicePage) => page.data.map((invoice) => invoice.id);
    expect(idsOf(await list({ paymentMethod: 'cash' }))).toContain(paid.id);
    expect(idsOf(await list({ paymentMethod: 'cash' }))).not.toContain(open.id);
    expect(idsOf(await list({ paymentMethod: 'transfer' }))).toEqual([open.id]);
    expect((await list({ status: 'draft' })).data.every((invoice) => invoice.status === 'draft')).toBe(true);
    expect(idsOf(await list({ status: 'open', pageSize: '100' }))).toContain(open.id);
    expect(idsOf(await list({ bookingId: booking.id }))).toEqual([draft.id]);
    const all = await list({ customerId, pageSize: '2' });
    expect(all.data).toHaveLength(2);
    const every = await list({ customerId, pageSize: '100' });
    expect(all.count).toBe(every.count);
    const sum = (field: 'totalAmount' | 'paidAmount' | 'dueAmount') =>
      every.data.reduce((total, invoice) => total + invoice[field], 0);
    expect(all.aggregate).toEqual({
      totalAmount: sum('totalAmount'),
      paidAmount: sum('paidAmount'),
      dueAmount: sum('dueAmount'),
    });
    expect((await list({ paymentMethod: 'transfer' })).aggregate).toEqual({
      totalAmount: 3000,
      paidAmount: 1000,
      dueAmount: 2000,
    });

    const group = await admin.post('/api/groups', { name: 'Rechnungsgruppe' });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = parsed(group, ZGroup).id;
    const groupFolio = await looseFolio(t, austria, today, customerId);
    await t.db.update(folios).set({ groupId, isGroupFolio: true }).where(eq(folios.id, groupFolio));
    const groupInvoice = await invoiceOk(admin, { folioId: groupFolio, closeWithDueAmount: true });
    expect(idsOf(await list({ groupId }))).toEqual([groupInvoice.id]);
    expectProblem(await admin.get('/api/invoices', { query: { status: 'lost' } }), 400, 'validation');
    expectProblem(
      await admin.get('/api/invoices', { query: { paymentMethod: 'cheque' } }),
      400,
      'validation',
    );
  });
});

describe('the invoices list order', () => {
  test('is newest first: a draft issued later comes before an invoice issued earlier, numbers in natural order', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, roomIds, rateId, customerId },
  }) => {
    const { folioId: laterFolio } = await bookedFolio(t, admin, today, roomIds, rateId, customerId);
    const draft = await invoiceOk(admin, { folioId: laterFolio, draft: true });
    const earlier = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId),
      closeWithDueAmount: true,
    });
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(issued.statusCode, issued.body).toBe(200);
    const later = parsed(issued, ZInvoice);
    expect(numberOf(later)).toBe(numberOf(earlier) + 1);
    const page = parsed(await admin.get('/api/invoices', { query: { pageSize: '100' } }), ZInvoicePage);
    const order = page.data.map((invoice) => invoice.id);
    expect(order.indexOf(later.id)).toBeLessThan(order.indexOf(earlier.id));
    // Issued invoices of a day come by number, highest first, whatever order they were made in.
    const numbers = page.data
      .filter((invoice) => invoice.number)
      .map((invoice) => numberOf(invoice as TInvoice));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });
});

describe('who may', () => {
  test('follows the role matrix, the property, and XSRF', async ({
    demoApp: { t, client: admin, ids },
    invoicing: { austria, today, customerId },
  }) => {
    const invoice = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId),
      closeWithDueAmount: true,
    });
    const draft = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId),
      draft: true,
    });
    for (const role of ['cleaning', 'catering'] as const) {
      const client = await loginAt(t.app, demo.users[role], austria);
      expectProblem(await client.get('/api/invoices'), 403, 'auth/forbidden');
      expectProblem(await client.get(`/api/invoices/${invoice.id}`), 403, 'auth/forbidden');
      expectProblem(
        await client.post('/api/invoices', { folioId: await looseFolio(t, austria, today, customerId) }),
        403,
        'auth/forbidden',
      );
      expectProblem(await client.post(`/api/invoices/${invoice.id}/actions/cancel`), 403, 'auth/forbidden');
      expectProblem(await client.delete(`/api/invoices/${draft.id}`), 403, 'auth/forbidden');
    }
    for (const role of ['manager', 'staff'] as const) {
      const client = await loginAt(t.app, demo.users[role], austria);
      expect((await client.get(`/api/invoices/${invoice.id}`)).statusCode).toBe(200);
      await invoiceOk(
        admin,
        { folioId: await looseFolio(t, austria, today, customerId), closeWithDueAmount: true },
        client,
      );
    }
    expectProblem(
      await admin.post(
        '/api/invoices',
        { folioId: await looseFolio(t, austria, today, customerId) },
        { xsrf: false },
      ),
      403,
      'auth/xsrf_invalid',
    );
    expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/actions/cancel`, undefined, { xsrf: false }),
      403,
      'auth/xsrf_invalid',
    );

    const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await german.get(`/api/invoices/${invoice.id}`), 404, 'not_found');
    expectProblem(await german.put(`/api/invoices/${draft.id}`, { additionalText: 'x' }), 404, 'not_found');
    expectProblem(await german.post(`/api/invoices/${draft.id}/actions/issue`, {}), 404, 'not_found');
    expectProblem(await german.post(`/api/invoices/${invoice.id}/actions/cancel`), 404, 'not_found');
    expectProblem(await german.delete(`/api/invoices/${draft.id}`), 404, 'not_found');
    expect(
      parsed(await german.get('/api/invoices', { query: { pageSize: '100' } }), ZInvoicePage).data.map(
        (i) => i.id,
      ),
    ).not.toContain(invoice.id);
  });
});

describe('numbering', () => {
  test('gives 50 concurrent issues on 50 folios over two instances 50 consecutive numbers', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const second = admin.clone(await t.startInstance());
    const folioIds = await Promise.all(
      Array.from({ length: 50 }, () => looseFolio(t, austria, today, customerId)),
    );
    const [before] = await t.db.select().from(properties).where(eq(properties.id, austria));
    const responses = await Promise.all(
      folioIds.map((folioId, index) =>
        (index % 2 === 0 ? admin : second).post('/api/invoices', { folioId, closeWithDueAmount: true }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const numbers = responses.map((response) => numberOf(parsed(response, ZInvoice))).sort((a, b) => a - b);
    const first = before!.nextInvoiceNumber;
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => first + index));
    const [after] = await t.db.select().from(properties).where(eq(properties.id, austria));
    expect(after!.nextInvoiceNumber).toBe(first + 50);
    const [duplicates] = await t.db
      .select({ n: sql<number>`count(${invoices.number}) - count(distinct ${invoices.number})` })
      .from(invoices)
      .where(eq(invoices.propertyId, austria));
    expect(Number(duplicates!.n)).toBe(0);
  });
});

describe('a company as recipient', () => {
  /** A company contact with a complete address (and its VAT ID, when given) in the client's property. */
  async function company(client: ApiClient, vatNumber?: string): Promise<string> {
    const response = await client.post('/api/contacts', {
      name: 'Beispiel Handels GmbH',
      type: 'company',
      company: { name: 'Beispiel Handels GmbH', ...(vatNumber ? { vatNumber } : {}) },
      address: { line1: 'Ring 1', postalCode: '1010', city: 'Wien', country: 'at' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return parsed(response, ZContact).id;
  }

  test('takes the company and its VAT ID from the customer, can be edited on a draft and is kept once issued', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const draft = await invoiceOk(admin, {
      folioId: await looseFolio(
        t,
        austria,
        today,
        customerId,
        undefined,
        austria,
        await company(admin, 'ATU87654321'),
      ),
      draft: true,
    });
    expect(draft).toMatchObject({ recipientCompany: 'Beispiel Handels GmbH', recipientVatId: 'ATU87654321' });
    const edited = await admin.put(`/api/invoices/${draft.id}`, {
      recipient: 'Maria Muster',
      recipientCompany: 'Beispiel Handels GmbH, Filiale Wien',
      recipientVatId: 'atu 1234 5678',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(parsed(edited, ZInvoice)).toMatchObject({
      recipient: 'Maria Muster',
      recipientCompany: 'Beispiel Handels GmbH, Filiale Wien',
      recipientVatId: 'ATU12345678',
    });
    expectProblem(
      await admin.put(`/api/invoices/${draft.id}`, { recipientVatId: '1234' }),
      400,
      'validation',
    );
    expectProblem(await admin.put(`/api/invoices/${draft.id}`, { recipientCompany: '' }), 400, 'validation');
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(parsed(issued, ZInvoice)).toMatchObject({
      recipientCompany: 'Beispiel Handels GmbH, Filiale Wien',
      recipientVatId: 'ATU12345678',
    });
    expectProblem(
      await admin.put(`/api/invoices/${draft.id}`, { recipientVatId: 'ATU87654321' }),
      409,
      'invoice/immutable',
    );
    const byId = eq(invoices.id, draft.id);
    await expect(t.db.update(invoices).set({ recipientVatId: 'ATU87654321' }).where(byId)).rejects.toThrow();
    await expect(t.db.update(invoices).set({ recipientCompany: 'X' }).where(byId)).rejects.toThrow();
    // A person's invoice names no company.
    const personal = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId),
      draft: true,
    });
    expect(personal).toMatchObject({
      recipient: 'Anna Rechnung',
      recipientCompany: null,
      recipientVatId: null,
    });
  });

  test('over €10,000 gross in Austria is refused without the VAT ID, with its own code', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const expensive = [{ grossAmount: 1_000_001, taxBasisPoints: 1000 }];
    const draft = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId, expensive, austria, await company(admin)),
      draft: true,
    });
    expect(draft).toMatchObject({ recipientCompany: 'Beispiel Handels GmbH', recipientVatId: null });
    expectProblem(
      await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true }),
      400,
      'invoice/recipient_vat_id_required',
    );
    expect(await t.db.select().from(invoices).where(eq(invoices.id, draft.id))).toMatchObject([
      { status: 'draft', number: null },
    ]);
    await admin.put(`/api/invoices/${draft.id}`, { recipientVatId: 'ATU87654321' });
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(issued.statusCode, issued.body).toBe(200);
    // €10,000 exactly, and a private recipient, need none.
    const atThreshold = [{ grossAmount: 1_000_000, taxBasisPoints: 1000 }];
    await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId, atThreshold, austria, await company(admin)),
      closeWithDueAmount: true,
    });
    await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId, expensive),
      closeWithDueAmount: true,
    });
  });

  test('over €10,000 gross in Germany needs no VAT ID', async ({
    demoApp: { t, client: admin, ids },
    invoicing: { austria, today, customerId },
  }) => {
    const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const folioId = await looseFolio(
      t,
      austria,
      today,
      customerId,
      [{ grossAmount: 2_000_000, taxBasisPoints: 700 }],
      ids[demo.germany],
      await company(german),
    );
    await invoiceOk(admin, { folioId, closeWithDueAmount: true }, german);
  });
});

describe('the billing address saved to the contact', () => {
  test('lets the next invoice of a contact without address be issued', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const contact = await admin.post('/api/contacts', { name: 'Olga Ohneadresse' });
    const contactId = parsed(contact, ZContact).id;
    const first = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId, undefined, austria, contactId),
      draft: true,
    });
    const typed = await admin.put(`/api/invoices/${first.id}`, {
      billingAddress: completeAddress,
      saveAddressToContact: true,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(parsed(typed, ZInvoice).billingAddress).toEqual(completeAddress);
    const saved = await admin.get(`/api/contacts/${contactId}`);
    expect(parsed(saved, ZContact).address).toEqual(completeAddress);
    const next = await admin.post('/api/invoices', {
      folioId: await looseFolio(t, austria, today, customerId, undefined, austria, contactId),
      closeWithDueAmount: true,
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(parsed(next, ZInvoice).billingAddress).toEqual(completeAddress);
  });

  test('leaves the contact as it is without the flag', async ({
    demoApp: { t, client: admin },
    invoicing: { austria, today, customerId },
  }) => {
    const contact = await admin.post('/api/contacts', { name: 'Otto Ohneflag' });
    const contactId = parsed(contact, ZContact).id;
    const draft = await invoiceOk(admin, {
      folioId: await looseFolio(t, austria, today, customerId, undefined, austria, contactId),
      draft: true,
    });
    await admin.put(`/api/invoices/${draft.id}`, {
      billingAddress: completeAddress,
      saveAddressToContact: false,
    });
    const kept = await admin.get(`/api/contacts/${contactId}`);
    expect(parsed(kept, ZContact).address).toEqual({});
    expectProblem(
      await admin.post('/api/invoices', {
        folioId: await looseFolio(t, austria, today, customerId, undefined, austria, contactId),
        closeWithDueAmount: true,
      }),
      400,
      'folio/customer_address_incomplete',
    );
  });
});
