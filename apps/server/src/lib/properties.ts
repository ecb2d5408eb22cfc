import type { Executor } from '../db/client.ts';
import { notFound } from '../errors.ts';
import { selectProperty, type TPropertyRow } from './properties.queries.ts';

export type { TPropertyRow };

/** The property a tenant-scoped service works in: its time zone, currency and check-in times. */
export async function findProperty(db: Executor, propertyId: string): Promise<TPropertyRow> {
  const row = await selectProperty(db, propertyId);
  if (!row) throw notFound('property');
  return row;
}
