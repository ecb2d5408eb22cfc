// The invoice benchmarks on one database, served by the real server in its own process:
// - issue latency (p50/p95) of POST /api/invoices, and until the invoice's PDF/A-3 can be downloaded
//   (the render job included);
// - 1,000 invoices issued one after the other, and 50 at once (their numbers must be consecutive);
// - the DATEV export of this month, with 3,000 invoices issued in it.
import { and, count, eq, sql } from 'drizzle-orm';
import { addDays } from '@pms/contract';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import {
  charges,
  contacts,
  folios,
  invoices,
  paymentMethods,
  payments,
  properties,
} from '../../apps/server/src/db/schema/index.ts';
import { seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { signIn, startServer } from './hotel.ts';
import { latencyFigures } from './wire.ts';

const latencySamples = 100;
const sequential = 1_000;
const parallel = 50;
/** Invoices issued this month before the export: the ones above, the demo's, and more up to this. */
const monthInvoices = 3_000;

/**
 * `count` paid folios of the property, each billed to its own customer with a complete address: a
 * night at 10 % and a drink at 20 %, paid in cash, all on `day`.
 */
async function paidFolios(databaseUrl: string | undefined, dataDir: string, count: number, day: string) {
  const { db, close } = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const [property] = await db.select().from(properties).where(eq(properties.slug, 'alpenhof-salzburg'));
  const propertyId = property!.id;
  const [cash] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.propertyId, propertyId), eq(paymentMethods.kind, 'cash')));
  const ids: string[] = [];
  for (let start = 0; start < count; start += 250) {
    const size = Math.min(250, count - start);
    const people = await db
      .insert(contacts)
      .values(
        Array.from({ length: size }, (_, i) => ({
          propertyId,
          type: 'person' as const,
          name: `Rechnungsgast ${day} ${start + i}`,
          address: { line1: 'Getreidegasse 1', postalCode: '5020', city: 'Salzburg', country: 'at' as const },
        })),
      )
      .returning({ id: contacts.id });
    const rows = await db
      .insert(folios)
      .values(people.map((person) => ({ propertyId, customerId: person.id })))
      .returning({ id: folios.id });
    const lines = [
      {
        text: 'Übernachtung',
        grossAmount: 12_000,
        netAmount: 10_909,
        taxAmount: 1_091,
        taxBasisPoints: 1000,
      },
      { text: 'Getränke', grossAmount: 900, netAmount: 750, taxAmount: 150, taxBasisPoints: 2000 },
    ];
    await db
      .insert(charges)
      .values(
        rows.flatMap((folio) =>
          lines.map((line) => ({ ...line, propertyId, folioId: folio.id, quantity: 1, bookedOn: day })),
        ),
      );
    await db.insert(payments).values(
      rows.map((folio) => ({
        propertyId,
        folioId: folio.id,
        paymentMethodId: cash!.id,
        amount: 12_900,
        paidOn: day,
      })),
    );
    ids.push(...rows.map((row) => row.id));
  }
  await close();
  return { propertyId, folioIds: ids };
}

/** How many invoices and cancellation invoices of the property were issued in the month (`YYYY-MM-`). */
async function countIssued(
  databaseUrl: string | undefined,
  dataDir: string,
  propertyId: string,
  month: string,
) {
  const { db, close } = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.propertyId, propertyId),
        sql`to_char(${invoices.issuedAt} at time zone 'Europe/Vienna', 'YYYY-MM-') = ${month}`,
      ),
    );
  await close();
  return row?.n ?? 0;
}

async function issue(base: string, headers: Record<string, string>, folioId: string) {
  const response = await fetch(`${base}/api/invoices`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ folioId }),
  });
  if (response.status !== 201)
    throw new Error(`issuing answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string; number: string };
}

/** Waits until the invoice's PDF downloads (its render job has run). */
async function pdfReady(base: string, headers: Record<string, string>, id: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${base}/api/invoices/${id}/pdf`, { headers });
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (response.status !== 409) throw new Error(`the pdf answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The invoice figures on one database (a PostgreSQL url, or PGlite in `dataDir`). */
export async function benchInvoices(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  console.log(`\nInvoices on ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}`);
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await migrate(database.db);
  await seedDemoData(database.db);
  await database.close();
  const today = new Date().toISOString().slice(0, 10);
  const sample = await paidFolios(databaseUrl, dataDir, 2 * latencySamples + 1, today);
  const bulk = await paidFolios(databaseUrl, dataDir, sequential + parallel, today);
  const month = await paidFolios(
    databaseUrl,
    dataDir,
    monthInvoices - 2 * latencySamples - 1 - sequential - parallel,
    today,
  );
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir });
  try {
    const headers = await signIn(server.base, sample.propertyId);
    // The render job of the demo invoices runs first; these measurements start on an idle runner.
    const warm = await issue(server.base, headers, sample.folioIds[2 * latencySamples]!);
    await pdfReady(server.base, headers, warm.id);

    const issueTimes: number[] = [];
    const withPdfTimes: number[] = [];
    for (let i = 0; i < latencySamples; i++) {
      let started = performance.now();
      await issue(server.base, headers, sample.folioIds[i]!);
      issueTimes.push(performance.now() - started);
      started = performance.now();
      const invoice = await issue(server.base, headers, sample.folioIds[latencySamples + i]!);
      await pdfReady(server.base, headers, invoice.id);
      withPdfTimes.push(performance.now() - started);
    }
    console.log(`  issue latency over ${latencySamples} invoices: ${latencyFigures(issueTimes)}`);
    console.log(`  issue latency until the PDF/A-3 downloads: ${latencyFigures(withPdfTimes)}`);

    let started = performance.now();
    for (const folioId of bulk.folioIds.slice(0, sequential)) await issue(server.base, headers, folioId);
    let seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${sequential} invoices issued in sequence: ${seconds.toFixed(1)} s = ${(sequential / seconds).toFixed(0)} per second (their PDFs rendered meanwhile)`,
    );
    started = performance.now();
    const together = await Promise.all(
      bulk.folioIds.slice(sequential).map((folioId) => issue(server.base, headers, folioId)),
    );
    seconds = (performance.now() - started) / 1000;
    const numbers = together
      .map((invoice) => Number(invoice.number.replace(/^\D+-?/, '')))
      .sort((a, b) => a - b);
    const isConsecutive = numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
    console.log(
      `  ${parallel} invoices issued at once: ${seconds.toFixed(2)} s, numbers ${numbers[0]} to ${numbers.at(-1)}, ${isConsecutive ? 'consecutive' : 'NOT consecutive'}`,
    );

    for (const folioId of month.folioIds) await issue(server.base, headers, folioId);
    const issuedThisMonth = await countIssued(databaseUrl, dataDir, sample.propertyId, today.slice(0, 8));
    started = performance.now();
    const query = new URLSearchParams({
      from: `${today.slice(0, 8)}01`,
      to: addDays(`${addDays(`${today.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1),
      format: 'datev',
    });
    const exported = await fetch(`${server.base}/api/reports/accounting?${query.toString()}`, { headers });
    const bytes = (await exported.arrayBuffer()).byteLength;
    if (exported.status !== 200) throw new Error(`the DATEV export answered ${exported.status}`);
    seconds = (performance.now() - started) / 1000;
    console.log(
      `  DATEV export of this month with ${issuedThisMonth} invoices: ${seconds.toFixed(2)} s, ${(bytes / 1024).toFixed(0)} KiB`,
    );
  } finally {
    await server.stop();
  }
}
