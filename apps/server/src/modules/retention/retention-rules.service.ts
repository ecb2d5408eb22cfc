import type { Executor } from '../../db/client.ts';
import { retainedRecords, type TRetentionRule } from '../../lib/retention.ts';
import { selectRetentionRules, type TRetentionRuleRow } from './retention.queries.ts';

/** A property's stored rule: the rule of lib/retention.ts with its id and when it was last changed. */
export type TStoredRetentionRule = TRetentionRule & { id: string; updatedAt: Date };

function toRule(row: TRetentionRuleRow): TStoredRetentionRule {
  return {
    id: row.id,
    country: row.country,
    record: row.record,
    start: row.start,
    years: row.years,
    months: row.months,
    days: row.days,
    graceMonths: row.graceMonths,
    reference: row.reference,
    updatedAt: row.updatedAt,
  };
}

/**
 * The retention rules a property keeps its records by, one per record at most (a property of a country
 * without seeded rules has none: it keeps everything). Read by the daily job and by erasure: a record a
 * rule still holds (lib/retention.ts `isHeld`) is never touched.
 */
export async function listRetentionRules(db: Executor, propertyId: string): Promise<TRetentionRule[]> {
  return listStoredRetentionRules(db, propertyId);
}

/** The same rules with their ids, in the order of the records in lib/retention.ts. */
export async function listStoredRetentionRules(
  db: Executor,
  propertyId: string,
): Promise<TStoredRetentionRule[]> {
  const rows = await selectRetentionRules(db, propertyId);
  return rows
    .map(toRule)
    .sort((a, b) => retainedRecords.indexOf(a.record) - retainedRecords.indexOf(b.record));
}
