import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  addDays,
  todayIn,
  ZBooking,
  ZFolioList,
  ZPaged,
  ZPaymentMethod,
  ZProperty,
  type TBooking,
} from '@pms/contract';
import type { TGuestActor } from '../../actor.ts';
import { payments } from '../../db/schema/index.ts';
import { paymentEvents } from '../../db/schema/payments.ts';
import {
  anonymous,
  createStayFixture,
  expectProblem,
  parsed,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { confirmCheckout, createCheckout } from '../../flows/guest-payment.flow.ts';
import { stripeSettingKeys } from './payments.service.ts';

/** The Austrian property on a set day, with rooms of a type and rate of their own and payment on. */
type TPayDesk = {
  t: TTestApp;
  admin: ApiClient;
  propertyId: string;
  today: string;
  roomIds: Record<string, string>;
  rateId: string;
  /** The room the next booking takes: each gets one of its own. */
  nextRoom: number;
};

/** A small stand-in for Stripe's API: checkout sessions made and read back, as the SDK calls them. */
type TFakeSession = Record<string, unknown> & { id: string };
const stripeApi = {
  server: null as Server | null,
  sessions: new Map<string, TFakeSession>(),
  idempotencyKeys: [] as string[],
  expireCalls: [] as string[],
  failExpire: false,
  url: '',
};

function startStripeApi(): Promise<void> {
  stripeApi.server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const url = new URL(request.url ?? '/', 'http://stripe');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        const key = String(request.headers['idempotency-key']);
        stripeApi.idempotencyKeys.push(key);
        const existing = [...stripeApi.sessions.values()].find((s) => s.idempotencyKey === key);
        if (existing) return send(200, existing);
        const id = `cs_test_${stripeApi.sessions.size + 1}`;
        const session: TFakeSession = {
          id,
          object: 'checkout.session',
          idempotencyKey: key,
          url: `https://checkout.stripe.test/pay/${id}`,
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
        };
        stripeApi.sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      const session = match ? stripeApi.sessions.get(match[1]!) : undefined;
      if (request.method === 'GET' && session && !match![2]) return send(200, session);
      if (request.method === 'POST' && session && match![2]) {
        stripeApi.expireCalls.push(session.id);
        if (stripeApi.failExpire) return send(500, { error: { type: 'api_error', message: 'down' } });
        // Like Stripe: only an open session can be expired.
        if (session.status !== 'open')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status of 'open' can be expired.`,
            },
          });
        Object.assign(session, { status: 'expired' });
        return send(200, session);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
    });
  });
  return new Promise((resolve) =>
    stripeApi.server!.listen(0, '127.0.0.1', () => {
      stripeApi.url = `http://127.0.0.1:${(stripeApi.server!.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

/** The session as Stripe reports it once the guest paid. */
function markPaid(sessionId: string): TFakeSession {
  const session = stripeApi.sessions.get(sessionId)!;
  Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: `pi_${sessionId}` });
  return session;
}

const webhookSecret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_fake');

function signedEvent(
  { t }: TPayDesk,
  id: string,
  session: TFakeSession,
  at = t.clock.now(),
  secret = webhookSecret,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: session },
  });
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
  return { payload, header };
}

function sendWebhook(
  { t, propertyId }: TPayDesk,
  payload: string,
  header: string | null,
  property = propertyId,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/stripe/${property}/webhook`,
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    payload,
  });
}

async function book(desk: TPayDesk): Promise<TBooking> {
  const { admin, rateId, roomIds, today } = desk;
  const response = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId,
    roomId: roomIds[String(desk.nextRoom++)],
    checkIn: addDays(today, 3),
    checkOut: addDays(today, 5),
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

function guestOf({ propertyId }: TPayDesk, booking: TBooking): TGuestActor {
  return { kind: 'guest', id: 'link', propertyId, bookingId: booking.id, name: 'Gast' };
}

async function dueOf({ admin }: TPayDesk, bookingId: string): Promise<number> {
  const response = await admin.get('/api/folios', { query: { bookingId } });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZFolioList).totals.dueAmount;
}

/** A cash payment at the desk: the folio's state, and so the amount a checkout asks, changes. */
async function payAtDesk({ admin }: TPayDesk, bookingId: string, amount: number): Promise<void> {
  const folio = parsed(await admin.get('/api/folios', { query: { bookingId } }), ZFolioList).data[0]!;
  const methods = parsed(
    await admin.get('/api/payment_methods', { query: { pageSize: '100' } }),
    ZPaged(ZPaymentMethod),
  ).data;
  const cash = methods.find((method) => method.kind === 'cash')!;
  const response = await admin.post(`/api/folios/${folio.id}/payments`, { amount, paymentMethodId: cash.id });
  expect(response.statusCode, response.body).toBe(201);
}

/** The amounts booked for a Stripe session's payment. */
async function paymentsOf({ t }: TPayDesk, sessionId: string): Promise<number[]> {
  const rows = await t.db
    .select()
    .from(payments)
    .where(eq(payments.reference, `pi_${sessionId}`));
  return rows.map((row) => row.amount);
}

async function otherPropertyId({ admin, propertyId }: TPayDesk): Promise<string> {
  const properties = parsed(await admin.get('/api/properties'), ZPaged(ZProperty));
  return properties.data.find((p) => p.id !== propertyId)!.id;
}

function sessionOf(checkoutId: string): TFakeSession {
  return [...stripeApi.sessions.values()].find((s) => s.client_reference_id === checkoutId)!;
}

const returnTo = { returnPath: '/portal/link/check-in', language: 'de' as const };

async function setPayment(admin: ApiClient, featurePayment: boolean) {
  const response = await admin.patch('/api/settings/general', { featurePayment });
  expect(response.statusCode, response.body).toBe(200);
}

const test = apiTest
  /** The stand-in for Stripe's API, listening for the file's tests. */
  .extend('stripeStandIn', { scope: 'file' }, async ({}, { onCleanup }) => {
    await startStripeApi();
    onCleanup(() => {
      stripeApi.server?.close();
    });
    return stripeApi;
  })
  .extend(
    'desk',
    { scope: 'file' },
    async ({ stripeStandIn: _, demoApp: { t, client: admin, ids } }): Promise<TPayDesk> => {
      t.clock.set('2027-04-12T08:00:00Z');
      const today = todayIn('Europe/Vienna', t.clock.now());
      const { roomIds, rateId } = await createStayFixture(admin, {
        roomType: { name: 'Zahlzimmer', code: 'ZAHL' },
        rooms: '1501-1540',
        rate: { name: 'Zahlrate', code: 'ZAHR' },
        prices: [10000, 15000],
      });
      await setPayment(admin, true);
      return { t, admin, propertyId: ids['Alpenhof Salzburg']!, today, roomIds, rateId, nextRoom: 1501 };
    },
  );

describe('card payment through the simulated partner', () => {
  test('asks for the folio’s due amount, once per folio state, and books it once when paid', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const due = await dueOf(desk, booking.id);
    expect(due).toBe(20000);
    const ctx = t.app.context;
    const checkout = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    expect(checkout).toMatchObject({ amount: due, currency: 'EUR', status: 'open' });
    expect(checkout.url).toBe(`${ctx.config.publicUrl}/payments/simulator/${checkout.id}`);
    // Tapping "pay" again before anything changed: the same checkout.
    expect((await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo)).id).toBe(checkout.id);

    const guest = anonymous(t.app);
    const page = await guest.get(`/payments/simulator/${checkout.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('200,00');
    // As the page's form posts it: form-encoded, with nothing in the body.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/payments/simulator/${checkout.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${ctx.config.publicUrl}/portal/link/check-in?status=success`);
    // Sent twice (a double tap, a reload): still one payment.
    expect((await guest.post(`/payments/simulator/${checkout.id}/pay`)).statusCode).toBe(303);
    expect(await dueOf(desk, booking.id)).toBe(0);
    const rows = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, `sim_pi_${checkout.id}`));
    expect(rows.map((row) => row.amount)).toEqual([20000]);
    expect(await confirmCheckout(ctx, guestOf(desk, booking), booking.id, checkout.id)).toMatchObject({
      status: 'paid',
    });
    await expect(createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo)).rejects.toMatchObject({
      code: 'payment/nothing_due',
    });
  });

  test('sends the guest back with status=cancel and makes a new checkout next time', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const first = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/payments/simulator/${first.id}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toMatch(/\?status=cancel$/);
    expect((await anonymous(t.app).post(`/payments/simulator/${first.id}/pay`)).statusCode).toBe(303);
    expect(await dueOf(desk, booking.id)).toBe(20000);
    const second = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    expect(second.id).not.toBe(first.id);
  });

  test('expires an open checkout when the amount changed, so its page takes no payment', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const first = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    expect(first.amount).toBe(20000);
    await payAtDesk(desk, booking.id, 5000);
    const second = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    expect(second).toMatchObject({ amount: 15000, status: 'open' });
    expect(second.id).not.toBe(first.id);
    expect(await confirmCheckout(ctx, guestOf(desk, booking), booking.id, first.id)).toMatchObject({
      status: 'canceled',
    });
    // The old page, still open in another tab: no pay button, and paying anyway books nothing.
    const guest = anonymous(t.app);
    const page = await guest.get(`/payments/simulator/${first.id}`);
    expect(page.body).not.toContain('/pay"');
    const late = await guest.post(`/payments/simulator/${first.id}/pay`);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toMatch(/\?status=cancel$/);
    expect(await dueOf(desk, booking.id)).toBe(15000);
    // The new one pays what is due, once.
    expect((await guest.post(`/payments/simulator/${second.id}/pay`)).headers.location).toMatch(
      /\?status=success$/,
    );
    expect(await dueOf(desk, booking.id)).toBe(0);
  });

  test('refuses another booking’s guest, a folio of another booking, payment switched off', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const [booking, other] = [await book(desk), await book(desk)];
    const ctx = t.app.context;
    await expect(createCheckout(ctx, guestOf(desk, other), booking.id, returnTo)).rejects.toMatchObject({
      code: 'not_found',
    });
    const otherFolio = parsed(await admin.get('/api/folios', { query: { bookingId: other.id } }), ZFolioList)
      .data[0]!;
    await expect(
      createCheckout(ctx, guestOf(desk, booking), booking.id, { ...returnTo, folioId: otherFolio.id }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const checkout = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    await expect(confirmCheckout(ctx, guestOf(desk, other), other.id, checkout.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await setPayment(admin, false);
    try {
      await expect(createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo)).rejects.toMatchObject({
        code: 'payment/not_enabled',
      });
    } finally {
      await setPayment(admin, true);
    }
    expect((await anonymous(t.app).get(`/payments/simulator/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await anonymous(t.app).get('/payments/simulator/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('card payment through Stripe', () => {
  let previousApi: string | undefined;
  test.beforeAll(async ({ demoApp: { t, client: admin }, desk: _desk }) => {
    for (const [key, value] of [
      [stripeSettingKeys.secretKey, 'sk_test_fake'],
      [stripeSettingKeys.webhookSecret, webhookSecret],
    ]) {
      const response = await admin.post('/api/settings', { key, value, secret: true });
      expect(response.statusCode, response.body).toBe(201);
    }
    previousApi = t.app.context.config.stripeApiUrl;
    t.app.context.config.stripeApiUrl = stripeApi.url;
  });
  test.afterAll(({ demoApp: { t } }) => {
    t.app.context.config.stripeApiUrl = previousApi;
  });

  test('makes a Checkout Session for the due amount with an idempotency key per folio state', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const checkout = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    const session = [...stripeApi.sessions.values()].find((s) => s.client_reference_id === checkout.id)!;
    expect(checkout.url).toBe(session.url);
    expect(session).toMatchObject({
      amount_total: 20000,
      currency: 'eur',
      success_url: `${ctx.config.publicUrl}/portal/link/check-in?status=success`,
      cancel_url: `${ctx.config.publicUrl}/portal/link/check-in?status=cancel`,
    });
    expect(stripeApi.idempotencyKeys.at(-1)).toBe(`checkout-${checkout.id}`);
    expect((await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo)).url).toBe(session.url);
  });

  test('books the payment from the signed webhook once, whatever the retries and races', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const checkout = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    const session = markPaid(
      [...stripeApi.sessions.values()].find((s) => s.client_reference_id === checkout.id)!.id,
    );
    const event = signedEvent(desk, `evt_${session.id}`, session);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? sendWebhook(desk, event.payload, event.header)
          : sendWebhook(
              desk,
              signedEvent(desk, `evt_${session.id}_${i}`, session).payload,
              signedEvent(desk, `evt_${session.id}_${i}`, session).header,
            ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const booked = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, `pi_${session.id}`));
    expect(booked.map((row) => row.amount)).toEqual([20000]);
    expect(await dueOf(desk, booking.id)).toBe(0);
    expect(await confirmCheckout(ctx, guestOf(desk, booking), booking.id, checkout.id)).toMatchObject({
      status: 'paid',
    });
  });

  test('books a paid checkout when the guest is back before the webhook', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const checkout = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    expect(await confirmCheckout(ctx, guestOf(desk, booking), booking.id, checkout.id)).toMatchObject({
      status: 'open',
    });
    const session = markPaid(
      [...stripeApi.sessions.values()].find((s) => s.client_reference_id === checkout.id)!.id,
    );
    expect(await confirmCheckout(ctx, guestOf(desk, booking), booking.id, checkout.id)).toMatchObject({
      status: 'paid',
    });
    // The webhook arriving afterwards books nothing more.
    const event = signedEvent(desk, `evt_late_${session.id}`, session);
    expect((await sendWebhook(desk, event.payload, event.header)).statusCode).toBe(200);
    expect(await dueOf(desk, booking.id)).toBe(0);
  });

  test('expires the older Stripe session when a new checkout is made for a changed amount', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const first = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    const firstSession = sessionOf(first.id);
    // A second tap with nothing changed: the same session, nothing expired.
    expect((await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo)).id).toBe(first.id);
    expect(stripeApi.expireCalls).not.toContain(firstSession.id);
    await payAtDesk(desk, booking.id, 5000);
    const second = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    expect(stripeApi.expireCalls).toContain(firstSession.id);
    expect(firstSession.status).toBe('expired');
    expect(sessionOf(second.id)).toMatchObject({ amount_total: 15000, status: 'open' });
    expect(await confirmCheckout(ctx, guestOf(desk, booking), booking.id, first.id)).toMatchObject({
      status: 'canceled',
    });
    expect(await dueOf(desk, booking.id)).toBe(15000);
  });

  test('books a session paid just before it could be expired, once, and asks no more', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const first = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    await payAtDesk(desk, booking.id, 5000);
    // The guest paid the old page in another tab before the new checkout; Stripe refuses the expiry.
    const paidSession = markPaid(sessionOf(first.id).id);
    const second = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo).catch(
      (error: unknown) => error,
    );
    // 20000 paid by card and 5000 in cash: 5000 too much, nothing left to ask.
    expect(second).toMatchObject({ code: 'payment/nothing_due' });
    expect(await confirmCheckout(ctx, guestOf(desk, booking), booking.id, first.id)).toMatchObject({
      status: 'paid',
    });
    // Its webhook, late and retried: still one payment.
    const event = signedEvent(desk, `evt_${paidSession.id}`, paidSession);
    for (let i = 0; i < 2; i++)
      expect((await sendWebhook(desk, event.payload, event.header)).statusCode).toBe(200);
    const booked = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, `pi_${paidSession.id}`));
    expect(booked.map((row) => row.amount)).toEqual([20000]);
    expect(await dueOf(desk, booking.id)).toBe(-5000);
  });

  test('books the late webhook of an expired session once, and makes no second payable session while Stripe is down', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const ctx = t.app.context;
    const first = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    await payAtDesk(desk, booking.id, 5000);
    const sessionsBefore = stripeApi.sessions.size;
    stripeApi.failExpire = true;
    try {
      await expect(createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo)).rejects.toMatchObject({
        code: 'unavailable',
      });
    } finally {
      stripeApi.failExpire = false;
    }
    expect(stripeApi.sessions.size).toBe(sessionsBefore);
    const second = await createCheckout(ctx, guestOf(desk, booking), booking.id, returnTo);
    expect(second.amount).toBe(15000);
    expect(sessionOf(first.id).status).toBe('expired');
    // A payment Stripe still reports for the expired session (taken as it expired) is real money:
    // booked once, whatever the retries, and the new session stays payable for what was due.
    const lateSession = markPaid(sessionOf(first.id).id);
    const event = signedEvent(desk, `evt_${lateSession.id}`, lateSession);
    for (let i = 0; i < 3; i++)
      expect((await sendWebhook(desk, event.payload, event.header)).statusCode).toBe(200);
    const again = signedEvent(desk, `evt_${lateSession.id}_retry`, lateSession);
    expect((await sendWebhook(desk, again.payload, again.header)).statusCode).toBe(200);
    const booked = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, `pi_${lateSession.id}`));
    expect(booked.map((row) => row.amount)).toEqual([20000]);
  });

  test('refuses a webhook without a signature, with a wrong or an old one, or for another property', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const session = { id: 'cs_forged', payment_status: 'paid', payment_intent: 'pi_forged', amount_total: 1 };
    const event = signedEvent(desk, 'evt_forged', session);
    expectProblem(await sendWebhook(desk, event.payload, null), 400, 'payment/webhook_invalid');
    const tampered = event.payload.replace('"amount_total":1', '"amount_total":100');
    expectProblem(await sendWebhook(desk, tampered, event.header), 400, 'payment/webhook_invalid');
    const old = signedEvent(desk, 'evt_old', session, new Date(t.clock.now().getTime() - 10 * 60_000));
    expectProblem(await sendWebhook(desk, old.payload, old.header), 400, 'payment/webhook_invalid');
    const properties = parsed(await admin.get('/api/properties'), ZPaged(ZProperty));
    const otherId = properties.data.find((p) => p.id !== desk.propertyId)!.id;
    expectProblem(
      await sendWebhook(desk, event.payload, event.header, otherId),
      400,
      'payment/webhook_invalid',
    );
    expectProblem(await sendWebhook(desk, event.payload, event.header, 'nope'), 400, 'validation');
  });

  test('books nothing for a webhook signed with another property’s secret, and the genuine one still books', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const booking = await book(desk);
    const checkout = await createCheckout(t.app.context, guestOf(desk, booking), booking.id, returnTo);
    const session = markPaid(sessionOf(checkout.id).id);
    // The manager of another property of the installation sets up a Stripe account of their own and
    // signs an event about this property's checkout with it.
    const otherId = await otherPropertyId(desk);
    await switchProperty(admin, otherId);
    try {
      const response = await admin.post('/api/settings', {
        key: stripeSettingKeys.webhookSecret,
        value: 'whsec_attacker',
        secret: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      await admin.post('/api/settings', {
        key: stripeSettingKeys.secretKey,
        value: 'sk_attacker',
        secret: true,
      });
    } finally {
      await switchProperty(admin, desk.propertyId);
    }
    const forged = signedEvent(desk, `evt_${session.id}`, session, t.clock.now(), 'whsec_attacker');
    expect((await sendWebhook(desk, forged.payload, forged.header, otherId)).statusCode).toBe(200);
    expect(await paymentsOf(desk, session.id)).toEqual([]);
    expect(await dueOf(desk, booking.id)).toBe(20000);
    // The genuine event, even with the same id, is this property's own and books the payment.
    const genuine = signedEvent(desk, `evt_${session.id}`, session);
    expect((await sendWebhook(desk, genuine.payload, genuine.header)).statusCode).toBe(200);
    expect(await paymentsOf(desk, session.id)).toEqual([20000]);
  });

  test('refuses a payment of another amount or currency than the checkout’s, keeps it as refused, and books the right one', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const checkout = await createCheckout(t.app.context, guestOf(desk, booking), booking.id, returnTo);
    const session = markPaid(sessionOf(checkout.id).id);
    const cheaper = signedEvent(desk, `evt_cheap_${session.id}`, { ...session, amount_total: 100 });
    for (let i = 0; i < 2; i++)
      expectProblem(await sendWebhook(desk, cheaper.payload, cheaper.header), 400, 'payment/amount_mismatch');
    const dollars = signedEvent(desk, `evt_usd_${session.id}`, { ...session, currency: 'usd' });
    expectProblem(await sendWebhook(desk, dollars.payload, dollars.header), 400, 'payment/amount_mismatch');
    expect(await paymentsOf(desk, session.id)).toEqual([]);
    const kept = await t.db
      .select({
        eventId: paymentEvents.eventId,
        outcome: paymentEvents.outcome,
        detail: paymentEvents.detail,
      })
      .from(paymentEvents)
      .where(eq(paymentEvents.checkoutSessionId, checkout.id));
    expect(kept.sort((a, b) => a.eventId.localeCompare(b.eventId))).toEqual([
      { eventId: `evt_cheap_${session.id}`, outcome: 'refused', detail: 'paid 100 EUR, asked 20000 EUR' },
      { eventId: `evt_usd_${session.id}`, outcome: 'refused', detail: 'paid 20000 USD, asked 20000 EUR' },
    ]);
    const right = signedEvent(desk, `evt_${session.id}`, session);
    expect((await sendWebhook(desk, right.payload, right.header)).statusCode).toBe(200);
    expect(await paymentsOf(desk, session.id)).toEqual([20000]);
  });

  test('refuses a webhook signed ahead of the clock beyond the tolerance', async ({
    demoApp: { t },
    desk,
  }) => {
    const booking = await book(desk);
    const checkout = await createCheckout(t.app.context, guestOf(desk, booking), booking.id, returnTo);
    const session = markPaid(sessionOf(checkout.id).id);
    const ahead = signedEvent(
      desk,
      `evt_${session.id}`,
      session,
      new Date(t.clock.now().getTime() + 10 * 60_000),
    );
    expectProblem(await sendWebhook(desk, ahead.payload, ahead.header), 400, 'payment/webhook_invalid');
    expect(await paymentsOf(desk, session.id)).toEqual([]);
    const slightlyAhead = signedEvent(
      desk,
      `evt_${session.id}`,
      session,
      new Date(t.clock.now().getTime() + 60_000),
    );
    expect((await sendWebhook(desk, slightlyAhead.payload, slightlyAhead.header)).statusCode).toBe(200);
    expect(await paymentsOf(desk, session.id)).toEqual([20000]);
  });

  test('books the same event sent 30 times at once exactly once', async ({ demoApp: { t }, desk }) => {
    const booking = await book(desk);
    const checkout = await createCheckout(t.app.context, guestOf(desk, booking), booking.id, returnTo);
    const session = markPaid(sessionOf(checkout.id).id);
    const event = signedEvent(desk, `evt_${session.id}`, session);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => sendWebhook(desk, event.payload, event.header)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(
      answers.filter((answer) => parsed(answer, z.object({ received: z.boolean() })).received),
    ).toHaveLength(30);
    expect(await paymentsOf(desk, session.id)).toEqual([20000]);
    expect(await dueOf(desk, booking.id)).toBe(0);
  });
});
