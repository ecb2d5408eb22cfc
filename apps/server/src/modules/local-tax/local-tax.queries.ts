import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localTaxLevies, localTaxLevyVersions } from '../../db/schema/index.ts';

export type TLevyRow = typeof localTaxLevies.$inferSelect;
export type TLevyVersionRow = typeof localTaxLevyVersions.$inferSelect;
export type TLevyVersionValues = Omit<
  typeof localTaxLevyVersions.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'propertyId' | 'levyId'
>;

/** The property's live levies by name (only the active ones when asked), each with its versions by date. */
export async function selectLevies(
  db: Executor,
  propertyId: string,
  options: { onlyActive?: boolean } = {},
): Promise<{ levy: TLevyRow; versions: TLevyVersionRow[] }[]> {
  const levies = await db
    .select()
    .from(localTaxLevies)
    .where(
      and(
        eq(localTaxLevies.propertyId, propertyId),
        isNull(localTaxLevies.deletedAt),
        options.onlyActive ? eq(localTaxLevies.active, true) : undefined,
      ),
    )
    .orderBy(asc(localTaxLevies.name), asc(localTaxLevies.id));
  if (levies.length === 0) return [];
  const versions = await db
    .select()
    .from(localTaxLevyVersions)
    .where(
      and(
        eq(localTaxLevyVersions.propertyId, propertyId),
        inArray(
          localTaxLevyVersions.levyId,
          levies.map((levy) => levy.id),
        ),
      ),
    )
    .orderBy(asc(localTaxLevyVersions.validFrom), asc(localTaxLevyVersions.id));
  return levies.map((levy) => ({ levy, versions: versions.filter((version) => version.levyId === levy.id) }));
}

/** Stores a levy; returns it. */
export async function insertLevy(
  db: Executor,
  values: typeof localTaxLevies.$inferInsert,
): Promise<TLevyRow> {
  const [row] = await db.insert(localTaxLevies).values(values).returning();
  return row!;
}

/** Changes a live levy of the property; the rows changed. */
export function updateLevyRow(
  db: Executor,
  propertyId: string,
  id: string,
  changes: Pick<TLevyRow, 'name' | 'itemId' | 'active'> | Pick<TLevyRow, 'deletedAt'>,
) {
  return db
    .update(localTaxLevies)
    .set(changes)
    .where(
      and(
        eq(localTaxLevies.propertyId, propertyId),
        eq(localTaxLevies.id, id),
        isNull(localTaxLevies.deletedAt),
      ),
    )
    .returning();
}

/** Stores a version of a levy; returns it. */
export async function insertLevyVersion(
  db: Executor,
  values: typeof localTaxLevyVersions.$inferInsert,
): Promise<TLevyVersionRow> {
  const [row] = await db.insert(localTaxLevyVersions).values(values).returning();
  return row!;
}

const ofLevy = (propertyId: string, levyId: string, versionId: string) =>
  and(
    eq(localTaxLevyVersions.propertyId, propertyId),
    eq(localTaxLevyVersions.levyId, levyId),
    eq(localTaxLevyVersions.id, versionId),
  );

/** Changes a version of a levy; the rows changed (none when the levy has none by that id). */
export function updateLevyVersionRow(
  db: Executor,
  propertyId: string,
  levyId: string,
  versionId: string,
  values: TLevyVersionValues,
) {
  return db
    .update(localTaxLevyVersions)
    .set({ ...values, updatedAt: new Date() })
    .where(ofLevy(propertyId, levyId, versionId))
    .returning();
}

/** Removes a version of a levy; the rows removed. Charges posted by it keep their amounts. */
export function deleteLevyVersionRow(db: Executor, propertyId: string, levyId: string, versionId: string) {
  return db
    .delete(localTaxLevyVersions)
    .where(ofLevy(propertyId, levyId, versionId))
    .returning({ id: localTaxLevyVersions.id });
}
