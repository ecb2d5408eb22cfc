import { api } from '../../../lib/api-client.ts';
import type { TCollection } from './base-data-collections.ts';
import { useBaseDataMutation } from './base-data-mutation.ts';

export function deleteRecord(collection: TCollection<unknown, unknown>, id: string): Promise<void> {
  return api.delete(`${collection.path}/${encodeURIComponent(id)}`);
}

/** Deletes a record of a collection; one still in use answers base_data/in_use, shown as a toast. */
export function useDeleteRecord() {
  return useBaseDataMutation(
    ({ collection, id }: { collection: TCollection<unknown, unknown>; id: string }) =>
      deleteRecord(collection, id),
    { errorTitle: 'baseData.notDeleted' },
  );
}
