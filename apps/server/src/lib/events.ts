import type { Executor } from '../db/client.ts';
import { events } from '../db/schema/index.ts';
import type { TAuth } from '../plugins/auth.ts';

export type TObjectType = 'booking' | 'contact' | 'group' | 'invoice' | 'folio' | 'room_lock';

/** Writes one audit event (who, when, what) in the caller's transaction. */
export async function recordEvent(
  db: Executor,
  auth: TAuth | null,
  objectType: TObjectType,
  objectId: string,
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(events).values({
    propertyId: auth?.propertyId ?? (data.propertyId as string),
    objectType,
    objectId,
    type,
    actorType: auth ? (auth.isApiKey ? 'api_key' : 'user') : 'system',
    actorId: auth?.subjectId ?? null,
    actorName: auth?.name ?? 'System',
    data,
  });
}
