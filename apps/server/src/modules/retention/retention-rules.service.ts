import type {
  TPageQuery,
  TPaged,
  TRetentionLogEntry,
  TRetentionRecord,
  TRetentionRule as TRetentionRuleResponse,
  TUpdateRetentionRuleRequest,
} from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { retainedRecords, type TRetentionRule } from '../../lib/retention.ts';
import {
  selectRetentionLogPage,
  selectRetentionRules,
  updateRetentionRuleRow,
  type TRetentionRuleRow,
} from './retention.queries.ts';

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

const toResponse = (rule: TStoredRetentionRule): TRetentionRuleResponse => ({
  ...rule,
  updatedAt: rule.updatedAt.toISOString(),
});

/** The rules as admins see them, each with its legal reference. */
export async function getRetentionRules(ctx: AppContext, actor: TActor): Promise<TRetentionRuleResponse[]> {
  requireAccess(actor, 'privacy', 'read');
  return (await listStoredRetentionRules(ctx.db, actor.propertyId)).map(toResponse);
}

/** An admin's change of a rule's period and reference (never blank, never below zero: the contract). */
export async function updateRetentionRule(
  ctx: AppContext,
  actor: TActor,
  record: TRetentionRecord,
  input: TUpdateRetentionRuleRequest,
): Promise<TRetentionRuleResponse> {
  requireAccess(actor, 'privacy', 'write');
  const row = await updateRetentionRuleRow(ctx.db, actor.propertyId, record, input);
  if (!row) throw notFound('retention rule');
  return toResponse(toRule(row));
}

/** What the daily job did, the latest first: ids, rules and times, never a name. */
export function listRetentionLog(
  ctx: AppContext,
  actor: TActor,
  page: TPageQuery,
): Promise<TPaged<TRetentionLogEntry>> {
  requireAccess(actor, 'privacy', 'read');
  return selectRetentionLogPage(ctx.db, actor.propertyId, page, (row) => ({
    id: row.id,
    runId: row.runId,
    ruleId: row.ruleId,
    record: row.record,
    objectType: row.objectType,
    objectId: row.objectId,
    action: row.action,
    fileCount: row.fileCount,
    ranAt: row.ranAt.toISOString(),
  }));
}
