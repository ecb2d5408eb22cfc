// The portal home as the server writes it (http/portal-page.ts) with the web app's and the portal's own
// builds: the booking on the page, its data for the browser, the guest's language, the page's policy;
// and the plain page for everything else. Both must be built first (`npm run build -w apps/web && npm
// run build -w apps/portal`).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  addDays,
  todayIn,
  ZBooking,
  ZContact,
  zonedInstant,
  ZPaged,
  ZProperty,
  type TPortalHomeData,
} from '@pms/contract';
import { bookingLinks, generalSettings, rooms } from '../../db/schema/index.ts';
import {
  ApiClient,
  buildTestApp,
  createStayFixture,
  demo,
  login,
  parsed,
  switchProperty,
  type TStayFixture,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const zone = 'Europe/Vienna';

/** The application serving the built web app and portal, signed in as the admin in the Austrian property. */
const test = apiTest
  .override('demoApp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const hasRenderer = await import('@pms/portal/ssr').then(
      () => true,
      () => false,
    );
    if (!existsSync(`${webDist}/portal-home.html`) || !hasRenderer)
      throw new Error(
        'the portal is not built: run `npm run build -w apps/web && npm run build -w apps/portal` first',
      );
    const t = await buildTestApp({ WEB_DIST: webDist });
    onCleanup(() => t.close());
    const client = await login(t.app, demo.users.admin);
    const properties = parsed(await client.get('/api/properties'), ZPaged(ZProperty));
    await switchProperty(client, properties.data.find((property) => property.name === demo.austria)!.id);
    const ids = Object.fromEntries(properties.data.map((property) => [property.name, property.id]));
    return { t, client, ids };
  })
  .extend('stayed', { scope: 'file', auto: true }, async ({ demoApp }) => {
    const { client: admin } = demoApp;
    const stay = await createStayFixture(admin, {
      roomType: { name: 'Seitenzimmer', code: 'SE' },
      rooms: '871-879',
      rate: { name: 'Seitenrate', code: 'SE' },
      prices: [10000, 12000],
    });
    return { stay };
  });
test.afterEach(({ demoApp: { t } }) => {
  t.clock.reset();
});

const today = (t: TTestApp) => todayIn(zone, t.clock.now());
let nextRoom = 871;

/** A booking from today for a new debtor in a room of its own, and its link. */
async function newStay(t: TTestApp, admin: ApiClient, stay: TStayFixture, customerName = 'Hanna Heimseite') {
  const customer = await admin.post('/api/contacts', { name: customerName, isDebtor: true });
  expect(customer.statusCode, customer.body).toBe(201);
  const roomId = stay.roomIds[String(nextRoom++)]!;
  const created = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId: stay.rateId,
    roomTypeId: stay.roomTypeId,
    roomId,
    checkIn: today(t),
    checkOut: addDays(today(t), 2),
    customerId: parsed(customer, ZContact).id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const booking = parsed(
    await admin.get(`/api/bookings/${parsed(created, ZBooking).id}`, { query: { expand: 'link' } }),
    ZBooking,
  );
  return { booking, roomId, linkId: booking.link!.id };
}

function openPage(t: TTestApp, path: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: path, headers });
}

/** The home's data as the page carries it for the browser. */
function homeData(html: string): TPortalHomeData {
  const match = /<script type="application\/json" id="portal-home">([^<]*)<\/script>/.exec(html);
  expect(match, 'the page carries the home data').not.toBeNull();
  return JSON.parse(match![1]!) as TPortalHomeData;
}

/** The page's Content-Security-Policy as directive name to its values. */
function policy(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the home of a link', () => {
  test('comes with the booking on the page, its data, its styles and a policy that allows only them', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { booking, linkId } = await newStay(t, admin, stay);
    const page = await openPage(t, `/portal/${linkId}`, { 'accept-language': 'de-AT,de;q=0.9' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).toContain('<html lang="de">');
    expect(html).toMatch(new RegExp(`<h1 id="booking-heading"[^>]*>Buchung ${booking.code}</h1>`));
    expect(html).toContain('Alpenhof Salzburg');
    // The home in place of the loading screen, the styles and the icon in the page, and only the small
    // script that fetches the app once the page has painted, written into the page (portal-home.html):
    // the page asks for nothing before it paints. The app is the plain page's script (portal.html).
    expect(html).not.toContain('portal-home-->');
    expect(html).not.toContain('Wird geladen');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg%20/);
    const plain = await openPage(t, `/portal/${linkId}/check-in`);
    const scripts = (page: string) =>
      [...page.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts(html)).toEqual([]);
    const written = [...html.matchAll(/<script type="module" data-app="([^"]+)">([^]*?)<\/script>/g)];
    expect(written).toHaveLength(1);
    const [, app, code] = written[0]!;
    expect(scripts(plain.body)).toContain(app);
    expect(code).not.toMatch(/\bimport\s*[{*'"]|\bfrom\s*['"]/);
    // The property's brand colours, and every style element allowed by the answer's nonce alone.
    expect(html).toMatch(/:root\{--color-primary-50:#[0-9a-f]{6};/);
    const directives = policy(page.headers['content-security-policy']);
    // Scripts from this origin and the page's own script, by its hash: no other script in the page runs.
    const hash = createHash('sha256').update(code!).digest('base64');
    expect(directives.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    const nonces = directives.get('style-src')!.filter((value) => value.startsWith("'nonce-"));
    expect(nonces).toHaveLength(1);
    const nonce = nonces[0]!.slice("'nonce-".length, -1);
    const styles = [...html.matchAll(/<style([^>]*)>/g)].map((match) => match[1]);
    expect(styles.length).toBeGreaterThanOrEqual(2);
    for (const attributes of styles) expect(attributes).toBe(` nonce="${nonce}"`);
    // A new nonce for every answer.
    const again = await openPage(t, `/portal/${linkId}`);
    expect(policy(again.headers['content-security-policy']).get('style-src')).not.toContain(nonces[0]);

    const home = homeData(html);
    expect(home).toMatchObject({
      linkId,
      language: 'de',
      property: { name: demo.austria, timeZone: zone },
      booking: { id: booking.id, code: booking.code, status: 'confirmed' },
      metadata: { hasAccessToken: false },
      accessPoints: null,
    });
    // The same reads as the portal's calls.
    const portal = new ApiClient(t.app);
    const reads = { headers: { 'link-id': linkId } };
    expect(home.booking).toEqual((await portal.get('/api/portal/booking', reads)).json());
    expect(home.settings).toEqual((await portal.get('/api/portal/settings/general', reads)).json());
  });

  test('is written in the language the guest chose, else in the browser’s', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { booking, linkId } = await newStay(t, admin, stay);
    const english = await openPage(t, `/portal/${linkId}/`, { 'accept-language': 'en-GB' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(`Booking ${booking.code}`);
    expect(homeData(english.body).language).toBe('en');
    const chosen = await openPage(t, `/portal/${linkId}`, {
      'accept-language': 'en-GB,en;q=0.9',
      cookie: 'portal_language=de',
    });
    expect(chosen.body).toContain(`Buchung ${booking.code}`);
    // Neither German nor English: German. An unknown cookie value is ignored.
    const french = await openPage(t, `/portal/${linkId}`, {
      'accept-language': 'fr-FR',
      cookie: 'portal_language=xx',
    });
    expect(homeData(french.body).language).toBe('de');
  });

  test('carries names as text: nothing a guest types can end the data or open an element', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const name = '</script><script>alert(1)</script><!-- <b>Ω</b> $& $1';
    const { linkId } = await newStay(t, admin, stay, name);
    const page = await openPage(t, `/portal/${linkId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<b>Ω');
    expect([...page.body.matchAll(/<script/g)]).toHaveLength(2);
    expect(homeData(page.body).booking.guests[0]!.name).toBe(name);
  });

  test('links the property’s info page only when it is a web address, whatever was stored', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { linkId } = await newStay(t, admin, stay);
    const propertyId = parsed(await admin.get('/api/properties/current'), ZProperty).id;
    const setInfoUrl = (propertyInfoUrl: string) =>
      t.db.update(generalSettings).set({ propertyInfoUrl }).where(eq(generalSettings.propertyId, propertyId));
    try {
      for (const stored of [
        'javascript:alert(document.cookie)',
        'data:text/html,<script>alert(1)</script>',
      ]) {
        await setInfoUrl(stored);
        const page = await openPage(t, `/portal/${linkId}`);
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toMatch(/<a\b[^>]*\shref="(javascript|data):/i);
      }
      await setInfoUrl('https://alpenhof.example/info');
      expect((await openPage(t, `/portal/${linkId}`)).body).toContain('href="https://alpenhof.example/info"');
    } finally {
      await setInfoUrl('https://alpenhof-salzburg.example/info');
    }
  });

  test('lists the doors of a checked-in guest’s key with the page', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { booking, roomId, linkId } = await newStay(t, admin, stay);
    t.clock.set(zonedInstant(today(t), '15:30', zone));
    await t.db.update(rooms).set({ housekeepingStatus: 'clean' }).where(eq(rooms.id, roomId));
    const checkedIn = await admin.post(`/api/bookings/${booking.id}/actions/check_in`);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const page = await openPage(t, `/portal/${linkId}`);
    const home = homeData(page.body);
    expect(home.metadata.hasAccessToken).toBe(true);
    expect(home.accessPoints).toEqual(
      (
        await new ApiClient(t.app).get('/api/portal/access_points', { headers: { 'link-id': linkId } })
      ).json(),
    );
    const room = home.accessPoints!.find((door) => door.isRoom)!;
    expect(page.body).toContain(`Zimmer ${room.name}</span>`);
    expect(page.body).toMatch(/<button[^>]*>Öffnen<\/button>/);
  });
});

describe('the plain page', () => {
  test('is what a link the guest may not open gets: the page itself shows why', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { booking, linkId } = await newStay(t, admin, stay);
    for (const path of ['/portal/unknown-link', '/portal/b%C3%A4d', `/portal/${'x'.repeat(300)}`]) {
      const page = await openPage(t, path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).toContain('Wird geladen');
      expect(page.body, path).not.toContain('id="portal-home"');
    }
    await t.db
      .update(bookingLinks)
      .set({ revokedAt: new Date() })
      .where(eq(bookingLinks.bookingId, booking.id));
    const revoked = await openPage(t, `/portal/${linkId}`);
    expect(revoked.body).toContain('Wird geladen');
    expect(revoked.body).not.toContain(booking.code);
  });

  test('is what the other screens get, which read what they show themselves', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { booking, linkId } = await newStay(t, admin, stay);
    for (const screen of ['check-in', 'invoices']) {
      const page = await openPage(t, `/portal/${linkId}/${screen}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Wird geladen');
      expect(page.body).not.toContain(booking.code);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });
});
