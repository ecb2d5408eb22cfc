import type { AppContext } from '../../context.ts';

// An erasure's tombstone in the file store: the property's and the contact's ids in its key, the time
// in its content, nothing that names the person. The store is kept apart from the database, so a
// database restored from a backup taken before the erasure meets the tombstone at its next start.

const prefix = 'erasures/';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function writeTombstone(ctx: AppContext, propertyId: string, contactId: string, erasedAt: Date) {
  await ctx.files.put(
    `${prefix}${propertyId}/${contactId}`,
    Buffer.from(JSON.stringify({ erasedAt: erasedAt.toISOString() })),
  );
}

/** Every tombstone in the store (keys that are not two ids are someone else's and left alone). */
export async function readTombstones(ctx: AppContext): Promise<{ propertyId: string; contactId: string }[]> {
  const tombstones: { propertyId: string; contactId: string }[] = [];
  for (const key of await ctx.files.list(prefix)) {
    const [propertyId = '', contactId = ''] = key.slice(prefix.length).split('/');
    if (uuidPattern.test(propertyId) && uuidPattern.test(contactId))
      tombstones.push({ propertyId, contactId });
  }
  return tombstones;
}
