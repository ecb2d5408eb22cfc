import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { addPeriod, isHeld, type TRecordDates, type TRetainedRecord } from '../../lib/retention.ts';
import { listStoredRetentionRules, type TStoredRetentionRule } from './retention-rules.service.ts';
import { markFilesDeleted } from '../files/index.ts';
import {
  anonymiseContacts,
  clearRegistrationFiles,
  insertRetentionLog,
  insertRetentionRun,
  retentionBatchSize,
  selectAccountingCandidates,
  selectIdPictureCandidates,
  selectProfileCandidates,
  selectPropertiesDue,
  selectRegistrationCandidates,
  updateRetentionRunFinished,
  type TBatch,
  type TDueProperty,
} from './retention-job.queries.ts';

/** How many files are deleted from the store at once. */
const storeConcurrency = 16;
const firstId = '00000000-0000-0000-0000-000000000000';

type TRun = TDueProperty & { runId: string; ranAt: Date; rules: TStoredRetentionRule[] };
type TLogEntry = {
  objectType: 'booking' | 'file' | 'contact' | 'invoice';
  objectId: string;
  fileCount: number;
};
type TFileRef = { id: string; storageKey: string };

/**
 * The daily job behind the retention rules (decision 193): each property with rules, once on each of its
 * local days, applies them; the instance that claims the day's run does the work, others skip it. A
 * failure leaves the rest for the next day's run.
 */
export async function applyRetentionEverywhere(ctx: AppContext): Promise<void> {
  for (const property of await selectPropertiesDue(ctx.db, ctx.clock.now())) {
    const ranAt = ctx.clock.now();
    const runId = await insertRetentionRun(ctx.db, property.id, property.today, ranAt);
    if (!runId) continue;
    const rules = await listStoredRetentionRules(ctx.db, property.id);
    await applyRetention(ctx, { ...property, runId, ranAt, rules });
    await updateRetentionRunFinished(ctx.db, property.id, runId, ctx.clock.now());
  }
}

const appliers: Record<
  TRetainedRecord,
  (ctx: AppContext, run: TRun, rule: TStoredRetentionRule) => Promise<void>
> = {
  registration_form: deleteRegistrationForms,
  id_picture: deleteIdPictures,
  accounting_record: reportAccountingRecords,
  guest_profile: anonymiseProfiles,
};

/** Applies a property's rules in the order of lib/retention.ts: forms and pictures before profiles. */
async function applyRetention(ctx: AppContext, run: TRun): Promise<void> {
  for (const rule of run.rules) await appliers[rule.record](ctx, run, rule);
}

/**
 * Runs `step` over a rule's candidates one batch at a time, each in a transaction of its own with its
 * rows locked; the next batch starts after the last id of the one before.
 */
async function inBatches<T extends { id: string }>(
  ctx: AppContext,
  run: TRun,
  rule: TStoredRetentionRule,
  select: (db: Executor, batch: TBatch) => Promise<T[]>,
  step: (db: Executor, rows: T[]) => Promise<TLogEntry[]> | TLogEntry[],
): Promise<void> {
  // The last start a record may have to be due; the rule itself (isHeld) decides for each.
  const cutoff = addPeriod(run.today, { years: -rule.years, months: -rule.months, days: 2 - rule.days });
  let after = firstId;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const rows = await select(tx, { propertyId: run.id, timeZone: run.timeZone, after, cutoff });
      const done = await step(tx, rows);
      await insertRetentionLog(
        tx,
        done.map((entry) => ({
          ...entry,
          propertyId: run.id,
          runId: run.runId,
          ruleId: rule.id,
          record: rule.record,
          action: actionOf[rule.record],
          ranAt: run.ranAt,
        })),
      );
      after = rows.at(-1)?.id ?? after;
      return rows.length;
    });
    if (count < retentionBatchSize) return;
  }
}

const actionOf = {
  registration_form: 'deleted',
  id_picture: 'deleted',
  accounting_record: 'kept',
  guest_profile: 'anonymised',
} as const;

const due = (rule: TStoredRetentionRule, dates: TRecordDates, today: string) => !isHeld(rule, dates, today);

/**
 * Deletes each file from the store; answers the records whose files are all gone. A record with a
 * failed delete stays as it is in the database and is tried again on the next run.
 */
async function deleteFromStore<T extends { files: TFileRef[] }>(ctx: AppContext, records: T[]): Promise<T[]> {
  const failed = new Set<string>();
  const refs = records.flatMap((record) => record.files);
  for (let index = 0; index < refs.length; index += storeConcurrency) {
    const slice = refs.slice(index, index + storeConcurrency);
    const results = await Promise.allSettled(slice.map((ref) => ctx.files.delete(ref.storageKey)));
    results.forEach((result, at) => {
      if (result.status === 'rejected') failed.add(slice[at]!.id);
    });
  }
  return records.filter((record) => record.files.every((file) => !failed.has(file.id)));
}

/** Registration forms and their signatures whose period ended: files deleted, the booking's references cleared. */
async function deleteRegistrationForms(
  ctx: AppContext,
  run: TRun,
  rule: TStoredRetentionRule,
): Promise<void> {
  await inBatches(ctx, run, rule, selectRegistrationCandidates, async (db, rows) => {
    const ended = rows.filter((row) => due(rule, { entry: row.entry, arrival: row.arrival }, run.today));
    const gone = await deleteFromStore(ctx, ended);
    await markFilesDeleted(
      db,
      run.id,
      gone.flatMap((row) => row.files.map((file) => file.id)),
      run.ranAt,
    );
    await clearRegistrationFiles(
      db,
      run.id,
      gone.map((row) => row.id),
    );
    return gone.map((row) => ({ objectType: 'booking', objectId: row.id, fileCount: row.files.length }));
  });
}

/** ID pictures past their confirmation or check-out plus the grace: files deleted. */
async function deleteIdPictures(ctx: AppContext, run: TRun, rule: TStoredRetentionRule): Promise<void> {
  await inBatches(ctx, run, rule, selectIdPictureCandidates, async (db, rows) => {
    const ended = rows
      .filter((row) => due(rule, { confirmedOn: row.confirmedOn, checkOut: row.checkOut }, run.today))
      .map((row) => ({ ...row, files: [{ id: row.id, storageKey: row.storageKey }] }));
    const gone = await deleteFromStore(ctx, ended);
    await markFilesDeleted(
      db,
      run.id,
      gone.map((row) => row.id),
      run.ranAt,
    );
    return gone.map((row) => ({ objectType: 'file', objectId: row.id, fileCount: 1 }));
  });
}

/**
 * Accounting records (issued invoices) whose period ended are kept: deleting them would break the
 * invoice numbers and the cash register's signature chain. The log says once that the period ended.
 */
async function reportAccountingRecords(
  ctx: AppContext,
  run: TRun,
  rule: TStoredRetentionRule,
): Promise<void> {
  await inBatches(ctx, run, rule, selectAccountingCandidates, (_db, rows) =>
    rows
      .filter((row) => due(rule, { entry: row.issuedOn }, run.today))
      .map((row) => ({ objectType: 'invoice', objectId: row.id, fileCount: 0 })),
  );
}

/**
 * Guest profiles without a stay for the rule's period (one that never stayed: since it was made) are
 * anonymised, unless a record still held names them: an invoice in its period (the property's
 * accounting rule), or a registration form not yet deleted.
 */
async function anonymiseProfiles(ctx: AppContext, run: TRun, rule: TStoredRetentionRule): Promise<void> {
  const accounting = run.rules.find((candidate) => candidate.record === 'accounting_record');
  await inBatches(ctx, run, rule, selectProfileCandidates, async (db, rows) => {
    const ended = rows.filter(
      (row) =>
        due(rule, { lastStay: row.lastStay ?? row.createdOn }, run.today) &&
        !row.hasRegistrationForm &&
        !(row.lastInvoiceOn && (!accounting || isHeld(accounting, { entry: row.lastInvoiceOn }, run.today))),
    );
    await anonymiseContacts(
      db,
      run.id,
      ended.map((row) => row.id),
    );
    return ended.map((row) => ({ objectType: 'contact', objectId: row.id, fileCount: 0 }));
  });
}
