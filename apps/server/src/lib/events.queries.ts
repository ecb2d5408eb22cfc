import type { Executor } from '../db/client.ts';
import { events } from '../db/schema/index.ts';

/** Adds one entry to the event log. */
export async function insertEvent(db: Executor, values: typeof events.$inferInsert): Promise<void> {
  await db.insert(events).values(values);
}
