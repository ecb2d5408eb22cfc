// The desk in Chromium (issue 26): the built staff app served by the real server (its own process) with
// the benchmark hotel (300 rooms, about 6,000 bookings), on PGlite and on PostgreSQL, driven by
// playwright-core in Debian's Chromium at 1440 x 900. Each receptionist's action is timed from the
// click (or the navigation) to the screen usable (see desk-actions.ts), cold (a new browser context,
// its cache empty, the screen's first navigation) and warm (one context, the app loaded, the screen
// opened before, reached through the app's own navigation), over `runs` runs each (warm after two
// runs not counted). With HotelDruid (HOTELDRUID_DIR, its source, set up by hoteldruid.ts; or
// HOTELDRUID_URL, its room plan page in an installation of one's own) HotelDruid's first screen is
// timed the same way in the same Chromium, run by run between ours. The room plan's page comes with its first
// screen written by the server: cold, its first screen is that page's, and "the app takes over" is when
// the app's own plan replaced it (from the document's start). It builds nothing: `npm run build` first.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { addDays, todayIn } from '@pms/contract';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  bookings,
  items,
  paymentMethods,
  properties,
  taxRates,
} from '../../apps/server/src/db/schema/index.ts';
import {
  arrivalsTodayUrl,
  bill,
  bookingsList,
  byAct,
  byLoad,
  checkIn,
  createBooking,
  dashboard,
  navigateInApp,
  navigationLink,
  openBooking,
  pageTiming,
  roomPlan,
  searchGuest,
  timedLoad,
} from './desk-actions.ts';
import { chromiumArgs, chromiumPath } from '../../e2e/chromium.ts';
import { startHotelDruid } from './hoteldruid.ts';
import { loadedHotel, roomCount, signIn, startServer, withPostgres, type THotel } from './hotel.ts';
import { percentile } from './wire.ts';

const runs = Number(process.env.BENCH_DESK_RUNS ?? 10);
const warmUps = 2;
const webDist = path.resolve('apps/web/dist');
const viewport = { width: 1440, height: 900 };

const actions = [
  'room plan: first screen',
  'room plan: the app takes over',
  'room plan: last row after scroll',
  'open a booking from the plan',
  'create a booking',
  'check in',
  'post a charge',
  'take a payment',
  'create and issue an invoice',
  'cancel an invoice',
  'bookings list, arrivals today',
  'search a guest',
  'dashboard',
] as const;
type TAction = (typeof actions)[number] | 'HotelDruid room plan: first screen';
type TMode = 'cold' | 'warm';
/** Every timing, by database, mode and action. */
type TSamples = Map<string, number[]>;

const firstRoom = '1001';
const lastRoom = String(1000 + roomCount);

/** What the runs consume, prepared beforehand: today's arrivals to check in, stays to bill. */
type TFixtures = {
  arrivals: { id: string; code: string }[];
  billable: { id: string; code: string }[];
};

/**
 * What the front desk needs of the benchmark hotel besides rooms and bookings: an address and a
 * company for its invoices, a drink to post and a card to pay with (as the demo hotels have them).
 */
async function deskBaseData({ db }: Database, hotel: THotel): Promise<void> {
  const [demo] = await db.select().from(properties).where(eq(properties.slug, 'alpenhof-salzburg'));
  await db
    .update(properties)
    .set({
      address: demo!.address,
      company: { ...demo!.company, name: 'Benchmark Grand Hotel GmbH' },
      communication: demo!.communication,
      bank: demo!.bank,
      invoicePrefix: 'BG',
    })
    .where(eq(properties.id, hotel.propertyId));
  const [tax] = await db.select().from(taxRates).where(eq(taxRates.propertyId, hotel.propertyId));
  await db.insert(items).values({
    propertyId: hotel.propertyId,
    name: 'Getränke',
    type: 'food_and_beverage',
    taxRateId: tax!.id,
    amount: 450,
  });
  await db.insert(paymentMethods).values({
    propertyId: hotel.propertyId,
    name: 'Kreditkarte',
    kind: 'card',
    bookingText: 'Zahlung Kreditkarte',
  });
}

/** The API as the signed-in admin: a call that must succeed, answering JSON. */
function apiOf(base: string, headers: Record<string, string>) {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/**
 * Today's arrivals with a customer (loaded with the hotel) to check in, and stays far ahead, each in
 * its own room, billed to a customer with an address, to post on and invoice: enough for every run.
 */
async function prepareFixtures(
  base: string,
  headers: Record<string, string>,
  hotel: THotel,
  arrivals: TFixtures['arrivals'],
): Promise<TFixtures> {
  const api = apiOf(base, headers);
  const needed = 2 * runs + warmUps;
  if (arrivals.length < needed) throw new Error(`only ${arrivals.length} arrivals today, ${needed} needed`);
  const customer = await api<{ id: string }>('POST', '/api/contacts', {
    name: 'Rita Rechnung',
    address: { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' },
  });
  const checkInDay = addDays(todayIn('Europe/Vienna'), 200);
  const billable = [];
  for (let i = 0; i < needed; i++)
    billable.push(
      await api<{ id: string; code: string }>('POST', '/api/bookings', {
        roomId: hotel.roomIds[i],
        occupancy: 2,
        checkIn: checkInDay,
        checkOut: addDays(checkInDay, 2),
        customerId: customer.id,
      }),
    );
  return { arrivals: arrivals.slice(0, needed), billable };
}

/** A context for HotelDruid's pages, timed as ours. */
async function timedContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: pageTiming });
  return context;
}

/** A browser context signed in as the admin in the bench hotel, as the login form leaves it. */
async function signedInContext(
  browser: Browser,
  base: string,
  headers: Record<string, string>,
  session: Record<string, unknown>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport,
    locale: 'de-DE',
    timezoneId: 'Europe/Vienna',
  });
  await context.addInitScript({ content: pageTiming });
  await context.addCookies(
    headers.cookie!.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  // The stored session as the login form leaves it: a cold cache keeps the browser's storage.
  await context.addInitScript((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, JSON.stringify(value));
  }, session);
  return context;
}

/** Waits until the app shows its navigation: loaded and signed in. */
async function appLoaded(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
}

function record(samples: TSamples, database: string, mode: TMode, action: TAction, ms: number): void {
  const key = `${database}|${mode}|${action}`;
  samples.set(key, [...(samples.get(key) ?? []), ms]);
}

type TRun = {
  browser: Browser;
  base: string;
  headers: Record<string, string>;
  session: Record<string, unknown>;
  fixtures: TFixtures;
  /** Adds the run's timing of an action (not for the warm-ups). */
  add: (action: TAction, ms: number) => void;
};

/** One cold run: every screen's first navigation in a context of its own. */
async function coldRun(run: TRun, index: number): Promise<void> {
  const fresh = async <T>(work: (page: Page) => Promise<T>): Promise<T> => {
    const context = await signedInContext(run.browser, run.base, run.headers, run.session);
    try {
      return await work(await context.newPage());
    } finally {
      await context.close();
    }
  };
  await fresh(async (page) => {
    const plan = await roomPlan(page, byLoad(page, '/room-plan'), firstRoom, lastRoom);
    run.add('room plan: first screen', plan.firstScreen);
    if (plan.takeOver !== null) run.add('room plan: the app takes over', plan.takeOver);
    run.add('room plan: last row after scroll', plan.lastRow);
    run.add('open a booking from the plan', plan.openBooking);
  });
  await fresh(async (page) => {
    run.add('dashboard', await dashboard(page, byLoad(page, '/dashboard')));
  });
  await fresh(async (page) => {
    run.add('bookings list, arrivals today', await bookingsList(page, byLoad(page, arrivalsTodayUrl)));
  });
  await fresh(async (page) => {
    await page.goto('/bookings');
    await appLoaded(page);
    run.add('search a guest', await searchGuest(page, `Gast ${100 + index}`));
  });
  await fresh(async (page) => {
    await page.goto('/bookings');
    await appLoaded(page);
    const day = addDays(todayIn('Europe/Vienna'), 300 + 2 * index);
    run.add('create a booking', await createBooking(page, day, `Kalt ${index}`));
  });
  await fresh(async (page) => {
    const arrival = run.fixtures.arrivals.shift()!;
    await openBooking(page, `/bookings/${arrival.id}`, arrival.code, false);
    run.add('check in', await checkIn(page, arrival.code));
  });
  await fresh(async (page) => {
    const stay = run.fixtures.billable.shift()!;
    await openBooking(page, `/bookings/${stay.id}?tab=folios`, stay.code, false);
    addBill(run, await bill(page, `Kalt ${index}`));
  });
}

function addBill(run: TRun, times: Awaited<ReturnType<typeof bill>>): void {
  run.add('post a charge', times.charge);
  run.add('take a payment', times.payment);
  run.add('create and issue an invoice', times.invoice);
  run.add('cancel an invoice', times.cancel);
}

/** One warm run in the page of the app loaded before: each screen reached through the app. */
async function warmRun(run: TRun, page: Page, index: number): Promise<void> {
  // The list before the plan is drawn and its data in, so that the plan's figure is the plan's own.
  await bookingsList(
    page,
    byAct(page, () => navigationLink(page, 'Buchungen').click()),
  );
  const plan = await roomPlan(
    page,
    byAct(page, () => navigationLink(page, 'Zimmerplan').click()),
    firstRoom,
    lastRoom,
  );
  run.add('room plan: first screen', plan.firstScreen);
  run.add('room plan: last row after scroll', plan.lastRow);
  run.add('open a booking from the plan', plan.openBooking);
  run.add(
    'dashboard',
    await dashboard(
      page,
      byAct(page, () => navigationLink(page, 'Übersicht').click()),
    ),
  );
  run.add(
    'bookings list, arrivals today',
    await bookingsList(
      page,
      byAct(page, () => navigateInApp(page, arrivalsTodayUrl)),
    ),
  );
  run.add('search a guest', await searchGuest(page, `Gast ${200 + index}`));
  const day = addDays(todayIn('Europe/Vienna'), 330 + 2 * index);
  run.add('create a booking', await createBooking(page, day, `Warm ${index}`));
  const arrival = run.fixtures.arrivals.shift()!;
  await openBooking(page, `/bookings/${arrival.id}`, arrival.code, true);
  run.add('check in', await checkIn(page, arrival.code));
  const stay = run.fixtures.billable.shift()!;
  await openBooking(page, `/bookings/${stay.id}?tab=folios`, stay.code, true);
  addBill(run, await bill(page, `Warm ${index}`));
}

/** HotelDruid's room plan page until its table of rooms is drawn. */
function hotelDruidFirstScreen(page: Page, url: string): Promise<number> {
  const rows = process.env.HOTELDRUID_READY ?? 'table tr';
  return timedLoad(page, url, [{ css: rows, count: 21 }], () => page.locator(rows).nth(20).waitFor());
}

/** The hotel on one database: the server with the web app, the fixtures, and the cold and warm runs. */
async function deskOn(
  database: string,
  databaseUrl: string | undefined,
  samples: TSamples,
  druidUrl: string | undefined,
): Promise<void> {
  console.log(`\n${database}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-desk-'));
  let arrivals: TFixtures['arrivals'] = [];
  const hotel = await loadedHotel(databaseUrl, dataDir, 0, async (loaded, bench) => {
    await deskBaseData(loaded, bench);
    arrivals = await loaded.db
      .select({ id: bookings.id, code: bookings.code })
      .from(bookings)
      .where(
        and(
          eq(bookings.propertyId, bench.propertyId),
          eq(bookings.checkIn, todayIn('Europe/Vienna')),
          isNotNull(bookings.customerId),
        ),
      );
  });
  const server = await startServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    WEB_DIST: webDist,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const headers = await signIn(server.base, hotel.propertyId);
    const api = apiOf(server.base, headers);
    const user = await api<{ propertyId: string }>('GET', '/api/session');
    const { data: properties } = await api<{ data: { id: string }[] }>('GET', '/api/session/properties');
    const session = {
      user,
      properties,
      property: properties.find((property) => property.id === user.propertyId),
    };
    const fixtures = await prepareFixtures(server.base, headers, hotel, arrivals);
    const run = (mode: TMode, counted: boolean): TRun => ({
      browser,
      base: server.base,
      headers,
      session,
      fixtures,
      add: (action, ms) => counted && record(samples, database, mode, action, ms),
    });
    const warmContext = await signedInContext(browser, server.base, headers, session);
    const warmPage = await warmContext.newPage();
    await warmPage.goto('/bookings');
    await appLoaded(warmPage);
    const druidContext = druidUrl ? await timedContext(browser) : undefined;
    const druidPage = await druidContext?.newPage();
    for (let index = 0; index < warmUps; index++) {
      await warmRun(run('warm', false), warmPage, index);
      if (druidUrl) await hotelDruidFirstScreen(druidPage!, druidUrl);
    }
    for (let index = 0; index < runs; index++) {
      // Each cold run starts on an idle server, as the first does: the warm run before it issued and
      // cancelled an invoice, whose documents the server renders in the background meanwhile.
      await server.settled();
      await coldRun(run('cold', true), index);
      if (druidUrl) {
        const context = await timedContext(browser);
        const ms = await hotelDruidFirstScreen(await context.newPage(), druidUrl);
        record(samples, database, 'cold', 'HotelDruid room plan: first screen', ms);
        await context.close();
      }
      await warmRun(run('warm', true), warmPage, warmUps + index);
      if (druidUrl)
        record(
          samples,
          database,
          'warm',
          'HotelDruid room plan: first screen',
          await hotelDruidFirstScreen(druidPage!, druidUrl),
        );
      process.stdout.write(`  run ${index + 1} of ${runs} done\n`);
    }
    await druidContext?.close();
    await warmContext.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The issue's targets: the plan's first screen warm and cold, every other action's warm p95. */
function target(action: TAction, mode: TMode): { figure: 'median' | 'p95'; ms: number } | undefined {
  if (action === 'room plan: first screen') return { figure: 'median', ms: mode === 'warm' ? 200 : 400 };
  if (action.startsWith('room plan: ') || action.startsWith('HotelDruid')) return undefined;
  return mode === 'warm' ? { figure: 'p95', ms: 300 } : undefined;
}

function report(samples: TSamples, database: string): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const druid = [...samples.keys()].some((key) => key.endsWith('HotelDruid room plan: first screen'));
  const rows: TAction[] = [...actions, ...(druid ? ['HotelDruid room plan: first screen' as const] : [])];
  const figure = (values: number[] | undefined, p: number) =>
    values?.length
      ? percentile(
          [...values].sort((a, b) => a - b),
          p,
        ).toFixed(0)
      : '-';
  console.log(`\nDesk in Chromium, ${database}: milliseconds, median / p95 over ${runs} runs each`);
  console.log(`  ${pad('action', 38)}${pad('cold', 14)}${pad('warm', 14)}target`);
  for (const action of rows) {
    const cells = (['cold', 'warm'] as const).map((mode) => {
      const values = samples.get(`${database}|${mode}|${action}`);
      return `${figure(values, 50)} / ${figure(values, 95)}`;
    });
    const verdicts = (['warm', 'cold'] as const).flatMap((mode) => {
      const goal = target(action, mode);
      const values = samples.get(`${database}|${mode}|${action}`);
      if (!goal || !values?.length) return [];
      const measured = Number(figure(values, goal.figure === 'median' ? 50 : 95));
      return [`${mode} ${goal.figure} < ${goal.ms} ms ${measured < goal.ms ? 'met' : 'missed'}`];
    });
    if (druid && action === 'room plan: first screen')
      for (const mode of ['warm', 'cold'] as const) {
        const ours = Number(figure(samples.get(`${database}|${mode}|${action}`), 50));
        const theirs = Number(
          figure(samples.get(`${database}|${mode}|HotelDruid room plan: first screen`), 50),
        );
        verdicts.push(`${mode} ahead of HotelDruid ${ours < theirs ? 'met' : 'missed'}`);
      }
    console.log(`  ${pad(action, 38)}${pad(cells[0]!, 14)}${pad(cells[1]!, 14)}${verdicts.join(', ')}`);
  }
}

/** The desk benchmark on PGlite and on PostgreSQL (see the top of this file). */
export async function benchDesk(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(
      'apps/web/dist is missing: the desk benchmark serves the built app, run `npm run build` first',
    );
  const druidFolder = process.env.HOTELDRUID_DIR;
  const druid = druidFolder
    ? await startHotelDruid(druidFolder, Number(process.env.HOTELDRUID_PORT ?? 45080))
    : undefined;
  const druidUrl = druid?.planUrl ?? process.env.HOTELDRUID_URL;
  console.log(
    `\nThe desk in Chromium (${viewport.width} x ${viewport.height}), ${runs} cold and ${runs} warm runs (after ${warmUps} warm-ups)${druidUrl ? `, beside HotelDruid (${druidUrl})` : ''}`,
  );
  const samples: TSamples = new Map();
  try {
    // Each database's table as soon as its runs are done.
    await deskOn('PGlite', undefined, samples, druidUrl);
    report(samples, 'PGlite');
    if (process.env.BENCH_DESK_POSTGRES === 'false') return;
    await withPostgres(async (newDatabase) => deskOn('PostgreSQL', await newDatabase(), samples, druidUrl));
    report(samples, 'PostgreSQL');
  } finally {
    await druid?.stop();
  }
}
