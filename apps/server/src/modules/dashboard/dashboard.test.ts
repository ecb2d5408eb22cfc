import { describe, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayIn, ZBooking, ZDashboard, type TBooking } from '@pms/contract';
import { charges, folios, items } from '../../db/schema/index.ts';
import {
  createStayFixture,
  demo,
  expectProblem,
  login,
  parsed,
  type ApiClient,
  type TStayFixture,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

/** Three rooms of a type and rate of their own, and the days, far enough ahead that no demo booking touches the fortnight around them. */
const test = apiTest.extend('trend', { scope: 'file' }, async ({ demoApp: { t, client: admin } }) => {
  const stay = await createStayFixture(admin, {
    roomType: { name: 'Trendzimmer', code: 'TZ' },
    rooms: '951-953',
    rate: { name: 'Trendrate', code: 'TR' },
    prices: [10000, 11000],
  });
  const day = (offset: number) => addDays(todayIn('Europe/Vienna', t.clock.now()), 500 + offset);
  return { stay, day };
});

async function book(
  admin: ApiClient,
  { roomIds, rateId }: TStayFixture,
  room: string,
  checkIn: string,
  checkOut: string,
): Promise<TBooking> {
  const response = await admin.post('/api/bookings', {
    roomId: roomIds[room],
    rateId,
    occupancy: 2,
    checkIn,
    checkOut,
    customer: { name: `Trend ${room}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

describe('the dashboard trend', () => {
  test('counts the rooms held each night and the net revenue of each service date, without the local tax', async ({
    demoApp: { t, client: admin, ids },
    trend: { stay, day },
  }) => {
    const first = await book(admin, stay, '951', day(0), day(3));
    await book(admin, stay, '952', day(1), day(2));
    const canceled = await book(admin, stay, '953', day(0), day(3));
    const cancel = await admin.post(`/api/bookings/${canceled.id}/actions/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A local tax posted on the first night is money for the municipality, not revenue.
    const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, first.id));
    const [localTax] = await t.db
      .select()
      .from(items)
      .where(and(eq(items.type, 'local_tax'), eq(items.propertyId, ids[demo.austria]!)));
    const localTaxCharge = await admin.post(`/api/folios/${folio!.id}/charges`, {
      itemId: localTax!.id,
      quantity: 2,
      bookedOn: day(0),
    });
    expect(localTaxCharge.statusCode, localTaxCharge.body).toBe(201);

    const dashboard = parsed(await admin.get('/api/dashboard', { query: { date: day(0) } }), ZDashboard);
    expect(dashboard.trend).toHaveLength(29);
    expect(dashboard.trend[0]!.date).toBe(day(-14));
    expect(dashboard.trend.at(-1)!.date).toBe(day(14));
    const night = (offset: number) => dashboard.trend.find((n) => n.date === day(offset))!;
    expect([-1, 0, 1, 2, 3].map((offset) => night(offset).occupiedRooms)).toEqual([0, 1, 2, 1, 0]);
    expect(night(1).percent).toBe(Math.round((2 / dashboard.occupancy.totalRooms) * 1000) / 10);

    // 110,00 a night at the accommodation rate: its net, as the folio's charges carry it.
    const roomCharges = await t.db.select().from(charges).where(eq(charges.folioId, folio!.id));
    const netOf = (date: string) =>
      roomCharges
        .filter((c) => c.bookedOn === date && !c.isTransitory)
        .reduce((sum, c) => sum + c.netAmount, 0);
    expect(netOf(day(0))).toBeGreaterThan(0);
    expect(netOf(day(0))).toBeLessThan(11000);
    expect(night(0).revenue).toBe(netOf(day(0)));
    expect(night(1).revenue).toBe(2 * netOf(day(1)));
    expect(night(3).revenue).toBe(0);
  });

  test('is for staff who see the dashboard, and refuses a bad date', async ({
    demoApp: { t, client: admin },
  }) => {
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get('/api/dashboard'), 403, 'auth/forbidden');
    expectProblem(await admin.get('/api/dashboard', { query: { date: '2026-02-30' } }), 400, 'validation');
  });
});
