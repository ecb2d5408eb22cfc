import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverKeys } from '../db/schema/index.ts';
import { randomToken } from './crypto.ts';

/** The key that signs download urls: made once, kept in the database for every instance. */
export async function loadSigningKey(db: Db): Promise<string> {
  await db
    .insert(serverKeys)
    .values({ name: 'signing', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'signing'));
  return row!.value;
}
