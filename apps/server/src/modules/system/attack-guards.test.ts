// An attacker's second look at the hardening of card payments, outbound addresses and bookings by room
// type: each case is an attack that was tried through the real app, kept as a guard.
import Stripe from 'stripe';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  addDays,
  ZBooking,
  ZCreatedApiKey,
  ZCreateUserResponse,
  ZFolio,
  ZFolioList,
  ZGroup,
  ZPaged,
  ZPaymentMethod,
  ZProblem,
  ZSettingEntry,
  ZTeamUser,
} from '@pms/contract';
import { bookings, roomOccupancies } from '../../db/schema/index.ts';
import {
  ApiClient as Browser,
  bearer,
  createStayFixture,
  expectProblem,
  parsed,
  PortalGuest,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { doorSettingKeys } from '../doors/index.ts';
import { createCheckout } from '../../flows/guest-payment.flow.ts';
import { stripeSettingKeys } from '../payments/index.ts';

const day = (offset: number) => addDays('2027-04-12', offset);

const webhookSecret = 'whsec_attack_secret';
const stripe = new Stripe('sk_test_fake');

const test = apiTest.extend('attacked', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin, ids } = demoApp;
  const propertyId = ids['Alpenhof Salzburg']!;
  t.clock.set('2027-04-12T08:00:00Z');
  for (const [key, value] of [
    [stripeSettingKeys.secretKey, 'sk_test_fake'],
    [stripeSettingKeys.webhookSecret, webhookSecret],
  ]) {
    const response = await admin.post('/api/settings', { key, value, secret: true });
    expect(response.statusCode, response.body).toBe(201);
  }
  const key = await admin.post('/api/api_keys', { name: 'Angriff', roleId: 'staff' });
  expect(key.statusCode, key.body).toBe(201);
  const secret = parsed(key, ZCreatedApiKey).secret;
  /** Two instances of the application on one database, each called with a staff API key. */
  const instances = [bearer(t.app, secret), bearer(await t.startInstance(), secret)];
  return { propertyId, instances };
});

function seconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

function signed(payload: string, at: Date, secret = webhookSecret): string {
  return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) });
}

function sendWebhook(
  t: TTestApp,
  propertyId: string,
  payload: string,
  header: string | string[] | null,
  contentType = 'application/json',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/stripe/${propertyId}/webhook`,
    headers: { 'content-type': contentType, ...(header ? { 'stripe-signature': header } : {}) },
    payload,
  });
}

function refundEvent(id: string): string {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'charge.refunded',
    data: { object: { id: 'ch_1', object: 'charge', amount_refunded: -5000 } },
  });
}

describe('the Stripe webhook', () => {
  test('refuses a message signed ahead of the clock however its header is written', async ({
    demoApp: { t },
    attacked: { propertyId },
  }) => {
    const ahead = new Date(t.clock.now().getTime() + 60 * 60_000);
    const payload = refundEvent('evt_attack_ahead');
    const header = signed(payload, ahead);
    expectProblem(await sendWebhook(t, propertyId, payload, header), 400, 'payment/webhook_invalid');
    // Stripe's SDK takes the last `t=` of the header: a timestamp of now put before the real one must
    // not let a message signed an hour ahead through (kept, it could be sent again later).
    for (const forged of [
      `t=${seconds(t.clock.now())},${header}`,
      `${header.replace(/,v1=.*/, '')},t=${seconds(t.clock.now())}x,${header.replace(/^t=\d+,/, '')}`,
      ` t=${seconds(t.clock.now())},${header}`,
    ]) {
      expectProblem(await sendWebhook(t, propertyId, payload, forged), 400, 'payment/webhook_invalid');
    }
  });

  test('answers malformed headers and bodies with 400, never 500', async ({
    demoApp: { t },
    attacked: { propertyId },
  }) => {
    const payload = refundEvent('evt_attack_malformed');
    const now = t.clock.now();
    const header = signed(payload, now);
    for (const bad of [
      '',
      't=',
      'v1=',
      't=abc,v1=def',
      `t=${seconds(now)}`,
      `t=${'9'.repeat(400)},v1=${'a'.repeat(64)}`,
      ','.repeat(5000),
      `t=${seconds(now)},v1=${'0'.repeat(64)}`,
      `t=-1,v1=${'a'.repeat(64)}`,
    ]) {
      const response = await sendWebhook(t, propertyId, payload, bad);
      expect(response.statusCode, `${bad.slice(0, 40)}: ${response.body}`).toBe(400);
    }
    // Two headers at once (joined into one by Node), the signature of another secret, no JSON.
    expect((await sendWebhook(t, propertyId, payload, [header, header])).statusCode).toBeLessThan(500);
    expectProblem(
      await sendWebhook(t, propertyId, payload, signed(payload, now, 'whsec_someone_else')),
      400,
      'payment/webhook_invalid',
    );
    for (const body of ['', 'not json', '{"id":', '[]', 'null']) {
      const response = await sendWebhook(t, propertyId, body, signed(body, now));
      expect(response.statusCode, `${body}: ${response.body}`).toBe(400);
    }
    // Another content type: not taken as the raw body.
    const text = await sendWebhook(t, propertyId, payload, header, 'text/plain');
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  test('answers a signed event without an id or of odd shape with 400, and books nothing for a refund', async ({
    demoApp: { t },
    attacked: { propertyId },
  }) => {
    const now = t.clock.now();
    for (const event of [
      { object: 'event', type: 'checkout.session.completed', data: { object: null } },
      { id: 42, object: 'event', type: 'charge.refunded', data: {} },
      { id: { $ne: '' }, object: 'event', type: 'charge.refunded' },
      { id: 'evt_no_data', object: 'event', type: 'checkout.session.completed' },
    ]) {
      const payload = JSON.stringify(event);
      const response = await sendWebhook(t, propertyId, payload, signed(payload, now));
      expect(response.statusCode, `${payload}: ${response.body}`).toBeLessThan(500);
    }
    const refund = refundEvent('evt_attack_refund');
    const first = await sendWebhook(t, propertyId, refund, signed(refund, now));
    expect(first.statusCode, first.body).toBe(200);
    // Replayed with a fresh signature (as Stripe retries): taken once.
    const again = await sendWebhook(t, propertyId, refund, signed(refund, now));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('the lock system’s webhook address', () => {
  function saveWebhookUrl(admin: ApiClient, value: string) {
    return admin.post('/api/settings', { key: doorSettingKeys.webhookUrl, value, secret: false });
  }

  test('refuses every other way of writing a private or local address', async ({
    demoApp: { client: admin },
  }) => {
    for (const url of [
      'http://0x7f.0.0.1/locks',
      'http://0177.0.0.1/locks',
      'http://127.1/locks',
      'http://0/locks',
      'http://127.0.0.1./locks',
      'http://evil.example@127.0.0.1/locks',
      'http://[::ffff:7f00:1]/locks',
      'http://[0:0:0:0:0:ffff:169.254.169.254]/latest/meta-data/',
      'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'http://[2002:a9fe:a9fe::]/latest/meta-data/',
      'http://[::]/locks',
      'http://255.255.255.255/locks',
      'http://①②⑦.0.0.1/locks',
      // IPv4-compatible IPv6 (::/96, deprecated by RFC 4291): ::127.0.0.1 and ::169.254.169.254.
      'http://[::127.0.0.1]/locks',
      'http://[::a9fe:a9fe]/latest/meta-data/',
    ]) {
      const response = await saveWebhookUrl(admin, url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expectProblem(response, 400, 'outbound/url_not_allowed');
    }
  });
});

describe('races over two instances', () => {
  test('bookings by room type, bookings of a room and room locks on the same rooms: one holder a room, no 500', async ({
    demoApp: { t, client: admin },
    attacked: { propertyId, instances },
  }) => {
    const { roomTypeId, roomIds, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Gemischt', code: 'GEM' },
      rooms: 'G1-G4',
      rate: { name: 'Gemischt', code: 'GEM' },
      prices: [9000, 12000],
    });
    const roomList = Object.values(roomIds);
    const stay = { checkIn: day(50), checkOut: day(52), occupancy: 1, rateId };
    const answers = await Promise.all(
      Array.from({ length: 36 }, (_, i) => {
        const client = instances[i % 2]!;
        const roomId = roomList[i % roomList.length]!;
        if (i % 3 === 0)
          return client.post('/api/bookings', { ...stay, roomTypeId, customer: { name: `Typ ${i}` } });
        if (i % 3 === 1)
          return client.post('/api/bookings', { ...stay, roomId, customer: { name: `Zimmer ${i}` } });
        return client.post('/api/room_locks', {
          roomId,
          startDate: day(51),
          endDate: day(51),
          reason: 'Sperre',
        });
      }),
    );
    for (const answer of answers) {
      if (answer.statusCode === 201) continue;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(['booking/overlap_detected', 'room_lock/overlap_detected', 'booking/no_free_room']).toContain(
        parsed(answer, ZProblem).type,
      );
    }
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(roomList.length);
    const held = await t.db
      .select({ roomId: roomOccupancies.roomId })
      .from(roomOccupancies)
      .where(and(eq(roomOccupancies.propertyId, propertyId)));
    const ofType = held.filter((row) => roomList.includes(row.roomId)).map((row) => row.roomId);
    expect(new Set(ofType).size).toBe(ofType.length);
    expect(ofType).toHaveLength(roomList.length);
  }, 60_000);

  test('confirming pending bookings in crossing room orders at once answers no 500 (deadlocks stay inside)', async ({
    demoApp: { client: admin },
    attacked: { instances },
  }) => {
    const { roomIds, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Kreuzung', code: 'KRZ' },
      rooms: 'K1-K2',
      rate: { name: 'Kreuzung', code: 'KRZ' },
      prices: [9000, 12000],
    });
    const [first, second] = Object.values(roomIds) as [string, string];
    const pairs = 24;
    const ids: string[] = [];
    for (let k = 0; k < pairs * 2; k++) {
      // Pair j: its first booking is in one room and its second in the other, the order crossing from
      // pair to pair; every booking of a room on days of its own, so all of them can be confirmed.
      const j = Math.floor(k / 2);
      const roomId = (k + j) % 2 === 0 ? first : second;
      const created = await admin.post('/api/bookings', {
        roomId,
        status: 'pending',
        checkIn: day(100 + 2 * k),
        checkOut: day(101 + 2 * k),
        occupancy: 1,
        rateId,
        customer: { name: `Kreuzung ${k}` },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(parsed(created, ZBooking).id);
    }
    const answers = await Promise.all(
      Array.from({ length: pairs }, (_, j) =>
        instances[j % 2]!.post('/api/bookings/confirm', { ids: [ids[2 * j]!, ids[2 * j + 1]!] }),
      ),
    );
    const failed = answers.filter((answer) => answer.statusCode !== 200);
    expect(
      failed.map((answer) => `${answer.statusCode} ${answer.body}`),
      'every confirmation goes through',
    ).toEqual([]);
  }, 60_000);

  test('a group deleted while bookings move into it (PUT and the group’s route) keeps none of them', async ({
    demoApp: { t, client: admin },
    attacked: { instances },
  }) => {
    const { roomTypeId, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Gruppenzug', code: 'GZ' },
      rooms: 'GZ1-GZ2',
      rate: { name: 'Gruppenzug', code: 'GZ' },
      prices: [9000, 12000],
    });
    for (let round = 0; round < 4; round++) {
      const pending = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const created = await admin.post('/api/bookings', {
            roomTypeId,
            status: 'pending',
            checkIn: day(60 + round),
            checkOut: day(61 + round),
            occupancy: 1,
            rateId,
            customer: { name: `Umzug ${round}.${i}` },
          });
          expect(created.statusCode, created.body).toBe(201);
          return parsed(created, ZBooking).id;
        }),
      );
      const group = await admin.post('/api/groups', { name: `Umzugsgruppe ${round}` });
      const groupId = parsed(group, ZGroup).id;
      const [deleted, ...answers] = await Promise.all([
        instances[round % 2]!.delete(`/api/groups/${groupId}`),
        ...pending.map((bookingId, i) =>
          i % 2 === 0
            ? instances[i % 2]!.put(`/api/bookings/${bookingId}`, { groupId })
            : instances[(i + 1) % 2]!.post(`/api/groups/${groupId}/bookings`, { bookingId }),
        ),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const answer of answers) if (answer.statusCode !== 200) expectProblem(answer, 404, 'not_found');
      const left = await t.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.groupId, groupId), isNull(bookings.deletedAt)));
      expect(left).toEqual([]);
    }
  }, 60_000);
});

describe('login throttling', () => {
  async function newAccount(admin: ApiClient, name: string): Promise<{ email: string; password: string }> {
    const email = `${name}@attack.example.com`;
    const created = await admin.post('/api/users', { email, name, roleId: 'staff' });
    expect(created.statusCode, created.body).toBe(201);
    return { email, password: parsed(created, ZCreateUserResponse).defaultPassword };
  }
  const attempt = (client: Browser, email: string, password: string) =>
    client.post('/api/session/login', { email, password });

  test('counts every spelling of an address against one cap, and another account’s device cookie buys nothing', async ({
    demoApp: { t, client: admin },
  }) => {
    const victim = await newAccount(admin, 'opfer');
    const other = await newAccount(admin, 'angreifer');
    // The attacker signs in to an account of their own: the browser becomes a known device of it.
    const attacker = new Browser(t.app);
    expect((await attempt(attacker, other.email, other.password)).statusCode).toBe(200);
    expect(attacker.cookie('pms_device')).toBeDefined();
    const spellings = [
      victim.email.toUpperCase(),
      ` ${victim.email}`,
      `${victim.email} `,
      victim.email.replace('opfer', 'OpFeR'),
      victim.email.replace('attack', 'ATTACK'),
    ];
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await attempt(attacker, spellings[i % spellings.length]!, `falsch-${i}`));
    for (const answer of answers) expect([400, 401]).toContain(answer.statusCode);
    const refused = answers.filter((answer) => answer.statusCode === 401).length;
    // Whatever spellings were taken at all counted against the one account.
    for (let i = refused; i < 10; i++) await attempt(attacker, victim.email, `falsch-x${i}`);
    for (const spelling of [victim.email, victim.email.toUpperCase()]) {
      expectProblem(await attempt(attacker, spelling, victim.password), 429, 'auth/too_many_attempts');
      expectProblem(
        await attempt(new Browser(t.app), spelling, victim.password),
        429,
        'auth/too_many_attempts',
      );
    }
    // A device cookie signed for another account, rewritten to name the victim, is no device of it.
    const [, nonce, expires, signature] = attacker.cookie('pms_device')!.split('.');
    const victimId = parsed(
      await admin.get('/api/users', { query: { pageSize: '100' } }),
      ZPaged(ZTeamUser),
    ).data.find((user) => user.email === victim.email)?.id;
    expect(victimId).toBeDefined();
    {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/session/login',
        headers: { cookie: `pms_device=${[victimId, nonce, expires, signature].join('.')}` },
        payload: { email: victim.email, password: victim.password },
      });
      expectProblem(forged, 429, 'auth/too_many_attempts');
    }
  });
});

describe('refunds over two instances', () => {
  test('never pays back more than was paid, whatever refunds and deletions race', async ({
    demoApp: { client: admin },
    attacked: { instances },
  }) => {
    const { roomIds, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Erstattung', code: 'ERS' },
      rooms: 'E1-E2',
      rate: { name: 'Erstattung', code: 'ERS' },
      prices: [10000, 15000],
    });
    const booking = await admin.post('/api/bookings', {
      roomId: Object.values(roomIds)[0],
      checkIn: day(70),
      checkOut: day(71),
      occupancy: 1,
      rateId,
      customer: { name: 'Erstattung' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const bookingId = parsed(booking, ZBooking).id;
    const folio = parsed(await admin.get('/api/folios', { query: { bookingId } }), ZFolioList).data[0]!;
    const methods = parsed(
      await admin.get('/api/payment_methods', { query: { pageSize: '100' } }),
      ZPaged(ZPaymentMethod),
    ).data;
    const cash = methods.find((method) => method.kind === 'cash')!.id;
    const paid = await admin.post(`/api/folios/${folio.id}/payments`, {
      amount: 10000,
      paymentMethodId: cash,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = parsed(paid, ZFolio).payments.find((payment) => payment.amount === 10000)?.id;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        instances[i % 2]!.post(`/api/folios/${folio.id}/refunds`, { amount: 1000, paymentMethodId: cash }),
      ),
      ...(paymentId ? [instances[1]!.delete(`/api/folios/${folio.id}/payments/${paymentId}`)] : []),
    ]);
    for (const answer of answers) {
      if (answer.statusCode < 300) continue;
      expectProblem(answer, 400, 'payment/refund_exceeds_paid');
    }
    expect(paymentId).toBeDefined();
    const totals = parsed(await admin.get('/api/folios', { query: { bookingId } }), ZFolioList).totals;
    expect(totals.paidAmount).toBeGreaterThanOrEqual(0);
  }, 60_000);
});

describe('the portal’s signature', () => {
  test('refuses an SVG a signature pad never makes (a filter, a sliver) before drawing it', async ({
    demoApp: { t, client: admin },
  }) => {
    const { roomTypeId, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Unterschrift', code: 'UNT' },
      rooms: 'U1-U2',
      rate: { name: 'Unterschrift', code: 'UNT' },
      prices: [9000, 12000],
    });
    const created = await admin.post('/api/bookings', {
      roomTypeId,
      checkIn: day(80),
      checkOut: day(81),
      occupancy: 1,
      rateId,
      customer: { name: 'Unterschrift' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = parsed(
      await admin.get(`/api/bookings/${parsed(created, ZBooking).id}`, { query: { expand: 'link' } }),
      ZBooking,
    );
    const guest = new PortalGuest(t.app, booking.link!.id);
    const sign = (svg: string) =>
      guest.upload('/api/portal/signature', 'signature.svg', Buffer.from(svg), 'signature', 'PATCH');
    const svgOpen = '<svg xmlns="http://www.w3.org/2000/svg"';
    // A blur over the whole picture: at 7000 × 7000 pixels it kept a core busy for minutes; this one
    // takes seconds, and must be refused at once.
    const started = Date.now();
    const blurred = await sign(
      `${svgOpen} width="2400" height="2400"><filter id="f"><feGaussianBlur stdDeviation="300"/></filter>` +
        `<g filter="url(#f)"><rect width="2400" height="2400"/></g></svg>`,
    );
    expectProblem(blurred, 415, 'portal/signature_type');
    expect(Date.now() - started).toBeLessThan(2000);
    for (const svg of [
      `${svgOpen} width="1500" height="32000"><rect width="1500" height="32000"/></svg>`,
      `${svgOpen} width="1500" height="1500"><rect width="1500" height="1500" style="fil&#116;er: blur(300px)"/></svg>`,
      `${svgOpen} width="1500" height="1500"><rect width="1500" height="1500" style="fil\\74 er: blur(300px)"/></svg>`,
      `${svgOpen} width="1500" height="1500"><style>rect { filter: blur(300px) }</style><rect width="1500" height="1500"/></svg>`,
      `${svgOpen} width="10" height="30000"><path d="M0 0 L10 30000" stroke="black"/></svg>`,
      `${svgOpen} xmlns:x="http://www.w3.org/1999/xlink" width="40" height="20"><image x:href="file:///etc/passwd" width="40" height="20"/></svg>`,
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]>${svgOpen} width="40" height="20"><text>&a;</text></svg>`,
    ])
      expectProblem(await sign(svg), 415, 'portal/signature_type');
    // What a pad makes is still taken.
    const pad = await sign(
      `${svgOpen} width="400" height="150"><path d="M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80" stroke="black" fill="none"/></svg>`,
    );
    expect(pad.statusCode, pad.body).toBe(200);
  }, 60_000);
});

describe('the payment simulator switched off', () => {
  test('takes no payment on the page of a checkout it made before', async ({
    demoApp: { t, client: admin },
    attacked: { propertyId },
  }) => {
    const { roomTypeId, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Simulator', code: 'SIM' },
      rooms: 'S1-S2',
      rate: { name: 'Simulator', code: 'SIM' },
      prices: [9000, 12000],
    });
    const created = await admin.post('/api/bookings', {
      roomTypeId,
      checkIn: day(90),
      checkOut: day(91),
      occupancy: 1,
      rateId,
      customer: { name: 'Simulator' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = parsed(created, ZBooking).id;
    expect((await admin.patch('/api/settings/general', { featurePayment: true })).statusCode).toBe(200);
    const config = t.app.context.config;
    const before = { simulator: config.paymentSimulator, stripe: config.stripeApiUrl };
    // The property's own Stripe account is set up in this file: the simulator's checkout is made as
    // it was before the account was connected.
    const stripeSecret = parsed(
      await admin.get('/api/settings', { query: { pageSize: '100' } }),
      ZPaged(ZSettingEntry),
    ).data.filter((entry) => entry.key.startsWith('stripe.'));
    for (const entry of stripeSecret) await admin.delete(`/api/settings/${entry.id}`);
    try {
      config.paymentSimulator = true;
      const checkout = await createCheckout(
        t.app.context,
        { kind: 'guest', id: 'link', propertyId, bookingId, name: 'Gast' },
        bookingId,
        { returnPath: '/portal/link/check-in', language: 'de' },
      );
      config.paymentSimulator = false;
      const page = await t.app.inject({ method: 'GET', url: `/payments/simulator/${checkout.id}` });
      expect(page.statusCode).toBe(404);
      const paid = await t.app.inject({
        method: 'POST',
        url: `/payments/simulator/${checkout.id}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(paid.statusCode).toBe(404);
      const totals = parsed(await admin.get('/api/folios', { query: { bookingId } }), ZFolioList).totals;
      expect(totals.paidAmount).toBe(0);
    } finally {
      config.paymentSimulator = before.simulator;
    }
  });
});
