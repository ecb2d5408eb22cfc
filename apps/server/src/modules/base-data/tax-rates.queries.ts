import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { taxRates } from '../../db/schema/index.ts';
import { type TTaxRateRow, ofProperty } from './base-data.queries.ts';

type TTaxRateValues = Pick<TTaxRateRow, 'name' | 'basisPoints' | 'accountNumber' | 'taxCode'>;

/** Stores a tax rate; returns it. */
export async function insertTaxRate(
  db: Executor,
  values: typeof taxRates.$inferInsert,
): Promise<TTaxRateRow> {
  const [row] = await db.insert(taxRates).values(values).returning();
  return row!;
}

/** Changes a live tax rate of the property; the rows changed (none when it has none by that id). */
export function updateTaxRateRows(db: Executor, propertyId: string, id: string, changes: TTaxRateValues) {
  return db
    .update(taxRates)
    .set(changes)
    .where(ofProperty(taxRates, propertyId, id))
    .returning();
}

/** The property's live tax rate of a kind that is valid on a date (the latest starting one, if several). */
export async function selectTaxRateOn(
  db: Executor,
  propertyId: string,
  kind: string,
  date: string,
): Promise<TTaxRateRow | undefined> {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(
      and(
        eq(taxRates.propertyId, propertyId),
        eq(taxRates.kind, kind),
        isNull(taxRates.deletedAt),
        or(isNull(taxRates.validFrom), lte(taxRates.validFrom, date)),
        or(isNull(taxRates.validUntil), gte(taxRates.validUntil, date)),
      ),
    )
    .orderBy(sql`${taxRates.validFrom} desc nulls last`, desc(taxRates.createdAt))
    .limit(1);
  return row;
}
