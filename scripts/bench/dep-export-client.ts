// The DEP export of a year, measured by a process of its own (see benchFiscal in fiscal.ts): the
// benchmark's main process has just signed and inserted the year's receipts, and the memory that left
// behind would hide how much the export itself takes. Input: one JSON argument (TDepExportInput);
// output: the figures as JSON on stdout (TDepExportFigures).
import { systemActor } from '../../apps/server/src/actor.ts';
import type { TDep } from '../../apps/server/src/integrations/fiscal/rksv/dep.ts';
import { verifyDep, type TDepFinding } from '../../apps/server/src/integrations/fiscal/rksv/verifier.ts';
import { findRegister } from '../../apps/server/src/modules/cash/cash-registers.service.ts';
import { openCredentials } from '../../apps/server/src/modules/cash/fiscal-adapters.ts';
import { exportDep } from '../../apps/server/src/modules/cash/receipts.service.ts';
import { openApp } from './fiscal.ts';

export type TDepExportInput = {
  dataDir: string;
  propertyId: string;
  registerId: string;
  range: { from: string; to: string };
};

export type TDepExportFigures = {
  exportMs: number;
  bytes: number;
  receipts: number;
  rssBefore: number;
  rssGrowth: number;
  verifyMs: number;
  /** What the verifier found, the first ten of `findingCount` (none for a valid DEP). */
  findings: TDepFinding[];
  findingCount: number;
};

const { dataDir, propertyId, registerId, range } = JSON.parse(process.argv[2]!) as TDepExportInput;
const { ctx, close } = await openApp(dataDir);
const actor = systemActor(propertyId, 'bench');

// As a response streams it: each chunk counted and let go. RSS is sampled every 100 chunks (a page of
// receipts is 1,000 chunks), often enough to catch a page held in memory, rarely enough not to slow it.
const rssBefore = process.memoryUsage.rss();
let rssPeak = rssBefore;
let bytes = 0;
let chunks = 0;
let started = performance.now();
for await (const chunk of await exportDep(ctx, actor, registerId, range)) {
  bytes += Buffer.byteLength(chunk);
  if (++chunks % 100 === 0) rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
}
const exportMs = performance.now() - started;
rssPeak = Math.max(rssPeak, process.memoryUsage.rss());

// The same export again, held whole this time, for the verifier, which reads a parsed DEP.
let text = '';
for await (const chunk of await exportDep(ctx, actor, registerId, range)) text += chunk;
if (Buffer.byteLength(text) !== bytes) throw new Error('the second export differs from the first');
const register = await findRegister(ctx.db, propertyId, registerId);
const credentials = openCredentials(ctx, register);
if (credentials?.kind !== 'rksv-simulator') throw new Error('the register has no simulator keys');
started = performance.now();
const dep = JSON.parse(text) as TDep;
const found = verifyDep(dep, { aesKey: credentials.aesKey, cashBoxId: register.cashBoxId });
const verifyMs = performance.now() - started;
await close();

const figures: TDepExportFigures = {
  exportMs,
  bytes,
  receipts: dep['Belege-Gruppe'].reduce((sum, group) => sum + group['Belege-kompakt'].length, 0),
  rssBefore,
  rssGrowth: rssPeak - rssBefore,
  verifyMs,
  findings: found.slice(0, 10),
  findingCount: found.length,
};
process.stdout.write(JSON.stringify(figures));
