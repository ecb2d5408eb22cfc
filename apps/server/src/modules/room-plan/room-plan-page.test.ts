// The room plan's page as the server writes it (http/staff-page.ts) with the web app's builds: the
// first screen on the page, the plan's answer for the app, the policy; and the plain page for whoever
// may not see the plan. The web app must be built first (`npm run build -w apps/web`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { addDays, todayIn, ZContact, ZCreatedApiKey, type TRoomPlan } from '@pms/contract';
import {
  anonymous,
  bearer,
  buildTestApp,
  createStayFixture,
  demo,
  login,
  parsed,
  propertyIds,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const zone = 'Europe/Vienna';

/** The application serving the built web app, signed in as the admin in the Austrian property. */
const test = apiTest.override('demoApp', { scope: 'file' }, async ({}, { onCleanup }) => {
  const hasRenderer = await import('@pms/web/ssr').then(
    () => true,
    () => false,
  );
  if (!existsSync(`${webDist}/index.html`) || !hasRenderer)
    throw new Error('the web app is not built: run `npm run build -w apps/web` first');
  const t = await buildTestApp({ WEB_DIST: webDist });
  onCleanup(() => t.close());
  const client = await login(t.app, demo.users.admin);
  const ids = await propertyIds(client);
  await switchProperty(client, ids[demo.austria]!);
  return { t, client, ids };
});

/**
 * The page at `path` as `client` (with its cookies and key) opens it, with further headers and the
 * plan's size the browser keeps (`1400x300`).
 */
function openPage(
  client: ApiClient,
  path: string,
  { headers = {}, viewport }: { headers?: Record<string, string>; viewport?: string } = {},
) {
  const caller = viewport === undefined ? client : client.withCookie('plan_viewport', viewport);
  return caller.get(path, { headers: { accept: 'text/html', ...headers } });
}

/** The plan's answer as the page carries it, and the range it names. */
function writtenPlan(html: string): { from: string; to: string; plan: TRoomPlan; text: string } {
  const match =
    /<script type="application\/json" id="first-screen-data" data-from="([\d-]+)" data-to="([\d-]+)">([^<]*)<\/script>/.exec(
      html,
    );
  expect(match, 'the page carries the plan').not.toBeNull();
  return { from: match![1]!, to: match![2]!, plan: JSON.parse(match![3]!) as TRoomPlan, text: match![3]! };
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

/** The room numbers of the plan's rows written on the page, in their order. */
function writtenRows(html: string): string[] {
  return [...html.matchAll(/role="rowheader"[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]!);
}

const today = (t: TTestApp) => todayIn(zone, t.clock.now());

describe('the room plan’s page', () => {
  test('comes with the first screen, the plan’s answer as the API sends it, and a policy for them alone', async ({
    demoApp: { t, client: admin },
  }) => {
    const page = await openPage(admin, '/room-plan', { headers: { 'accept-language': 'de-AT' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toContain('<html lang="de">');
    expect(html).toMatch(/<div id="first-screen"[^>]*>.*<\/div><div id="root"><\/div>/s);
    expect(html).toContain('aria-label="Zimmerplan"');
    expect(html).toContain('Alpenhof Salzburg');
    // The app's scripts are the plain page's: the app takes the written screen over.
    const scripts = (body: string) =>
      [...body.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    const plain = await openPage(anonymous(t.app), '/room-plan');
    expect(scripts(html)).toEqual(scripts(plain.body));

    // Yesterday and 30 days, as the app asks; the same answer as the API's, to the byte.
    const written = writtenPlan(html);
    expect(written.from).toBe(addDays(today(t), -1));
    expect(written.to).toBe(addDays(today(t), 28));
    const api = await admin.get('/api/room_plan', { query: { from: written.from, to: written.to } });
    expect(api.statusCode).toBe(200);
    expect(written.text).toBe(api.body.replace(/</g, '\\u003c'));
    // The first rows of the plan are on the page: the rooms in the plan's order (between the rows of
    // their types' unassigned stays), as far as the screen goes.
    const numbers = new Set(written.plan.rooms.map((room) => room.number));
    const rows = writtenRows(html).filter((label) => numbers.has(label));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.join(' ')).toBe(
      written.plan.rooms
        .slice(0, rows.length)
        .map((room) => room.number)
        .join(' '),
    );
    const booking = written.plan.rooms.flatMap((room) => room.bookings)[0]!;
    expect(html).toContain(booking.displayName);

    const directives = policy(page.headers['content-security-policy']);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(html).not.toMatch(/<style/);
  });

  test('shows the days the address asks for, in the user’s language, else in the browser’s', async ({
    demoApp: { t, client: admin },
  }) => {
    const setLanguage = async (language: string | null) =>
      expect((await admin.patch('/api/session/profile', { language })).statusCode).toBe(200);
    const from = addDays(today(t), 3);
    const lang = (html: string) => /<html lang="(\w+)">/.exec(html)?.[1];
    try {
      await setLanguage('en');
      const english = await openPage(admin, `/room-plan?from=${from}&days=14`, {
        headers: { 'accept-language': 'de-AT' },
      });
      expect(english.statusCode).toBe(200);
      expect(lang(english.body)).toBe('en');
      expect(english.body.includes('aria-label="Room plan"')).toBe(true);
      const written = writtenPlan(english.body);
      expect([written.from, written.to]).toEqual([from, addDays(from, 13)]);
      await setLanguage(null);
      const browser = (language: string) =>
        openPage(admin, '/room-plan', { headers: { 'accept-language': language } });
      expect(lang((await browser('en-GB,en;q=0.9')).body)).toBe('en');
      expect(lang((await browser('fr-FR')).body)).toBe('de');
    } finally {
      await setLanguage('de');
    }

    // Nonsense in the address or the cookie: the default period and size, never an error.
    for (const path of ['/room-plan?from=2026-13-45&days=999', '/room-plan?from=%3Cscript%3E&days=-1']) {
      const page = await openPage(admin, path, { viewport: '99999x-1' });
      expect(page.statusCode, path).toBe(200);
      expect(writtenPlan(page.body).from, path).toBe(addDays(today(t), -1));
    }
  });

  test('draws as many rows as the browser’s plan has room for', async ({ demoApp: { client: admin } }) => {
    const rowsAt = async (viewport: string) =>
      writtenRows((await openPage(admin, '/room-plan', { viewport })).body).length;
    const low = await rowsAt('1200x200');
    const high = await rowsAt('1200x1600');
    expect(low).toBeGreaterThan(0);
    expect(high).toBeGreaterThan(low + 20);
  });

  test('writes names as text: nothing a guest is called opens an element or ends the data', async ({
    demoApp: { t, client: admin },
  }) => {
    const name = '</script><script>alert(1)</script><!-- <b>Ω</b> $& $1';
    const stay = await createStayFixture(admin, {
      roomType: { name: 'Aaa Planzimmer', code: 'AP' },
      rooms: '601-602',
      rate: { name: 'Planrate', code: 'PL' },
      prices: [10000, 12000],
    });
    const customer = await admin.post('/api/contacts', { name, isDebtor: true });
    expect(customer.statusCode, customer.body).toBe(201);
    const created = await admin.post('/api/bookings', {
      occupancy: 1,
      rateId: stay.rateId,
      roomTypeId: stay.roomTypeId,
      roomId: stay.roomIds['601'],
      checkIn: today(t),
      checkOut: addDays(today(t), 2),
      customerId: parsed(customer, ZContact).id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = await openPage(admin, '/room-plan', { viewport: '1400x9000' });
    expect(page.statusCode).toBe(200);
    expect(writtenRows(page.body)).toContain('601');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<b>Ω');
    expect(page.body).toContain('&lt;/script>&lt;script>alert(1)&lt;/script>');
    const bookings = writtenPlan(page.body).plan.rooms.flatMap((room) => room.bookings);
    expect(bookings.map((booking) => booking.displayName)).toContain(name);
  });
});

describe('the plain page', () => {
  test('is what a caller gets who may not see the plan: the app shows the login or the refusal', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const cleaning = await login(t.app, demo.users.cleaning);
    await switchProperty(cleaning, ids[demo.austria]!);
    const key = parsed(
      await admin.post('/api/api_keys', { name: 'Plan page', roleId: 'admin' }),
      ZCreatedApiKey,
    );
    const callers: [string, ApiClient][] = [
      ['no session', anonymous(t.app)],
      ['a role without the plan', cleaning],
      ['an API key', bearer(t.app, key.secret)],
    ];
    for (const [who, caller] of callers) {
      const page = await openPage(caller, '/room-plan');
      expect(page.statusCode, who).toBe(200);
      expect(page.headers['cache-control'], who).toBe('no-cache');
      expect(page.body, who).not.toContain('first-screen');
      expect(page.body, who).not.toContain('Alpenhof Salzburg');
    }
    // A session that ended is no session.
    const ended = await login(t.app, demo.users.staff);
    await switchProperty(ended, ids[demo.austria]!);
    const replay = ended.clone();
    expect((await ended.post('/api/session/logout')).statusCode).toBe(204);
    expect((await openPage(replay, '/room-plan')).body).not.toContain('first-screen');
    // Other screens are never written.
    const bookings = await openPage(admin, '/bookings');
    expect(bookings.body).not.toContain('first-screen');
  });

  test('shows only the property the session works in', async ({ demoApp: { t, ids } }) => {
    const manager = await login(t.app, demo.users.admin);
    const other = Object.entries(ids).find(([name]) => name !== demo.austria)!;
    await switchProperty(manager, other[1]);
    const page = await openPage(manager, '/room-plan');
    expect(page.body).toContain(other[0]);
    const api = await manager.get('/api/room_plan', {
      query: { from: writtenPlan(page.body).from, to: writtenPlan(page.body).to },
    });
    expect(writtenPlan(page.body).text).toBe(api.body.replace(/</g, '\\u003c'));
  });
});
