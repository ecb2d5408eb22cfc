import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TNote, TNoteObjectType } from '@pms/contract/contacts';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import { api } from '../../lib/api-client.ts';
import { noteCollections, notesQueryKey } from './note-objects.ts';

const notesPageSize = 20;

export function getNotes(
  objectType: TNoteObjectType,
  objectId: string,
  page: TPageQuery,
): Promise<TPaged<TNote>> {
  return api.get<TPaged<TNote>>(`/${noteCollections[objectType]}/${encodeURIComponent(objectId)}/notes`, {
    query: page,
  });
}

/** The notes of an object, newest first, a page at a time. */
export const notesQueryOptions = (objectType: TNoteObjectType, objectId: string) =>
  infiniteQueryOptions({
    queryKey: notesQueryKey(objectType, objectId),
    queryFn: ({ pageParam }) =>
      getNotes(objectType, objectId, { pageNumber: pageParam, pageSize: notesPageSize }),
    initialPageParam: 1,
    getNextPageParam: (page) => (page.hasNextPage ? page.pageNumber + 1 : undefined),
  });

export function useNotes(objectType: TNoteObjectType, objectId: string) {
  return useInfiniteQuery(notesQueryOptions(objectType, objectId));
}
