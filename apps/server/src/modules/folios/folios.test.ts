import { describe, expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZFolio,
  ZContact,
  ZFolioList,
  ZGroup,
  ZInvoice,
  ZItem,
  ZPaged,
  ZPaymentMethod,
  ZTaxRate,
  type TBooking,
  type TFolio,
  type TFolioList,
} from '@pms/contract';
import { rowsOf } from '../../db/client.ts';
import { charges, events, folios } from '../../db/schema/index.ts';
import {
  createStayFixture,
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  propertyIds,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const day = (today: string, offset: number) => addDays(today, offset);

const test = apiTest.extend('folioStay', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  t.clock.set('2027-03-10T08:00:00Z');
  const today = todayIn('Europe/Vienna', t.clock.now());
  const { roomIds, rateId } = await createStayFixture(admin, {
    roomType: { name: 'Foliozimmer', code: 'FOLZ' },
    rooms: '1201-1230',
    rate: { name: 'Foliorate', code: 'FOLR' },
    prices: [10000, 15000],
  });
  const items = parsed(await admin.get('/api/items', { query: { pageSize: '100' } }), ZPaged(ZItem)).data;
  const itemIds = Object.fromEntries(items.map((item) => [item.name, item.id]));
  const methods = parsed(
    await admin.get('/api/payment_methods', { query: { pageSize: '100' } }),
    ZPaged(ZPaymentMethod),
  ).data;
  const paymentMethodIds = Object.fromEntries(methods.map((method) => [method.name, method.id]));
  return { today, roomIds, rateId, itemIds, paymentMethodIds };
});

let nextRoom = 1201;
/** A booking of two nights from today in a room of its own, priced 100,00 a night at 10 %. */
async function book(
  admin: ApiClient,
  today: string,
  roomIds: Record<string, string>,
  rateId: string,
  body: Record<string, unknown> = {},
): Promise<TBooking> {
  const roomId = roomIds[String(nextRoom++)];
  const response = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId,
    roomId,
    checkIn: today,
    checkOut: day(today, 2),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

async function foliosOf(admin: ApiClient, bookingId: string, client = admin): Promise<TFolioList> {
  const response = await client.get('/api/folios', { query: { bookingId } });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZFolioList);
}

async function mainFolio(admin: ApiClient, bookingId: string): Promise<TFolio> {
  return (await foliosOf(admin, bookingId)).data[0]!;
}

function ok(response: { statusCode: number; body: string; json: <T>() => T }, status = 201): TFolio {
  expect(response.statusCode, response.body).toBe(status);
  return parsed(response, ZFolio);
}

function voidCharge(admin: ApiClient, folioId: string, chargeId: string, reason: string) {
  return admin.request('DELETE', `/api/folios/${folioId}/charges/${chargeId}`, { reason });
}

async function folioEvents(
  t: TTestApp,
  folioId: string,
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return t.db
    .select({ type: events.type, data: events.data })
    .from(events)
    .where(and(eq(events.objectType, 'folio'), eq(events.objectId, folioId)))
    .orderBy(events.createdAt);
}

/**
 * Waits until another transaction waits for a row lock. PostgreSQL shows it in pg_locks (read on
 * another connection of the pool); PGlite runs one transaction at a time, so there a request that
 * comes while a transaction is open always waits for it and nothing needs watching.
 */
async function postingWaitsForTheFolio(t: TTestApp): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  for (let attempt = 0; attempt < 400; attempt++) {
    const waiting = rowsOf(await t.db.execute(sql`select 1 from pg_locks where not granted limit 1`));
    if (waiting.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the posting never waited for the folio');
}

describe('folios', () => {
  test('lists the booking folio with the rate charges and the totals', async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId },
  }) => {
    const booking = await book(admin, today, roomIds, rateId);
    const list = await foliosOf(admin, booking.id);
    expect(list.data).toHaveLength(1);
    const [folio] = list.data;
    expect(folio!.charges.map((charge) => [charge.grossAmount, charge.netAmount, charge.taxAmount])).toEqual([
      [10000, 9091, 909],
      [10000, 9091, 909],
    ]);
    expect(folio!.charges[0]).toMatchObject({
      kind: 'charge',
      default: true,
      taxPercentage: 10,
      taxCode: '2',
    });
    expect(list.totals).toEqual({ grossAmount: 20000, paidAmount: 0, dueAmount: 20000 });
    expect(folio!.warnings.chargeCardBeforeCheckOut).toBe(false);
    const one = await admin.get(`/api/folios/${folio!.id}`);
    expect(parsed(one, ZFolio).totals).toEqual(folio!.totals);
  });

  test('posts charges with the tax rate snapshot; the local tax is transitory without VAT', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId, itemIds },
  }) => {
    const booking = await book(admin, today, roomIds, rateId);
    const folio = await mainFolio(admin, booking.id);
    const drinks = ok(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'], quantity: 2 }),
    );
    const charge = drinks.charges.find((entry) => entry.itemId === itemIds['Getränke'])!;
    expect(charge).toMatchObject({
      quantity: 2,
      grossAmount: 900,
      netAmount: 750,
      taxAmount: 150,
      taxPercentage: 20,
      taxCode: '3',
      accountNumber: '4120',
      bookedOn: today,
      default: false,
      isTransitory: false,
    });
    const local = ok(
      await admin.post(`/api/folios/${folio.id}/charges`, {
        itemId: itemIds['Ortstaxe'],
        quantity: 2,
        bookedOn: day(today, 1),
        text: 'Ortstaxe 2 Nächte',
      }),
    );
    const localTax = local.charges.find((entry) => entry.itemId === itemIds['Ortstaxe'])!;
    expect(localTax).toMatchObject({
      grossAmount: 520,
      netAmount: 520,
      taxAmount: 0,
      taxPercentage: 0,
      isTransitory: true,
      text: 'Ortstaxe 2 Nächte',
      bookedOn: day(today, 1),
    });
    const overridden = ok(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Parkplatz'], unitAmount: 1000 }),
    );
    expect(overridden.totals.grossAmount).toBe(20000 + 900 + 520 + 1000);
    expect((await folioEvents(t, folio.id)).filter((event) => event.type === 'charge_created')).toHaveLength(
      3,
    );
  });

  test('shows per VAT rate, before any invoice, what the invoice then bills; the local tax apart', async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId, itemIds },
  }) => {
    const booking = await book(admin, today, roomIds, rateId);
    const folio = await mainFolio(admin, booking.id);
    await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'], quantity: 3 });
    await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Ortstaxe'], quantity: 2 });
    const parking = ok(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Parkplatz'], unitAmount: 999 }),
    );
    const preview = await mainFolio(admin, booking.id);
    expect(preview.localTaxAmount).toBe(520);
    expect(preview.taxes.map((share) => share.taxPercentage)).toEqual([10, 20]);
    for (const share of preview.taxes) expect(share.netAmount + share.taxAmount).toBe(share.grossAmount);
    expect(preview.taxes.reduce((sum, share) => sum + share.grossAmount, 0) + preview.localTaxAmount).toBe(
      parking.totals.grossAmount,
    );
    const draft = await admin.post('/api/invoices', { folioId: folio.id, draft: true });
    expect(draft.statusCode, draft.body).toBe(201);
    const invoiceTaxes = parsed(draft, ZInvoice).taxes.filter((tax) => tax.taxPercentage !== 0);
    expect(invoiceTaxes).toEqual(preview.taxes);
  });

  test("takes the tax rate of an item's kind valid on the service date", async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId },
  }) => {
    const rate = async (body: Record<string, unknown>) => {
      const response = await admin.post('/api/tax_rates', body);
      expect(response.statusCode, response.body).toBe(201);
      return parsed(response, ZTaxRate);
    };
    const before = await rate({
      name: 'Speisen 19 %',
      percentage: 19,
      kind: 'food',
      validUntil: '2026-12-31',
    });
    const after = await rate({
      name: 'Speisen 7 %',
      percentage: 7,
      kind: 'food',
      validFrom: '2027-01-01',
      taxCode: '2',
    });
    expect(after).toMatchObject({ kind: 'food', validFrom: '2027-01-01' });
    expect((await admin.get(`/api/tax_rates/${before.id}`)).json()).toMatchObject({
      validUntil: '2026-12-31',
    });
    expectProblem(
      await admin.post('/api/tax_rates', {
        name: 'Falsch',
        percentage: 7,
        validFrom: '2027-01-02',
        validUntil: '2027-01-01',
      }),
      400,
      'validation',
    );
    const item = await admin.post('/api/items', {
      name: 'Abendessen',
      type: 'food_and_beverage',
      amount: 2140,
      taxRateId: before.id,
    });
    expect(item.statusCode, item.body).toBe(201);
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const itemId = parsed(item, ZItem).id;
    ok(await admin.post(`/api/folios/${folio.id}/charges`, { itemId, bookedOn: '2026-12-31' }));
    const posted = ok(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId, bookedOn: '2027-01-01' }),
    );
    const dinners = posted.charges.filter((charge) => charge.itemId === itemId);
    expect(
      dinners.map((charge) => [charge.bookedOn, charge.taxPercentage, charge.netAmount, charge.taxAmount]),
    ).toEqual([
      ['2026-12-31', 19, 1798, 342],
      ['2027-01-01', 7, 2000, 140],
    ]);
    expect(dinners[1]!.taxCode).toBe('2');
  });

  test('needs a price for an item without one and refuses bad input', async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId, itemIds, paymentMethodIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Übernachtung'] }),
      400,
      'folio/item_price_required',
    );
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'], quantity: 0 }),
      400,
      'validation',
    );
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/payments`, {
        amount: -5,
        paymentMethodId: paymentMethodIds.Bar,
      }),
      400,
      'validation',
    );
    expectProblem(await admin.get('/api/folios'), 400, 'validation');
    expectProblem(await admin.get('/api/folios/not-a-uuid'), 400, 'validation');
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'not_found',
    );
  });

  test('corrects, changes and deletes charges with allowances, keeping every entry', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId, itemIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const posted = ok(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'], quantity: 4 }),
    );
    const charge = posted.charges.find((entry) => !entry.default)!;
    const corrected = ok(
      await admin.post(`/api/folios/${folio.id}/charges/${charge.id}/allowances`, {
        amount: 450,
        reason: '  Ein Glas zurückgegeben ',
      }),
    );
    const allowance = corrected.charges.find((entry) => entry.kind === 'allowance')!;
    expect(allowance).toMatchObject({
      grossAmount: -450,
      netAmount: -375,
      taxAmount: -75,
      correctsChargeId: charge.id,
      reason: 'Ein Glas zurückgegeben',
    });
    expect(corrected.charges.find((entry) => entry.id === charge.id)!.reason).toBeNull();
    expect(corrected.totals.grossAmount).toBe(20000 + 1800 - 450);
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges/${charge.id}/allowances`, {
        amount: 1351,
        reason: 'Zu viel',
      }),
      409,
      'folio/invalid_allowance',
    );
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges/${allowance.id}/allowances`, { reason: 'Doppelt' }),
      409,
      'folio/invalid_allowance',
    );
    const deleted = ok(await voidCharge(admin, folio.id, charge.id, 'Falsches Zimmer'), 200);
    expect(deleted.totals.grossAmount).toBe(20000);
    expect(
      deleted.charges.filter((entry) => entry.correctsChargeId === charge.id).map((entry) => entry.reason),
    ).toEqual(['Ein Glas zurückgegeben', 'Falsches Zimmer']);
    // Fully reversed already: nothing is left to void.
    expectProblem(
      await voidCharge(admin, folio.id, charge.id, 'Noch einmal'),
      409,
      'folio/invalid_allowance',
    );

    const parking = ok(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Parkplatz'] }),
    ).charges.find((entry) => entry.itemId === itemIds['Parkplatz'])!;
    const changed = ok(
      await admin.put(`/api/folios/${folio.id}/charges/${parking.id}`, {
        quantity: 2,
        text: 'Garage',
        reason: 'Zwei Nächte geparkt',
      }),
      200,
    );
    const replacement = changed.charges.find((entry) => entry.text === 'Garage')!;
    expect(replacement).toMatchObject({
      kind: 'charge',
      quantity: 2,
      grossAmount: 3000,
      reason: 'Zwei Nächte geparkt',
    });
    expect(changed.charges.find((entry) => entry.correctsChargeId === parking.id)).toMatchObject({
      grossAmount: -1500,
      reason: 'Zwei Nächte geparkt',
    });
    expect(changed.totals.grossAmount).toBe(23000);
    const corrections = await folioEvents(t, folio.id);
    expect(corrections.map((event) => [event.type, event.data.reason])).toEqual([
      ['charge_created', undefined],
      ['charge_updated', 'Ein Glas zurückgegeben'],
      ['charge_deleted', 'Falsches Zimmer'],
      ['charge_created', undefined],
      ['charge_updated', 'Zwei Nächte geparkt'],
    ]);
  });

  test('refuses a void, a change or an allowance without a reason', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const charge = folio.charges[0]!;
    const url = `/api/folios/${folio.id}/charges/${charge.id}`;
    for (const reason of [undefined, '', '   ', 'ab', 'x'.repeat(201)]) {
      expectProblem(await admin.request('DELETE', url, { reason }), 400, 'validation');
      expectProblem(await admin.put(url, { unitAmount: 9000, reason }), 400, 'validation');
      expectProblem(await admin.post(`${url}/allowances`, { amount: 100, reason }), 400, 'validation');
    }
    expectProblem(await admin.delete(url), 400, 'validation');
    expect((await mainFolio(admin, folio.bookingId!)).charges).toEqual(folio.charges);
    expect((await folioEvents(t, folio.id)).map((event) => event.type)).toEqual([]);
  });

  test('keeps a reason on every allowance, also those a move or a new price of the stay posts', async ({
    demoApp: { t, client: admin, ids },
    folioStay: { today, roomIds, rateId },
  }) => {
    const booking = await book(admin, today, roomIds, rateId);
    const main = await mainFolio(admin, booking.id);
    const company = ok(await admin.post('/api/folios', { bookingId: booking.id, name: 'Firma' }));
    ok(
      await admin.post(`/api/folios/${main.id}/charges/${main.charges[0]!.id}/move`, {
        targetFolioId: company.id,
      }),
      200,
    );
    const longer = await admin.put(`/api/bookings/${booking.id}`, { occupancy: 2 });
    expect(longer.statusCode, longer.body).toBe(200);
    const all = (await foliosOf(admin, booking.id)).data.flatMap((folio) => folio.charges);
    const allowances = all.filter((entry) => entry.kind === 'allowance');
    expect(allowances.length).toBeGreaterThanOrEqual(2);
    for (const entry of allowances) expect(entry.reason?.trim()).toBeTruthy();
    // The database keeps it so: an allowance without a reason is refused.
    await expect(
      t.db.insert(charges).values({
        propertyId: ids[demo.austria]!,
        folioId: main.id,
        kind: 'allowance',
        text: 'Ohne Grund',
        netAmount: -1,
        taxAmount: 0,
        taxBasisPoints: 0,
        grossAmount: -1,
        bookedOn: today,
        correctsChargeId: main.charges[1]!.id,
        reason: ' ',
      }),
    ).rejects.toThrow();

    // Allowances from before reasons were asked for: the migration names a move and a correction.
    const moved = allowances.find((entry) => entry.transferChargeId !== null)!;
    const other = allowances.find((entry) => entry.transferChargeId === null)!;
    await t.db.execute(sql`alter table charges drop constraint charges_allowance_reason_check`);
    await t.db
      .update(charges)
      .set({ reason: null })
      .where(inArray(charges.id, [moved.id, other.id]));
    const migration = await readFile(
      new URL('../../db/migrations/0027_charge_reasons.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').slice(1)) {
      await t.db.execute(sql.raw(statement));
    }
    const reasons = await t.db
      .select({ id: charges.id, reason: charges.reason })
      .from(charges)
      .where(inArray(charges.id, [moved.id, other.id]));
    expect(new Map(reasons.map((row) => [row.id, row.reason]))).toEqual(
      new Map([
        [moved.id, 'Auf ein anderes Folio umgebucht'],
        [other.id, 'Korrektur'],
      ]),
    );
  });

  test('splits a bill: an extra folio, a charge moved there with both histories', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId },
  }) => {
    const booking = await book(admin, today, roomIds, rateId);
    const main = await mainFolio(admin, booking.id);
    const company = ok(await admin.post('/api/folios', { bookingId: booking.id, name: 'Firma' }));
    expect(company).toMatchObject({ bookingId: booking.id, name: 'Firma', isGroupFolio: false });
    const room = main.charges[0]!;
    const source = ok(
      await admin.post(`/api/folios/${main.id}/charges/${room.id}/move`, { targetFolioId: company.id }),
      200,
    );
    const list = await foliosOf(admin, booking.id);
    const target = list.data.find((folio) => folio.id === company.id)!;
    const allowance = source.charges.find((entry) => entry.kind === 'allowance')!;
    const copy = target.charges[0]!;
    expect(allowance).toMatchObject({
      correctsChargeId: room.id,
      transferChargeId: copy.id,
      grossAmount: -10000,
    });
    expect(copy).toMatchObject({
      transferChargeId: allowance.id,
      grossAmount: 10000,
      bookedOn: room.bookedOn,
    });
    expect(source.totals.grossAmount).toBe(10000);
    expect(target.totals.grossAmount).toBe(10000);
    expect(list.totals.grossAmount).toBe(20000);
    expect((await folioEvents(t, company.id)).map((event) => event.type)).toEqual([
      'folio_created',
      'charge_created',
    ]);

    expectProblem(
      await admin.post(`/api/folios/${main.id}/charges/${main.charges[1]!.id}/move`, {
        targetFolioId: main.id,
      }),
      409,
      'folio/invalid_move',
    );
    const other = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    expectProblem(
      await admin.post(`/api/folios/${main.id}/charges/${main.charges[1]!.id}/move`, {
        targetFolioId: other.id,
      }),
      409,
      'folio/invalid_move',
    );
  });

  test('keeps a group folio and lets a group booking move charges onto it', async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId },
  }) => {
    const group = await admin.post('/api/groups', { name: 'Chor Linz' });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = parsed(group, ZGroup).id;
    const groupFolio = ok(await admin.post('/api/folios', { groupId }));
    expect(groupFolio).toMatchObject({ groupId, bookingId: null, isGroupFolio: true });
    const booking = await book(admin, today, roomIds, rateId, { groupId });
    const main = await mainFolio(admin, booking.id);
    ok(
      await admin.post(`/api/folios/${main.id}/charges/${main.charges[0]!.id}/move`, {
        targetFolioId: groupFolio.id,
      }),
      200,
    );
    const list = await admin.get('/api/folios', { query: { groupId } });
    expect(parsed(list, ZFolioList).totals.grossAmount).toBe(10000);
    expectProblem(await admin.post('/api/folios', { groupId, bookingId: booking.id }), 400, 'validation');
  });

  test('takes payments and refunds, deletes a payment, and counts concurrent payments', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId, paymentMethodIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const paid = ok(
      await admin.post(`/api/folios/${folio.id}/payments`, {
        amount: 5000,
        paymentMethodId: paymentMethodIds.Kreditkarte,
        reference: 'AUTH-1',
      }),
    );
    expect(paid.payments[0]).toMatchObject({
      amount: 5000,
      paymentMethodName: 'Kreditkarte',
      reference: 'AUTH-1',
      isRefund: false,
      paidOn: today,
    });
    const refunded = ok(
      await admin.post(`/api/folios/${folio.id}/refunds`, {
        amount: 1000,
        paymentMethodId: paymentMethodIds.Bar,
      }),
    );
    expect(refunded.payments[1]).toMatchObject({ amount: -1000, isRefund: true });
    expect(refunded.totals).toEqual({ grossAmount: 20000, paidAmount: 4000, dueAmount: 16000 });
    // Without the payment the refund would pay back money never paid.
    expectProblem(
      await admin.delete(`/api/folios/${folio.id}/payments/${paid.payments[0]!.id}`),
      400,
      'payment/refund_exceeds_paid',
    );
    ok(await admin.delete(`/api/folios/${folio.id}/payments/${refunded.payments[1]!.id}`), 200);
    const removed = ok(await admin.delete(`/api/folios/${folio.id}/payments/${paid.payments[0]!.id}`), 200);
    expect(removed.totals.paidAmount).toBe(0);
    expectProblem(
      await admin.delete(`/api/folios/${folio.id}/payments/${paid.payments[0]!.id}`),
      404,
      'not_found',
    );

    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.post(`/api/folios/${folio.id}/payments`, {
          amount: 1000,
          paymentMethodId: paymentMethodIds.Bar,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect((await mainFolio(admin, folio.bookingId!)).totals.paidAmount).toBe(6000);
    const types = (await folioEvents(t, folio.id)).map((event) => event.type);
    expect(types.filter((type) => type === 'payment_created')).toHaveLength(8);
    expect(types.filter((type) => type === 'payment_deleted')).toHaveLength(2);
  });

  test('refuses a refund beyond what the folio was paid, also when refunds race', async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId, paymentMethodIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const refund = (amount: number) =>
      admin.post(`/api/folios/${folio.id}/refunds`, { amount, paymentMethodId: paymentMethodIds.Bar });
    expectProblem(await refund(100), 400, 'payment/refund_exceeds_paid');
    ok(
      await admin.post(`/api/folios/${folio.id}/payments`, {
        amount: 25000,
        paymentMethodId: paymentMethodIds.Kreditkarte,
      }),
    );
    expectProblem(await refund(25001), 400, 'payment/refund_exceeds_paid');
    const responses = await Promise.all(Array.from({ length: 10 }, () => refund(10000)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expectProblem(response, 400, 'payment/refund_exceeds_paid');
    }
    expect((await mainFolio(admin, folio.bookingId!)).totals.paidAmount).toBe(5000);
    ok(await refund(5000));
    expect((await mainFolio(admin, folio.bookingId!)).totals.paidAmount).toBe(0);
  });

  test('warns to charge the card before check-out on a virtual payment folio with money due', async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId, paymentMethodIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const flagged = ok(await admin.patch(`/api/folios/${folio.id}`, { isVirtualPayment: true }), 200);
    expect(flagged.warnings.chargeCardBeforeCheckOut).toBe(true);
    const settled = ok(
      await admin.post(`/api/folios/${folio.id}/payments`, {
        amount: 20000,
        paymentMethodId: paymentMethodIds.Kreditkarte,
      }),
    );
    expect(settled.warnings.chargeCardBeforeCheckOut).toBe(false);
  });

  test('refuses entries on a closed folio, whose charges no longer follow the booking', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId, itemIds, paymentMethodIds },
  }) => {
    const booking = await book(admin, today, roomIds, rateId);
    const folio = await mainFolio(admin, booking.id);
    await t.db.update(folios).set({ closedAt: t.clock.now() }).where(eq(folios.id, folio.id));
    const body = { itemId: itemIds['Getränke'] };
    expectProblem(await admin.post(`/api/folios/${folio.id}/charges`, body), 409, 'folio/closed');
    // Payments still settle what the closed folio was invoiced for.
    const paid = await admin.post(`/api/folios/${folio.id}/payments`, {
      amount: 100,
      paymentMethodId: paymentMethodIds.Bar,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const charge = folio.charges[0]!;
    expectProblem(await voidCharge(admin, folio.id, charge.id, 'Falsch gebucht'), 409, 'folio/closed');
    expectProblem(
      await admin.put(`/api/folios/${folio.id}/charges/${charge.id}`, { unitAmount: 1, reason: 'Preis' }),
      409,
      'folio/closed',
    );
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges/${charge.id}/allowances`, { reason: 'Kulanz' }),
      409,
      'folio/closed',
    );
    const longer = await admin.put(`/api/bookings/${booking.id}`, { checkOut: day(today, 4) });
    expect(longer.statusCode, longer.body).toBe(200);
    const after = await mainFolio(admin, booking.id);
    expect(after.isClosed).toBe(true);
    expect(after.charges.map((charge) => charge.id)).toEqual(folio.charges.map((charge) => charge.id));
  });

  test('refuses a posting that waits for the folio being closed instead of losing it', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId, itemIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    let posted: ReturnType<typeof admin.post> | undefined;
    await t.db.transaction(async (tx) => {
      // The invoice's transaction has closed the folio and not committed yet when the posting comes.
      await tx.update(folios).set({ closedAt: t.clock.now() }).where(eq(folios.id, folio.id));
      posted = admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'] });
      await postingWaitsForTheFolio(t);
    });
    expectProblem(await posted!, 409, 'folio/closed');
    expect((await mainFolio(admin, folio.bookingId!)).charges).toHaveLength(2);
  });

  test('lets catering post food and drinks only, and cleaning nothing', async ({
    demoApp: { t, client: admin, ids },
    folioStay: { today, roomIds, rateId, itemIds, paymentMethodIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const catering = await loginAt(t.app, demo.users.catering, ids[demo.austria]!);
    ok(await catering.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'] }));
    expectProblem(
      await catering.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Parkplatz'] }),
      403,
      'auth/forbidden',
    );
    expectProblem(
      await catering.post(`/api/folios/${folio.id}/payments`, {
        amount: 100,
        paymentMethodId: paymentMethodIds.Bar,
      }),
      403,
      'auth/forbidden',
    );
    expectProblem(await catering.post('/api/folios', { bookingId: folio.bookingId }), 403, 'auth/forbidden');
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    expectProblem(await cleaning.get(`/api/folios/${folio.id}`), 403, 'auth/forbidden');
    expectProblem(
      await cleaning.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'] }),
      403,
      'auth/forbidden',
    );
    for (const email of [demo.users.manager, demo.users.staff]) {
      const client = await loginAt(t.app, email, ids[demo.austria]!);
      ok(
        await client.post(`/api/folios/${folio.id}/payments`, {
          amount: 100,
          paymentMethodId: paymentMethodIds.Bar,
        }),
      );
    }
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'] }, { xsrf: false }),
      403,
      'auth/xsrf_invalid',
    );
  });

  test('answers 404 for ids of the other property', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId, itemIds },
  }) => {
    const folio = await mainFolio(admin, (await book(admin, today, roomIds, rateId)).id);
    const germany = await login(t.app, demo.users.admin);
    await switchProperty(germany, (await propertyIds(germany))[demo.germany]!);
    expectProblem(await germany.get(`/api/folios/${folio.id}`), 404, 'not_found');
    expectProblem(
      await germany.get('/api/folios', { query: { bookingId: folio.bookingId! } }),
      404,
      'not_found',
    );
    expectProblem(
      await germany.post(`/api/folios/${folio.id}/charges`, { itemId: itemIds['Getränke'] }),
      404,
      'not_found',
    );
    expectProblem(await germany.post('/api/folios', { bookingId: folio.bookingId }), 404, 'not_found');
    const germanMethods = parsed(await germany.get('/api/payment_methods'), ZPaged(ZPaymentMethod)).data;
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/payments`, {
        amount: 100,
        paymentMethodId: germanMethods[0]!.id,
      }),
      404,
      'not_found',
    );
    const germanItems = parsed(await germany.get('/api/items'), ZPaged(ZItem)).data;
    expectProblem(
      await admin.post(`/api/folios/${folio.id}/charges`, { itemId: germanItems[0]!.id }),
      404,
      'not_found',
    );
  });
});

describe('balance rules', () => {
  test('refuses check-in with money due unless paid or a debtor', async ({
    demoApp: { client: admin },
    folioStay: { today, roomIds, rateId, paymentMethodIds },
  }) => {
    const booking = await book(admin, today, roomIds, rateId);
    const checkIn = () => admin.post(`/api/bookings/${booking.id}/actions/check_in`);
    expectProblem(await checkIn(), 409, 'booking/payment_due');
    const folio = await mainFolio(admin, booking.id);
    ok(
      await admin.post(`/api/folios/${folio.id}/payments`, {
        amount: 20000,
        paymentMethodId: paymentMethodIds.Bar,
      }),
    );
    expect((await checkIn()).statusCode).toBe(200);

    const debtor = await book(admin, today, roomIds, rateId, { isDebtor: true });
    expect((await admin.post(`/api/bookings/${debtor.id}/actions/check_in`)).statusCode).toBe(200);

    const contact = await admin.post('/api/contacts', { name: 'Firma Debitor GmbH', type: 'company' });
    expect(contact.statusCode, contact.body).toBe(201);
    const customerId = parsed(contact, ZContact).id;
    await admin.put(`/api/contacts/${customerId}`, { ...parsed(contact, ZContact), isDebtor: true });
    const isCustomerDebtor = parsed(await admin.get(`/api/contacts/${customerId}`), ZContact).isDebtor;
    if (isCustomerDebtor) {
      const byCustomer = await book(admin, today, roomIds, rateId, { customerId });
      expect((await admin.post(`/api/bookings/${byCustomer.id}/actions/check_in`)).statusCode).toBe(200);
    }
  });

  test('needs a confirmation to check out with money due and records it', async ({
    demoApp: { t, client: admin },
    folioStay: { today, roomIds, rateId },
  }) => {
    const booking = await book(admin, today, roomIds, rateId, { isDebtor: true });
    expect((await admin.post(`/api/bookings/${booking.id}/actions/check_in`)).statusCode).toBe(200);
    const checkOut = (query?: Record<string, string>) =>
      admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, query ? { query } : {});
    expectProblem(await checkOut(), 409, 'booking/check_out_confirmation_required');
    expectProblem(
      await checkOut({ confirmDueAmount: 'false' }),
      409,
      'booking/check_out_confirmation_required',
    );
    expect((await checkOut({ confirmDueAmount: 'true' })).statusCode).toBe(200);
    const [event] = await t.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.objectId, booking.id), eq(events.type, 'checked_out')));
    expect(event!.data).toMatchObject({ dueAmount: 20000, isDueAmountConfirmed: true });
  });
});
