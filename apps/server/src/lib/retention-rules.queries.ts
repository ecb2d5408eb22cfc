import type { Executor } from '../db/client.ts';
import { retentionRules } from '../db/schema/index.ts';
import { defaultRetentionRules } from './retention.ts';

/**
 * Gives a property its country's retention rules (the address keeps the country in lower case), each
 * record it has no rule for yet; a rule an admin edited stays as it is. A country without rules gets
 * none: its records are kept until an admin adds them (decision 193).
 */
export async function insertDefaultRetentionRules(
  db: Executor,
  propertyId: string,
  country: string | null | undefined,
): Promise<void> {
  const rules = defaultRetentionRules.filter((rule) => rule.country === country?.toUpperCase());
  if (rules.length === 0) return;
  await db
    .insert(retentionRules)
    .values(rules.map((rule) => ({ ...rule, propertyId })))
    .onConflictDoNothing();
}
