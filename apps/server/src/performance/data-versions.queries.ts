import type { Executor } from '../db/client.ts';
import { propertyVersions } from '../db/schema/index.ts';

export type TPropertyVersionRow = typeof propertyVersions.$inferSelect;

/** Every property's data version, as the change feed starts from it. */
export function selectPropertyVersions(db: Executor): Promise<TPropertyVersionRow[]> {
  return db.select().from(propertyVersions);
}
