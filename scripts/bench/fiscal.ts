// The fiscal benchmarks on PGlite with the demo data, through the application's own context (buildApp
// in this process, not listening, no job runner):
// - signing latency, p50/p95 over 1,000 receipts in sequence on the demo's registers "Rezeption": end
//   to end as a desk payment signs (a transaction, the register's row locked, signReceipt), and the
//   simulator's signing alone, for the Austrian RKSV and the German TSE;
// - the DEP export of a year with 50,000 receipts on one Austrian register (dep-export-client.ts, a
//   process of its own): seconds, MB, peak RSS growth, and the project's verifier over what it wrote.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { localDateTimeIn, todayIn, zonedInstant } from '@pms/contract';
import { systemActor } from '../../apps/server/src/actor.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { SettableClock } from '../../apps/server/src/clock.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { cashRegisters, fiscalReceipts, properties } from '../../apps/server/src/db/schema/index.ts';
import { seededRandom } from '../../apps/server/src/demo/seed-front-office.ts';
import type { TRksvChainState } from '../../apps/server/src/integrations/fiscal/fiscal-types.ts';
import { bucketAmountsOf } from '../../apps/server/src/integrations/fiscal/rksv/buckets.ts';
import { rksvSimulator } from '../../apps/server/src/integrations/fiscal/rksv/simulator.ts';
import { tseSimulator } from '../../apps/server/src/integrations/fiscal/tse/simulator.ts';
import {
  amountsPerPaymentType,
  amountsPerVatRate,
} from '../../apps/server/src/integrations/fiscal/tse/vat-rates.ts';
import {
  createCashRegister,
  lockCashRegister,
} from '../../apps/server/src/modules/cash/cash-registers.service.ts';
import { openCredentials } from '../../apps/server/src/modules/cash/fiscal-adapters.ts';
import {
  signReceipt,
  type TReceiptInput,
  type TReceiptTax,
} from '../../apps/server/src/modules/cash/fiscal-signing.ts';
import type { TDepExportFigures, TDepExportInput } from './dep-export-client.ts';
import { latencyFigures } from './wire.ts';

const receipts = 1_000;
/** Receipts signed before the timed ones: the first ones compile the path and sign the closing receipts due. */
const warmUp = 20;
const yearReceipts = 50_000;
const batchSize = 1_000;

/**
 * The application's context on the PGlite database in `dataDir`, prepared as a server start prepares
 * it (migrations, the demo data on an empty database, statistics), with its secret key file there too.
 */
export async function openApp(dataDir: string, clock = new SettableClock()) {
  const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', FISCAL_SIMULATOR: 'true' });
  const database = await openDatabase({ dataDir });
  await prepareDatabase(database, config);
  const app = await buildApp({ config, database, logger: false, clock });
  return {
    ctx: app.context,
    /** Runs the jobs that are due (documents to render), as the runner would; how many ran. */
    runJobs: () => app.jobRunner.runDue(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type TDemoRegister = { id: string; propertyId: string; timeZone: string };

/** The demo's register "Rezeption" of the property in that country. */
async function demoRegister(ctx: AppContext, country: 'AT' | 'DE'): Promise<TDemoRegister> {
  const [register] = await ctx.db
    .select({ id: cashRegisters.id, propertyId: cashRegisters.propertyId, timeZone: properties.timeZone })
    .from(cashRegisters)
    .innerJoin(properties, eq(properties.id, cashRegisters.propertyId))
    .where(and(eq(cashRegisters.name, 'Rezeption'), eq(cashRegisters.country, country)));
  if (!register) throw new Error(`the demo data has no register "Rezeption" in ${country}`);
  return register;
}

/** A night and drinks, at the country's rates for them. */
function deskTaxes(country: 'AT' | 'DE'): TReceiptTax[] {
  return country === 'AT'
    ? [
        { taxPercentage: 10, grossAmount: 12_000 },
        { taxPercentage: 20, grossAmount: 900 },
      ]
    : [
        { taxPercentage: 7, grossAmount: 12_000 },
        { taxPercentage: 19, grossAmount: 900 },
      ];
}

function deskReceipt(country: 'AT' | 'DE'): TReceiptInput {
  const taxes = deskTaxes(country);
  return {
    kind: 'standard',
    taxes,
    lines: taxes.map((tax) => ({
      text: tax.taxPercentage < 15 ? 'Übernachtung' : 'Getränke',
      quantity: 1,
      ...tax,
    })),
    paymentMethodName: 'Bar',
    isCash: true,
    createdBy: null,
  };
}

/** Milliseconds per receipt signed as a desk payment signs it: its own transaction, the row locked. */
async function signAtDesk(ctx: AppContext, register: TDemoRegister, country: 'AT' | 'DE') {
  const times: number[] = [];
  for (let i = 0; i < warmUp + receipts; i++) {
    const started = performance.now();
    await ctx.db.transaction(async (tx) => {
      const row = await lockCashRegister(tx, register.propertyId, register.id);
      await signReceipt(ctx, tx, row, deskReceipt(country));
    });
    if (i >= warmUp) times.push(performance.now() - started);
  }
  return times;
}

/** Milliseconds per receipt in the RKSV simulator alone, chained from the register's state. */
async function signRksvAlone(ctx: AppContext, register: TDemoRegister) {
  const row = await lockCashRegister(ctx.db, register.propertyId, register.id);
  const credentials = openCredentials(ctx, row);
  if (credentials?.kind !== 'rksv-simulator') throw new Error('the Austrian register has no simulator keys');
  const signer = rksvSimulator(credentials);
  let state: TRksvChainState = { previousJws: row.lastJws, turnoverCents: row.turnoverCents };
  const times: number[] = [];
  for (let i = 0; i < warmUp + receipts; i++) {
    const now = new Date();
    const request = {
      cashBoxId: row.cashBoxId,
      receiptNumber: String(row.receiptCount + i + 1),
      issuedAt: localDateTimeIn(register.timeZone, now),
      type: 'standard' as const,
      amounts: bucketAmountsOf(deskTaxes('AT'), todayIn(register.timeZone, now)),
    };
    const started = performance.now();
    const signed = await signer.sign(request, state);
    if (i >= warmUp) times.push(performance.now() - started);
    state = { previousJws: signed.compactJws, turnoverCents: signed.turnoverCents };
  }
  return times;
}

/** Milliseconds per transaction in the TSE simulator alone, numbered from the register's counters. */
async function signTseAlone(ctx: AppContext, register: TDemoRegister) {
  const row = await lockCashRegister(ctx.db, register.propertyId, register.id);
  const credentials = openCredentials(ctx, row);
  if (credentials?.kind !== 'tse-simulator') throw new Error('the German register has no simulator key');
  const counters = { transactionNumber: row.tseTransactionCount, signatureCounter: row.tseSignatureCount };
  const tse = tseSimulator(credentials, () => new Date(), {
    next: () => {
      counters.transactionNumber += 1;
      counters.signatureCounter += 2;
      return Promise.resolve({ ...counters });
    },
    transactions: () => Promise.resolve([]),
  });
  const taxes = deskTaxes('DE');
  const total = taxes.reduce((sum, tax) => sum + tax.grossAmount, 0);
  const times: number[] = [];
  for (let i = 0; i < warmUp + receipts; i++) {
    const request = {
      transactionId: randomUUID(),
      clientId: row.cashBoxId,
      receiptType: 'RECEIPT' as const,
      amountsPerVatRate: amountsPerVatRate(taxes),
      amountsPerPaymentType: amountsPerPaymentType([{ paymentType: 'CASH', amount: total }]),
    };
    const started = performance.now();
    await tse.record(request);
    if (i >= warmUp) times.push(performance.now() - started);
  }
  return times;
}

/**
 * A year of receipts on a new Austrian register: put into use through the application (its start
 * receipt signed on the year's first morning), then `yearReceipts` payments spread evenly over the year,
 * each month's closing receipt before the month's first payment as the application signs it, all signed
 * by the register's simulator in one chain and inserted in batches; the register's state follows.
 */
async function makeYear(
  ctx: AppContext,
  clock: SettableClock,
  propertyId: string,
  timeZone: string,
  year: number,
) {
  clock.set(zonedInstant(`${year}-01-01`, '07:00', timeZone));
  const created = await createCashRegister(ctx, systemActor(propertyId, 'bench'), {
    name: 'Jahresbeleg-Bench',
    country: 'AT',
    adapter: 'simulator',
    cashBoxId: 'BENCH-DEP-1',
    paymentMethodIds: [],
  });
  const opened = clock.now().getTime();
  clock.reset();
  const yearEnd = zonedInstant(`${year + 1}-01-01`, '00:00', timeZone).getTime();
  // Whole seconds apart, as the code prints the time: no two receipts share one.
  const step = Math.floor((yearEnd - opened) / (yearReceipts + 1) / 1000) * 1000;
  const random = seededRandom(2024);
  await ctx.db.transaction(async (tx) => {
    const register = await lockCashRegister(tx, propertyId, created.id);
    const credentials = openCredentials(ctx, register);
    if (credentials?.kind !== 'rksv-simulator') throw new Error('the new register has no simulator keys');
    const signer = rksvSimulator(credentials);
    let state: TRksvChainState = { previousJws: register.lastJws, turnoverCents: register.turnoverCents };
    let number = register.receiptCount;
    let rows: (typeof fiscalReceipts.$inferInsert)[] = [];
    const add = async (
      issuedAt: Date,
      receipt: Pick<TReceiptInput, 'taxes' | 'lines' | 'paymentMethodName'> & {
        kind: 'standard' | 'null';
        closingPeriod?: string;
      },
    ) => {
      number += 1;
      const businessDate = todayIn(timeZone, issuedAt);
      const signed = await signer.sign(
        {
          cashBoxId: register.cashBoxId,
          receiptNumber: String(number),
          issuedAt: localDateTimeIn(timeZone, issuedAt),
          type: receipt.kind,
          amounts: bucketAmountsOf(receipt.taxes, businessDate),
        },
        state,
      );
      state = { previousJws: signed.compactJws, turnoverCents: signed.turnoverCents };
      rows.push({
        propertyId,
        cashRegisterId: register.id,
        number,
        kind: receipt.kind,
        purpose: receipt.closingPeriod ? 'month' : null,
        closingPeriod: receipt.closingPeriod ?? null,
        issuedAt,
        businessDate,
        totalAmount: receipt.taxes.reduce((sum, tax) => sum + tax.grossAmount, 0),
        taxes: receipt.taxes,
        lines: receipt.lines,
        paymentMethodName: receipt.paymentMethodName,
        compactJws: signed.compactJws,
        machineCode: signed.machineCode,
        deviceFailed: signed.deviceFailed,
        isSimulated: true,
      });
      if (rows.length === batchSize) {
        await tx.insert(fiscalReceipts).values(rows);
        rows = [];
      }
    };
    let month = `${year}-01`;
    for (let i = 1; i <= yearReceipts; i++) {
      const issuedAt = new Date(opened + i * step);
      const current = todayIn(timeZone, issuedAt).slice(0, 7);
      if (current !== month) {
        await add(issuedAt, {
          kind: 'null',
          closingPeriod: month,
          taxes: [],
          lines: [],
          paymentMethodName: null,
        });
        month = current;
      }
      const taxes: TReceiptTax[] = [{ taxPercentage: 10, grossAmount: random.int(80, 250) * 100 }];
      const drinks = random.int(0, 6) * 450;
      if (drinks > 0) taxes.push({ taxPercentage: 20, grossAmount: drinks });
      await add(issuedAt, {
        kind: 'standard',
        taxes,
        lines: taxes.map((tax) => ({
          text: tax.taxPercentage === 10 ? 'Übernachtung' : 'Getränke',
          quantity: 1,
          ...tax,
        })),
        paymentMethodName: random.next() < 0.5 ? 'Bar' : 'Karte',
      });
    }
    if (rows.length > 0) await tx.insert(fiscalReceipts).values(rows);
    await tx
      .update(cashRegisters)
      .set({ receiptCount: number, turnoverCents: state.turnoverCents, lastJws: state.previousJws })
      .where(and(eq(cashRegisters.propertyId, propertyId), eq(cashRegisters.id, register.id)));
  });
  return created.id;
}

/** The signing figures, then the year of receipts on a new register: where it is, for the export. */
async function signAndMakeYear(dataDir: string, year: number) {
  const clock = new SettableClock();
  const { ctx, close } = await openApp(dataDir, clock);
  try {
    const austria = await demoRegister(ctx, 'AT');
    const germany = await demoRegister(ctx, 'DE');
    console.log(
      `\nFiscal signing on PGlite (embedded), the demo's registers "Rezeption", ${receipts.toLocaleString('en')} receipts in sequence each (after ${warmUp} not timed)`,
    );
    const endToEnd = 'end to end (transaction, register row locked, signReceipt, commit)';
    console.log(`  RKSV (Austria), ${endToEnd}: ${latencyFigures(await signAtDesk(ctx, austria, 'AT'))}`);
    console.log(
      `  RKSV, the simulator's signing alone: ${latencyFigures(await signRksvAlone(ctx, austria))}`,
    );
    console.log(`  TSE (Germany), ${endToEnd}: ${latencyFigures(await signAtDesk(ctx, germany, 'DE'))}`);
    console.log(`  TSE, the simulator's signing alone: ${latencyFigures(await signTseAlone(ctx, germany))}`);

    console.log(
      `\nDEP export of ${year} on one Austrian register: ${yearReceipts.toLocaleString('en')} payments, the start receipt and the month receipts`,
    );
    const started = performance.now();
    const registerId = await makeYear(ctx, clock, austria.propertyId, austria.timeZone, year);
    console.log(
      `  made in ${((performance.now() - started) / 1000).toFixed(1)} s (signed by the simulator, inserted in batches of ${batchSize.toLocaleString('en')})`,
    );
    return { propertyId: austria.propertyId, registerId };
  } finally {
    await close();
  }
}

export async function benchFiscal(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-fiscal-'));
  try {
    const year = new Date().getFullYear() - 1;
    const { propertyId, registerId } = await signAndMakeYear(dataDir, year);
    // PGlite's data directory is one process's at a time: closed here, the export's process opens it.
    const input: TDepExportInput = {
      dataDir,
      propertyId,
      registerId,
      range: { from: `${year}-01-01`, to: `${year}-12-31` },
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/dep-export-client.ts', JSON.stringify(input)],
      { encoding: 'utf8' },
    );
    const figures = JSON.parse(stdout) as TDepExportFigures;
    const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
    console.log(
      `  exportDep, the year streamed and its bytes counted: ${(figures.exportMs / 1000).toFixed(2)} s, ${megabytes(figures.bytes)}, ${figures.receipts.toLocaleString('en')} receipts; peak RSS growth ${megabytes(figures.rssGrowth)} over ${megabytes(figures.rssBefore)} (in a process of its own)`,
    );
    const found = figures.findings.map(
      (finding) => `${finding.code} at receipt ${finding.receiptNumber ?? '?'}`,
    );
    console.log(
      `  verifyDep over the same export (parsed whole): ${(figures.verifyMs / 1000).toFixed(2)} s, ${figures.findingCount === 0 ? 'no findings' : `${figures.findingCount} FINDINGS: ${found.join(', ')}`}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
