import { describe, expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  addDays,
  ZBooking,
  ZFolio,
  ZContact,
  ZFolioList,
  ZGroup,
  ZInvoice,
  ZItem,
  ZRateItem,
  ZTaxRate,
  type TBooking,
  type TFolio,
  type TFolioCharge,
} from '@pms/contract';
import type { z } from 'zod';
import { charges, folios } from '../../db/schema/index.ts';
import {
  createStayFixture,
  demo,
  login,
  parsed,
  propertyIds,
  switchProperty,
  type ApiClient,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const today = '2027-05-10';
const day = (offset: number) => addDays(today, offset);

const test = apiTest.extend('stayRooms', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  t.clock.set('2027-05-10T08:00:00Z');
  const { roomIds, rateId } = await createStayFixture(admin, {
    roomType: { name: 'Umbuchzimmer', code: 'UMBZ' },
    rooms: '1401-1420',
    rate: { name: 'Umbuchrate', code: 'UMBR' },
    prices: [10000, 15000],
  });
  return { roomIds, rateId };
});

let nextRoom = 1401;
/** Two nights from today in a room of its own: 100,00 a night for one person, 150,00 for two. */
async function book(
  admin: ApiClient,
  roomIds: Record<string, string>,
  rateId: string,
  body: Record<string, unknown> = {},
): Promise<TBooking> {
  const response = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId,
    roomId: roomIds[String(nextRoom++)],
    checkIn: today,
    checkOut: day(2),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

async function folioList(admin: ApiClient, query: Record<string, string>): Promise<TFolio[]> {
  const response = await admin.get('/api/folios', { query });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZFolioList).data;
}

async function folio(admin: ApiClient, id: string): Promise<TFolio> {
  const response = await admin.get(`/api/folios/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZFolio);
}

async function change(admin: ApiClient, bookingId: string, body: Record<string, unknown>): Promise<void> {
  const response = await admin.put(`/api/bookings/${bookingId}`, body);
  expect(response.statusCode, response.body).toBe(200);
}

async function move(
  admin: ApiClient,
  from: TFolio,
  charge: TFolioCharge,
  targetFolioId: string,
): Promise<void> {
  const response = await admin.post(`/api/folios/${from.id}/charges/${charge.id}/move`, { targetFolioId });
  expect(response.statusCode, response.body).toBe(200);
}

/** What is left charged per service date of the rate's room charges on the folios, allowances netted. */
function nights(...all: TFolio[]): Record<string, number> {
  const left: Record<string, number> = {};
  for (const entry of all.flatMap((one) => one.charges)) {
    if (!entry.default) continue;
    left[entry.bookedOn] = (left[entry.bookedOn] ?? 0) + entry.grossAmount;
  }
  return Object.fromEntries(Object.entries(left).filter(([, amount]) => amount !== 0));
}

describe('rate charges moved to another folio', () => {
  test('stay on an open split folio and are corrected there when the stay changes', async ({
    demoApp: { client: admin },
    stayRooms: { roomIds, rateId },
  }) => {
    const booking = await book(admin, roomIds, rateId);
    const [main] = await folioList(admin, { bookingId: booking.id });
    const split = await admin.post('/api/folios', { bookingId: booking.id, name: 'Firma' });
    expect(split.statusCode, split.body).toBe(201);
    const company = parsed(split, ZFolio);
    const first = main!.charges.find((charge) => charge.bookedOn === today)!;
    await move(admin, main!, first, company.id);
    const moved = (await folio(admin, company.id)).charges[0]!;

    // One more night: the moved night stays where it is and is not charged again.
    await change(admin, booking.id, { checkOut: day(3) });
    let own = await folio(admin, main!.id);
    let other = await folio(admin, company.id);
    expect(other.charges.map((charge) => charge.id)).toEqual([moved.id]);
    expect(nights(other)).toEqual({ [today]: 10000 });
    expect(nights(own)).toEqual({ [day(1)]: 10000, [day(2)]: 10000 });
    // The move's history is kept on the booking's folio: the charge and the allowance naming the copy.
    expect(own.charges.find((charge) => charge.id === first.id)).toBeDefined();
    expect(own.charges.find((charge) => charge.transferChargeId === moved.id)).toMatchObject({
      kind: 'allowance',
      correctsChargeId: first.id,
    });

    // Two persons: every night costs 150,00, the moved one corrected on the split folio.
    await change(admin, booking.id, { occupancy: 2 });
    own = await folio(admin, main!.id);
    other = await folio(admin, company.id);
    expect(nights(other)).toEqual({ [today]: 15000 });
    expect(other.charges.map((charge) => [charge.kind, charge.grossAmount]).sort()).toEqual([
      ['allowance', -10000],
      ['charge', 10000],
      ['charge', 15000],
    ]);
    expect(nights(own)).toEqual({ [day(1)]: 15000, [day(2)]: 15000 });

    // The stay starts a day later: the moved night is no longer stayed and is taken off where it lives.
    await change(admin, booking.id, { checkIn: day(1) });
    own = await folio(admin, main!.id);
    other = await folio(admin, company.id);
    expect(nights(other)).toEqual({});
    expect(other.totals.grossAmount).toBe(0);
    expect(nights(own)).toEqual({ [day(1)]: 15000, [day(2)]: 15000 });
    const all = await folioList(admin, { bookingId: booking.id });
    expect(all.reduce((sum, one) => sum + one.totals.grossAmount, 0)).toBe(30000);
  });

  test('on the group folio are not charged again on the booking folio', async ({
    demoApp: { client: admin },
    stayRooms: { roomIds, rateId },
  }) => {
    const group = await admin.post('/api/groups', { name: 'Reisegruppe Umbuchung' });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = parsed(group, ZGroup).id;
    const created = await admin.post('/api/folios', { groupId });
    expect(created.statusCode, created.body).toBe(201);
    const groupFolio = parsed(created, ZFolio);
    const booking = await book(admin, roomIds, rateId, { groupId });
    const [main] = await folioList(admin, { bookingId: booking.id });
    for (const charge of main!.charges) await move(admin, main!, charge, groupFolio.id);

    await change(admin, booking.id, { checkOut: day(3) });
    expect(nights(await folio(admin, groupFolio.id))).toEqual({ [today]: 10000, [day(1)]: 10000 });
    expect(nights(await folio(admin, main!.id))).toEqual({ [day(2)]: 10000 });

    await change(admin, booking.id, { checkOut: day(1), occupancy: 2 });
    const shared = await folio(admin, groupFolio.id);
    expect(nights(shared)).toEqual({ [today]: 15000 });
    expect(shared.totals.grossAmount).toBe(15000);
    expect(nights(await folio(admin, main!.id))).toEqual({});
    expect((await folio(admin, main!.id)).totals.grossAmount).toBe(0);
  });

  test('name their booking after the migration that added it, along their moves', async ({
    demoApp: { t, client: admin },
    stayRooms: { roomIds, rateId },
  }) => {
    const group = await admin.post('/api/groups', { name: 'Reisegruppe Migration' });
    const groupId = parsed(group, ZGroup).id;
    const groupFolio = parsed(await admin.post('/api/folios', { groupId }), ZFolio);
    const booking = await book(admin, roomIds, rateId, { groupId });
    const [main] = await folioList(admin, { bookingId: booking.id });
    await move(admin, main!, main!.charges[0]!, groupFolio.id);
    const named = () =>
      t.db
        .select({ id: charges.id, bookingId: charges.bookingId })
        .from(charges)
        .where(and(eq(charges.isDefault, true), isNotNull(charges.bookingId)))
        .orderBy(charges.id);
    // This booking's entries, as the code before the migration left them: the original charges and
    // the move's allowance on its folio, the copy on the group folio. (Only the new code reposts a
    // night in place on a group folio, which nothing before the migration can have done.)
    const before = (await named()).filter((row) => row.bookingId === booking.id);
    expect(before).toHaveLength(4);
    // The migration's backfill, run again over charges that lost their booking.
    await t.db.update(charges).set({ bookingId: null });
    const migration = await readFile(
      new URL('../../db/migrations/0017_stay_charges.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').slice(-2)) {
      await t.db.execute(sql.raw(statement));
    }
    expect((await named()).filter((row) => row.bookingId === booking.id)).toEqual(before);
  });

  test('on a closed folio are left as they are and are not charged again', async ({
    demoApp: { t, client: admin },
    stayRooms: { roomIds, rateId },
  }) => {
    const group = await admin.post('/api/groups', { name: 'Reisegruppe Abgerechnet' });
    const groupId = parsed(group, ZGroup).id;
    const groupFolio = parsed(await admin.post('/api/folios', { groupId }), ZFolio);
    const booking = await book(admin, roomIds, rateId, { groupId });
    const [main] = await folioList(admin, { bookingId: booking.id });
    await move(
      admin,
      main!,
      main!.charges.find((charge) => charge.bookedOn === today)!,
      groupFolio.id,
    );
    await t.db.update(folios).set({ closedAt: t.clock.now() }).where(eq(folios.id, groupFolio.id));
    const closed = await folio(admin, groupFolio.id);

    await change(admin, booking.id, { occupancy: 2, checkOut: day(3) });
    const after = await folio(admin, groupFolio.id);
    expect(after.charges).toEqual(closed.charges);
    expect(nights(await folio(admin, main!.id))).toEqual({ [day(1)]: 15000, [day(2)]: 15000 });
  });

  test('and an invoice closing their folio at the same time do not cross', async ({
    demoApp: { client: admin },
    stayRooms: { roomIds, rateId },
  }) => {
    const contact = await admin.post('/api/contacts', {
      name: 'Reisebüro Gleichzeitig',
      address: { line1: 'Ring 1', postalCode: '1010', city: 'Wien', country: 'at' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const group = await admin.post('/api/groups', { name: 'Reisegruppe Gleichzeitig' });
    const groupId = parsed(group, ZGroup).id;
    const customerId = parsed(contact, ZContact).id;
    const groupFolio = parsed(await admin.post('/api/folios', { groupId, customerId }), ZFolio);
    const booking = await book(admin, roomIds, rateId, { groupId });
    const [main] = await folioList(admin, { bookingId: booking.id });
    await move(
      admin,
      main!,
      main!.charges.find((charge) => charge.bookedOn === today)!,
      groupFolio.id,
    );

    const [changed, invoiced] = await Promise.all([
      admin.put(`/api/bookings/${booking.id}`, { occupancy: 2 }),
      admin.post('/api/invoices', { folioId: groupFolio.id, closeWithDueAmount: true }),
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const shared = await folio(admin, groupFolio.id);
    const own = await folio(admin, main!.id);
    // Whichever came first, the invoice bills the group folio as it was closed, and each night is
    // charged once: the first on the group folio (100,00 or, repriced before closing, 150,00).
    expect(parsed(invoiced, ZInvoice).totalAmount).toBe(shared.totals.grossAmount);
    expect(shared.isClosed).toBe(true);
    expect(Object.keys(nights(shared))).toEqual([today]);
    expect(nights(own)).toEqual({ [day(1)]: 15000 });
  });

  test('are taken off open folios when the booking is cancelled', async ({
    demoApp: { client: admin },
    stayRooms: { roomIds, rateId },
  }) => {
    const booking = await book(admin, roomIds, rateId);
    const [main] = await folioList(admin, { bookingId: booking.id });
    const company = parsed(await admin.post('/api/folios', { bookingId: booking.id }), ZFolio);
    await move(admin, main!, main!.charges[0]!, company.id);
    const cancelled = await admin.post(`/api/bookings/${booking.id}/actions/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const all = await folioList(admin, { bookingId: booking.id });
    expect(all.map((one) => one.totals.grossAmount)).toEqual([0, 0]);
  });

  test('keep a discount while the night is unchanged and charge a night changed by hand once', async ({
    demoApp: { client: admin },
    stayRooms: { roomIds, rateId },
  }) => {
    const booking = await book(admin, roomIds, rateId);
    const [main] = await folioList(admin, { bookingId: booking.id });
    const [first, second] = main!.charges;
    const discount = await admin.post(`/api/folios/${main!.id}/charges/${first!.id}/allowances`, {
      amount: 1000,
      reason: 'Stammgast',
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const changed = await admin.put(`/api/folios/${main!.id}/charges/${second!.id}`, {
      unitAmount: 8000,
      reason: 'Preis vereinbart',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(nights(await folio(admin, main!.id))).toEqual({ [today]: 9000, [day(1)]: 8000 });

    await change(admin, booking.id, { checkOut: day(3) });
    // The discounted night is unchanged and keeps its discount; the price set by hand gives way to
    // the rate's again, and no night is charged twice.
    expect(nights(await folio(admin, main!.id))).toEqual({ [today]: 9000, [day(1)]: 10000, [day(2)]: 10000 });
  });
});

describe('rate charges of a stay across a change of tax rate', () => {
  test("take the rate of the item's tax kind valid on each night's service date", async ({
    demoApp: { t },
  }) => {
    t.clock.set('2026-12-01T08:00:00Z');
    const berlin = await login(t.app, 'admin@example.com');
    await switchProperty(berlin, (await propertyIds(berlin))[demo.germany]!);
    const created = async <TSchema extends z.ZodType>(
      url: string,
      body: Record<string, unknown>,
      schema: TSchema,
    ) => {
      const response = await berlin.post(url, body);
      expect(response.statusCode, response.body).toBe(201);
      return parsed(response, schema);
    };
    const before = await created(
      '/api/tax_rates',
      {
        name: 'Speisen bis 2026',
        percentage: 19,
        kind: 'food',
        validUntil: '2026-12-31',
        taxCode: '3',
      },
      ZTaxRate,
    );
    const after = await created(
      '/api/tax_rates',
      {
        name: 'Speisen ab 2027',
        percentage: 7,
        kind: 'food',
        validFrom: '2027-01-01',
        taxCode: '2',
      },
      ZTaxRate,
    );
    const breakfast = await created(
      '/api/items',
      {
        name: 'Frühstück Jahreswechsel',
        type: 'food_and_beverage',
        amount: 2140,
        taxRateId: before.id,
        bookOnFollowingDay: true,
      },
      ZItem,
    );
    const fixture = await createStayFixture(berlin, {
      roomType: { name: 'Silvesterzimmer', code: 'SILV' },
      rooms: '1501-1502',
      rate: { name: 'Silvester mit Frühstück', code: 'SILVF' },
      prices: [12000, 18000],
    });
    await created(
      `/api/rates/${fixture.rateId}/items`,
      {
        itemId: breakfast.id,
        unit: 'person',
        frequency: 'daily',
        amount: 2140,
        inclusive: true,
      },
      ZRateItem,
    );
    const stay = {
      occupancy: 1,
      rateId: fixture.rateId,
      roomId: fixture.roomIds['1501'],
      checkIn: '2026-12-30',
      checkOut: '2027-01-03',
    };
    const expected = [
      ['2026-12-31', 19, before.id, 1798, 342],
      ['2027-01-01', 7, after.id, 2000, 140],
      ['2027-01-02', 7, after.id, 2000, 140],
      ['2027-01-03', 7, after.id, 2000, 140],
    ];
    const booking = await created('/api/bookings', stay, ZBooking);
    const response = await berlin.get('/api/folios', { query: { bookingId: booking.id } });
    const [main] = parsed(response, ZFolioList).data;
    const breakfasts = main!.charges.filter((charge) => charge.itemId === breakfast.id);
    expect(
      breakfasts.map((charge) => [
        charge.bookedOn,
        charge.taxPercentage,
        charge.taxCode === '3' ? before.id : after.id,
        charge.netAmount,
        charge.taxAmount,
      ]),
    ).toEqual(expected);
  });
});
