import { api } from '../../../lib/api-client.ts';
import type { TCollection } from './base-data-collections.ts';

export function createRecord<TCreate, TCreated>(
  collection: TCollection<TCreate, unknown, TCreated>,
  body: TCreate,
): Promise<TCreated> {
  return api.post<TCreated>(collection.path, { body });
}

export function updateRecord<TUpdate>(
  collection: TCollection<unknown, TUpdate>,
  id: string,
  body: TUpdate,
): Promise<unknown> {
  return api.put(`${collection.path}/${encodeURIComponent(id)}`, { body });
}
