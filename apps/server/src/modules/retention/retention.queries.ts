import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { retentionRules } from '../../db/schema/index.ts';

export type TRetentionRuleRow = typeof retentionRules.$inferSelect;

/** A property's retention rules. */
export function selectRetentionRules(db: Executor, propertyId: string): Promise<TRetentionRuleRow[]> {
  return db.select().from(retentionRules).where(eq(retentionRules.propertyId, propertyId));
}

/** One of a property's rules, by its record. */
export async function selectRetentionRule(
  db: Executor,
  propertyId: string,
  record: TRetentionRuleRow['record'],
): Promise<TRetentionRuleRow | null> {
  const [row] = await db
    .select()
    .from(retentionRules)
    .where(and(eq(retentionRules.propertyId, propertyId), eq(retentionRules.record, record)));
  return row ?? null;
}
