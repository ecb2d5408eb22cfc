import { count } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { generalSettings, properties, propertyUsers, users } from './db/schema/index.ts';

/** How many accounts the database holds (none on a first start). */
export async function countUsers(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(users);
  return existing?.n ?? 0;
}

/** The first administrator with a property named Hotel and its general settings, in one transaction. */
export async function insertFirstAdministrator(
  db: Db,
  admin: { email: string; name: string; passwordHash: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [property] = await tx.insert(properties).values({ name: 'Hotel', slug: 'hotel' }).returning();
    const [user] = await tx.insert(users).values(admin).returning();
    await tx.insert(propertyUsers).values({ propertyId: property!.id, userId: user!.id, roleId: 'admin' });
    await tx.insert(generalSettings).values({ propertyId: property!.id });
  });
}
