// The guest portal's home in Lighthouse, as a phone sees it: the built web app served by the real
// server (its own process, the demo data seeded), opened through a booking link in Debian's Chromium
// with Lighthouse's mobile defaults (form factor, screen, simulated slow 4G and CPU slowdown).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { addDays, todayIn } from '@pms/contract';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { bookingLinks, bookings, properties } from '../../apps/server/src/db/schema/index.ts';
import { seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { startServer } from './hotel.ts';

/** The targets of issue 10: a performance score of 95 or more, the largest paint within 1.5 s. */
export const lighthouseTargets = { score: 95, lcpMs: 1500 };

/** The headless flags of the browser tests (e2e/playwright.config.ts), for the same Chromium. */
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type TLighthouseFigures = { score: number; lcpMs: number; reportFile: string };

/** A link of an upcoming arrival at the Austrian demo property, so the home shows its usual cards. */
async function seededPortalLink(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database.db);
    await seedDemoData(database.db);
    const { db } = database;
    const [property] = await db
      .select({ id: properties.id, timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.name, 'Alpenhof Salzburg'));
    if (!property) throw new Error('the demo data has no Alpenhof Salzburg');
    const [link] = await db
      .select({ id: bookingLinks.id })
      .from(bookingLinks)
      .innerJoin(bookings, eq(bookings.id, bookingLinks.bookingId))
      .where(
        and(
          eq(bookings.propertyId, property.id),
          eq(bookings.status, 'confirmed'),
          gt(bookings.checkIn, todayIn(property.timeZone)),
          gt(bookings.checkOut, addDays(todayIn(property.timeZone), 1)),
          isNull(bookingLinks.revokedAt),
        ),
      )
      .orderBy(asc(bookings.checkIn), asc(bookings.code))
      .limit(1);
    if (!link) throw new Error('the demo data has no upcoming arrival with a link');
    return link.id;
  } finally {
    await database.close();
  }
}

/**
 * Runs Lighthouse's performance category once on the portal home (the web app must be built in
 * apps/web/dist) and returns the score (0-100), the largest contentful paint and the saved report.
 */
export async function portalLighthouse(): Promise<TLighthouseFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-lighthouse-'));
  const linkId = await seededPortalLink(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, WEB_DIST: path.resolve('apps/web/dist') });
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags });
  try {
    const url = `${server.base}/portal/${linkId}`;
    // A few visits warm the server (its first answers compile code paths and prepare statements), as
    // a running hotel's server is warm; Lighthouse's own run starts with an empty browser cache.
    const html = await (await fetch(url)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    for (let round = 0; round < 3; round++)
      await Promise.all([
        ...assets.map((asset) => fetch(`${server.base}${asset}`).then((r) => r.arrayBuffer())),
        ...['property', 'booking', 'booking_metadata', 'settings/general'].map((call) =>
          fetch(`${server.base}/api/portal/${call}`, { headers: { 'link-id': linkId } }).then((r) =>
            r.arrayBuffer(),
          ),
        ),
      ]);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const reportFile = path.join(tmpdir(), 'pms-portal-lighthouse.json');
    writeFileSync(reportFile, JSON.stringify(lhr, null, 1));
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      reportFile,
    };
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
