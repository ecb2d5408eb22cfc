import type { Executor } from '../db/client.ts';
import { generalSettings } from '../db/schema/index.ts';

/** Gives a property its general settings with their defaults, unless it has them already. */
export async function insertDefaultGeneralSettings(db: Executor, propertyId: string): Promise<void> {
  await db.insert(generalSettings).values({ propertyId }).onConflictDoNothing();
}
