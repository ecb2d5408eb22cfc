// An attacker's second look at the hardening of card payments, outbound addresses and bookings by room
// type: each case is an attack that was tried through the real app, kept as a guard.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startDemoApp, type ApiClient, type TTestApp } from '../../../test/helpers.ts';
import { doorSettingKeys } from '../doors/doors.service.ts';
import { stripeSettingKeys } from '../payments/payments.service.ts';

let t: TTestApp;
let admin: ApiClient;
let propertyId: string;

const webhookSecret = 'whsec_attack_secret';
const stripe = new Stripe('sk_test_fake');

beforeAll(async () => {
  let ids: Record<string, string>;
  ({ t, client: admin, ids } = await startDemoApp());
  propertyId = ids['Alpenhof Salzburg']!;
  t.clock.set('2027-04-12T08:00:00Z');
  for (const [key, value] of [
    [stripeSettingKeys.secretKey, 'sk_test_fake'],
    [stripeSettingKeys.webhookSecret, webhookSecret],
  ]) {
    const response = await admin.post('/api/settings', { key, value, secret: true });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

function seconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

function signed(payload: string, at: Date, secret = webhookSecret): string {
  return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) });
}

function sendWebhook(payload: string, header: string | string[] | null, contentType = 'application/json') {
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
  it('refuses a message signed ahead of the clock however its header is written', async () => {
    const ahead = new Date(t.clock.now().getTime() + 60 * 60_000);
    const payload = refundEvent('evt_attack_ahead');
    const header = signed(payload, ahead);
    expectProblem(await sendWebhook(payload, header), 400, 'payment/webhook_invalid');
    // Stripe's SDK takes the last `t=` of the header: a timestamp of now put before the real one must
    // not let a message signed an hour ahead through (kept, it could be sent again later).
    for (const forged of [
      `t=${seconds(t.clock.now())},${header}`,
      `${header.replace(/,v1=.*/, '')},t=${seconds(t.clock.now())}x,${header.replace(/^t=\d+,/, '')}`,
      ` t=${seconds(t.clock.now())},${header}`,
    ]) {
      expectProblem(await sendWebhook(payload, forged), 400, 'payment/webhook_invalid');
    }
  });

  it('answers malformed headers and bodies with 400, never 500', async () => {
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
      const response = await sendWebhook(payload, bad);
      expect(response.statusCode, `${bad.slice(0, 40)}: ${response.body}`).toBe(400);
    }
    // Two headers at once (joined into one by Node), the signature of another secret, no JSON.
    expect((await sendWebhook(payload, [header, header])).statusCode).toBeLessThan(500);
    expectProblem(
      await sendWebhook(payload, signed(payload, now, 'whsec_someone_else')),
      400,
      'payment/webhook_invalid',
    );
    for (const body of ['', 'not json', '{"id":', '[]', 'null']) {
      const response = await sendWebhook(body, signed(body, now));
      expect(response.statusCode, `${body}: ${response.body}`).toBe(400);
    }
    // Another content type: not taken as the raw body.
    const text = await sendWebhook(payload, header, 'text/plain');
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });

  it('answers a signed event without an id or of odd shape with 400, and books nothing for a refund', async () => {
    const now = t.clock.now();
    for (const event of [
      { object: 'event', type: 'checkout.session.completed', data: { object: null } },
      { id: 42, object: 'event', type: 'charge.refunded', data: {} },
      { id: { $ne: '' }, object: 'event', type: 'charge.refunded' },
      { id: 'evt_no_data', object: 'event', type: 'checkout.session.completed' },
    ]) {
      const payload = JSON.stringify(event);
      const response = await sendWebhook(payload, signed(payload, now));
      expect(response.statusCode, `${payload}: ${response.body}`).toBeLessThan(500);
    }
    const refund = refundEvent('evt_attack_refund');
    const first = await sendWebhook(refund, signed(refund, now));
    expect(first.statusCode, first.body).toBe(200);
    // Replayed with a fresh signature (as Stripe retries): taken once.
    const again = await sendWebhook(refund, signed(refund, now));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('the lock system’s webhook address', () => {
  function saveWebhookUrl(value: string) {
    return admin.post('/api/settings', { key: doorSettingKeys.webhookUrl, value, secret: false });
  }

  it('refuses every other way of writing a private or local address', async () => {
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
      const response = await saveWebhookUrl(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expectProblem(response, 400, 'outbound/url_not_allowed');
    }
  });
});
