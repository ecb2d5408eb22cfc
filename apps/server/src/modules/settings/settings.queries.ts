import { and, asc, eq, isNull, like, not } from 'drizzle-orm';
import type {
  TPageQuery,
  TUpdateAccountingSettingsRequest,
  TUpdateGeneralSettingsRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { accountingSettings, generalSettings, settingEntries } from '../../db/schema/index.ts';
import { selectPage } from '../../db/paging.ts';
import { sealedPrefix } from '../../lib/secret-box.ts';

export type TGeneralSettingsRow = typeof generalSettings.$inferSelect;
export type TSettingEntryRow = typeof settingEntries.$inferSelect;
export type TAccountingSettingsRow = typeof accountingSettings.$inferSelect;

/** The property's general settings, or undefined when it has none yet. */
export async function selectGeneralSettings(
  db: Executor,
  propertyId: string,
): Promise<TGeneralSettingsRow | undefined> {
  const [row] = await db.select().from(generalSettings).where(eq(generalSettings.propertyId, propertyId));
  return row;
}

/** Writes the given general settings, creating the property's row when it has none yet. */
export async function upsertGeneralSettings(
  db: Executor,
  propertyId: string,
  input: TUpdateGeneralSettingsRequest,
  now: Date,
): Promise<TGeneralSettingsRow> {
  const [row] = await db
    .insert(generalSettings)
    .values({ propertyId, ...input })
    .onConflictDoUpdate({ target: generalSettings.propertyId, set: { ...input, updatedAt: now } })
    .returning();
  return row!;
}

/** The property's accounting settings, or undefined while it has never saved any. */
export async function selectAccountingSettings(
  db: Executor,
  propertyId: string,
): Promise<TAccountingSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(accountingSettings)
    .where(eq(accountingSettings.propertyId, propertyId));
  return row;
}

/** Writes the given accounting settings, creating the property's row with the defaults when it has none. */
export async function upsertAccountingSettings(
  db: Executor,
  propertyId: string,
  input: TUpdateAccountingSettingsRequest,
  now: Date,
): Promise<TAccountingSettingsRow> {
  const [row] = await db
    .insert(accountingSettings)
    .values({ propertyId, ...input })
    .onConflictDoUpdate({ target: accountingSettings.propertyId, set: { ...input, updatedAt: now } })
    .returning();
  return row!;
}

/** Stores a setting entry; returns it. */
export async function insertSettingEntry(
  db: Executor,
  values: typeof settingEntries.$inferInsert,
): Promise<TSettingEntryRow> {
  const [row] = await db.insert(settingEntries).values(values).returning();
  return row!;
}

/** A page of the property's live setting entries, by key. */
export function selectSettingEntryPage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery,
  map: (row: TSettingEntryRow) => T,
) {
  return selectPage(
    db,
    settingEntries,
    and(eq(settingEntries.propertyId, propertyId), isNull(settingEntries.deletedAt)),
    [asc(settingEntries.key)],
    page,
    map,
  );
}

/** Deletes an entry of the property for good (its key can be used again); whether there was one. */
export async function deleteSettingEntry(db: Executor, propertyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(settingEntries)
    .where(and(eq(settingEntries.id, id), eq(settingEntries.propertyId, propertyId)))
    .returning({ id: settingEntries.id });
  return rows.length > 0;
}

/** The stored value of a live entry of the property (sealed when it is a secret), or undefined. */
export async function selectSettingEntryValue(db: Executor, propertyId: string, key: string) {
  const [row] = await db
    .select({ value: settingEntries.value, secret: settingEntries.secret })
    .from(settingEntries)
    .where(
      and(
        eq(settingEntries.propertyId, propertyId),
        eq(settingEntries.key, key),
        isNull(settingEntries.deletedAt),
      ),
    );
  return row;
}

/** One secret entry already stored sealed, of any property, or undefined. */
export async function selectSealedSecretEntry(db: Executor): Promise<TSettingEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(settingEntries)
    .where(and(eq(settingEntries.secret, true), like(settingEntries.value, `${sealedPrefix}%`)))
    .limit(1);
  return row;
}

/** The secret entries of every property still stored in clear. */
export function selectClearSecretEntries(db: Executor): Promise<TSettingEntryRow[]> {
  return db
    .select()
    .from(settingEntries)
    .where(and(eq(settingEntries.secret, true), not(like(settingEntries.value, `${sealedPrefix}%`))));
}

/** Replaces an entry's clear value by its sealed one, only while the clear value is still stored. */
export async function sealSettingEntryValue(
  db: Executor,
  row: Pick<TSettingEntryRow, 'id' | 'value'>,
  sealedValue: string,
): Promise<void> {
  await db
    .update(settingEntries)
    .set({ value: sealedValue })
    .where(and(eq(settingEntries.id, row.id), eq(settingEntries.value, row.value)));
}
