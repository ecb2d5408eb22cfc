import { and, asc, desc, eq } from 'drizzle-orm';
import type { TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import { retentionLog, retentionRules } from '../../db/schema/index.ts';

export type TRetentionRuleRow = typeof retentionRules.$inferSelect;

/** A property's retention rules. */
export function selectRetentionRules(db: Executor, propertyId: string): Promise<TRetentionRuleRow[]> {
  return db.select().from(retentionRules).where(eq(retentionRules.propertyId, propertyId));
}

/** Changes one of a property's rules; the changed row, or null when the property has no rule for it. */
export async function updateRetentionRuleRow(
  db: Executor,
  propertyId: string,
  record: TRetentionRuleRow['record'],
  changes: Pick<TRetentionRuleRow, 'years' | 'months' | 'days' | 'graceMonths' | 'reference'>,
): Promise<TRetentionRuleRow | null> {
  const [row] = await db
    .update(retentionRules)
    .set(changes)
    .where(and(eq(retentionRules.propertyId, propertyId), eq(retentionRules.record, record)))
    .returning();
  return row ?? null;
}

/** A page of a property's retention log, the latest first. */
export function selectRetentionLogPage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery,
  map: (row: typeof retentionLog.$inferSelect) => T,
) {
  return selectPage(
    db,
    retentionLog,
    eq(retentionLog.propertyId, propertyId),
    [desc(retentionLog.ranAt), asc(retentionLog.id)],
    page,
    map,
  );
}
