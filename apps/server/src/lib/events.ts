import type { TBookingEventType } from '@pms/contract';
import type { Executor } from '../db/client.ts';
import { insertEvent } from './events.queries.ts';
import type { TActor } from '../actor.ts';

export type TObjectType = 'booking' | 'channel' | 'contact' | 'group' | 'invoice' | 'folio' | 'room_lock';

/** A booking's events are of the contract's types, which its events tab translates. */
type TEventKind =
  | { objectType: 'booking'; type: TBookingEventType }
  | { objectType: Exclude<TObjectType, 'booking'>; type: string };

export type TEventInput = TEventKind & {
  propertyId: string;
  /** Who made the change: staff, a guest, or the system's own jobs. */
  actor: TActor;
  objectId: string;
  data?: Record<string, unknown>;
};

/**
 * The one shape of an `updated` event's data: `changed` lists what changed (field names, or a part such
 * as `documents`), beside whatever names the change further (`bookingId`, `fileId`).
 */
export type TUpdatedEventData = { changed: readonly string[] } & Record<string, unknown>;

export function isUpdatedEventData(data: Record<string, unknown> | undefined): data is TUpdatedEventData {
  return Array.isArray(data?.changed) && data.changed.every((name) => typeof name === 'string');
}

/** Writes one audit event (who, when, what) in the caller's transaction. */
export async function recordEvent(db: Executor, event: TEventInput): Promise<void> {
  const { actor } = event;
  if (event.type === 'updated' && !isUpdatedEventData(event.data))
    throw new Error(`an updated ${event.objectType} event must list what changed`);
  await insertEvent(db, {
    propertyId: event.propertyId,
    objectType: event.objectType,
    objectId: event.objectId,
    type: event.type,
    actorType: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    data: event.data ?? {},
  });
}

/** The fields whose value an update changed, for the event's data. */
export function changedFields<T extends object>(before: T, after: T, fields: string[]): string[] {
  return fields.filter(
    (field) => JSON.stringify(before[field as keyof T]) !== JSON.stringify(after[field as keyof T]),
  );
}
