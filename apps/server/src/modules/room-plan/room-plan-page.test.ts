// The room plan's page as the server writes it (http/staff-page.ts) with the web app's builds: the
// first screen on the page, its styles, the policy; and the plain page for whoever may not see the
// plan. The web app must be built first (`npm run build -w apps/web`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, vi } from 'vitest';
import { addDays, todayIn, ZContact, ZCreatedApiKey, type TRoomPlan } from '@pms/contract';
import {
  anonymous,
  bearer,
  createStayFixture,
  demo,
  login,
  parsed,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const zone = 'Europe/Vienna';

/** The application serving the built web app, signed in as the admin in the Austrian property. */
const test = apiTest
  .override('env', { WEB_DIST: webDist })
  .extend('built', { scope: 'file', auto: true }, async () => {
    const hasRenderer = await import('@pms/web/ssr').then(
      () => true,
      () => false,
    );
    if (!existsSync(`${webDist}/index.html`) || !hasRenderer)
      throw new Error('the web app is not built: run `npm run build -w apps/web` first');
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

/** The page's Content-Security-Policy as directive name to its values. */
function policy(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The plan as the API answers it for the days from `from` to `to`. */
async function apiPlan(client: ApiClient, from: string, to: string): Promise<TRoomPlan> {
  const answer = await client.get('/api/room_plan', { query: { from, to } });
  expect(answer.statusCode).toBe(200);
  return answer.json<TRoomPlan>();
}

/** The days written in the plan's head (their long names), in their order. */
function writtenDays(html: string): string[] {
  return [...html.matchAll(/role="columnheader" aria-label="([^"]+)"/g)].map((match) => match[1]!);
}

/** The first day as the toolbar's field shows it. */
function writtenFirstDay(html: string): string | undefined {
  return /aria-label="(?:Erster Tag|First day)" value="([^"]*)"/.exec(html)?.[1];
}

const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** The room numbers of the plan's rows written on the page, in their order. */
function writtenRows(html: string): string[] {
  return [...html.matchAll(/role="rowheader"[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]!);
}

const today = (t: TTestApp) => todayIn(zone, t.clock.now());

/** The first written room's number and its row's title (its type and housekeeping state). */
const firstRow = (html: string) => /role="rowheader" aria-label="([^"]+)" title="([^"]+)"/.exec(html)!;

/** Sets the housekeeping state of the room numbered `number` to the other one; answers the new state. */
async function toggleHousekeeping(client: ApiClient, t: TTestApp, number: string): Promise<string> {
  const plan = await apiPlan(client, addDays(today(t), -1), addDays(today(t), 28));
  const room = plan.rooms.find((candidate) => candidate.number === number)!;
  const changed = room.housekeepingStatus === 'dirty' ? 'clean' : 'dirty';
  const patched = await client.patch(`/api/housekeeping/rooms/${room.id}`, { housekeepingStatus: changed });
  expect(patched.statusCode, patched.body).toBe(200);
  return changed;
}

describe('the room plan’s page', () => {
  test('comes with the first screen of the API’s plan, its styles inside, and a policy for them alone', async ({
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
    // The plain page's scripts: the first script runs the app's, which is only fetched, once the written
    // screen is shown; no script is compiled before that (a preload, not a module preload).
    const scripts = (body: string) =>
      [...body.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    const plain = await openPage(anonymous(t.app), '/room-plan');
    const [early, app] = scripts(plain.body);
    expect(scripts(html)).toEqual([early]);
    expect(html).toContain(`<link rel="preload" as="script" crossorigin href="${app}" id="app-script">`);
    expect(plain.body).toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<link rel="modulepreload"');

    // Yesterday and 30 days, as the app asks; the first rows of the API's plan in its order (between
    // the rows of their types' unassigned stays), as far as the screen goes.
    expect(writtenFirstDay(html)).toBe(germanDate(addDays(today(t), -1)));
    expect(writtenDays(html)).toHaveLength(30);
    const plan = await apiPlan(admin, addDays(today(t), -1), addDays(today(t), 28));
    const numbers = new Set(plan.rooms.map((room) => room.number));
    const rows = writtenRows(html).filter((label) => numbers.has(label));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.join(' ')).toBe(
      plan.rooms
        .slice(0, rows.length)
        .map((room) => room.number)
        .join(' '),
    );
    const shown = plan.rooms.slice(0, rows.length).flatMap((room) => room.bookings);
    expect(shown.length).toBeGreaterThan(0);
    for (const booking of shown)
      expect(html.includes(`aria-label="${booking.code} `), booking.code).toBe(true);

    // The styles in the page, allowed by the answer's nonce alone; the bars' style attributes.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const directives = policy(page.headers['content-security-policy']);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    const nonces = directives.get('style-src')!.filter((value) => value.startsWith("'nonce-"));
    expect(nonces).toHaveLength(1);
    const styles = [...html.matchAll(/<style([^>]*)>/g)].map((match) => match[1]);
    expect(styles.length).toBeGreaterThanOrEqual(1);
    for (const attributes of styles) expect(attributes).toBe(` nonce="${nonces[0]!.slice(7, -1)}"`);
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
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
      expect(writtenDays(english.body)).toHaveLength(14);
      expect(writtenDays(english.body)[0]).toMatch(
        new RegExp(`\\b${Number(from.slice(8, 10))}\\b.* ${from.slice(0, 4)}$`),
      );
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
      expect(writtenFirstDay(page.body), path).toBe(germanDate(addDays(today(t), -1)));
      expect(writtenDays(page.body), path).toHaveLength(30);
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

  test('is kept only until the property’s data changes, and for each user on their own', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const first = await openPage(admin, '/room-plan');
    const [, number, title] = firstRow(first.body);
    expect(title).toMatch(/ · /);
    const again = await openPage(admin, '/room-plan');
    const screen = (html: string) => /<div id="first-screen".*<div id="root">/s.exec(html)![0];
    expect(screen(again.body)).toBe(screen(first.body));

    // A change in the property (its room's housekeeping state) is on the next page.
    const changed = await toggleHousekeeping(admin, t, number!);
    const after = firstRow((await openPage(admin, '/room-plan')).body);
    expect(after[1]).toBe(number);
    expect(after[2]).not.toBe(title);
    expect(after[2]).toMatch(changed === 'dirty' ? /Schmutzig/ : /Sauber/);

    // Another user of the property, on the same data, sees the plan with what their role may open: the
    // admin's sidebar has the API keys, the staff's not.
    const staff = await login(t.app, demo.users.staff);
    await switchProperty(staff, ids[demo.austria]!);
    const staffPage = await openPage(staff, '/room-plan');
    expect(firstRow(staffPage.body)[1]).toBe(number);
    expect(staffPage.body).not.toContain('API-Schlüssel');
    expect((await openPage(admin, '/room-plan')).body).toContain('API-Schlüssel');
  });

  test('is written again in the background after a change, so that the next page is ready', async ({
    demoApp: { t, client: admin },
  }) => {
    const pages = t.app.staffPages!;
    const [, number] = firstRow((await openPage(admin, '/room-plan')).body);
    const rendered = pages.stats.rendered;
    await openPage(admin, '/room-plan');
    expect(pages.stats.rendered).toBe(rendered);

    // Changes in quick succession: the screen is written again once they pause, and the next page is
    // that screen, with the last of them.
    await toggleHousekeeping(admin, t, number!);
    const changed = await toggleHousekeeping(admin, t, number!);
    // A request waits until this instance knows every change committed before it (PostgreSQL announces
    // them shortly after the commit): the last change's background write is then pending at least.
    expect((await admin.get('/api/session')).statusCode).toBe(200);
    await vi.waitFor(
      () => {
        expect(pages.stats.rendered).toBeGreaterThan(rendered);
        expect(pages.isRewriting).toBe(false);
      },
      { timeout: 10_000 },
    );
    const written = pages.stats.rendered;
    const after = await openPage(admin, '/room-plan');
    expect(pages.stats.rendered).toBe(written);
    expect(firstRow(after.body)[2]).toMatch(changed === 'dirty' ? /Schmutzig/ : /Sauber/);
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
    const admin = await login(t.app, demo.users.admin);
    const [otherName, otherId] = Object.entries(ids).find(([name]) => name !== demo.austria)!;
    await switchProperty(admin, otherId);
    const page = await openPage(admin, '/room-plan');
    expect(page.body).toContain(otherName);
    const zoneOf = (await admin.get('/api/session/properties')).json<{
      data: { id: string; timeZone: string }[];
    }>();
    const otherToday = todayIn(zoneOf.data.find(({ id }) => id === otherId)!.timeZone, t.clock.now());
    const plan = await apiPlan(admin, addDays(otherToday, -1), addDays(otherToday, 28));
    const numbers = new Set(plan.rooms.map((room) => room.number));
    const rows = writtenRows(page.body).filter((label) => numbers.has(label));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(plan.rooms.slice(0, rows.length).map((room) => room.number));
  });
});
