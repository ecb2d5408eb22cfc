import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { generalSettings } from '../db/schema/index.ts';

/** Gives a property its general settings with their defaults, unless it has them already. */
export async function insertDefaultGeneralSettings(db: Executor, propertyId: string): Promise<void> {
  await db.insert(generalSettings).values({ propertyId }).onConflictDoNothing();
}

/** Whether the property sends a new booking's confirmation by itself (off while it has saved no settings). */
export async function isConfirmationSentOnCreate(db: Executor, propertyId: string): Promise<boolean> {
  const [row] = await db
    .select({ isOn: generalSettings.sendConfirmationOnCreate })
    .from(generalSettings)
    .where(eq(generalSettings.propertyId, propertyId));
  return row?.isOn ?? false;
}
