import { useQuery } from '@tanstack/react-query';
import type { TBaseData } from '@pms/contract/base-data';
import { toPaged, type TPaged, type TPageQuery } from '@pms/contract/paging';
import { useSessionState } from '../../../lib/session-store.ts';
import { baseDataQueryOptions } from '../../../shared/base-data/index.ts';

/** One page of rows a list holds in full. */
export function pageOfRows<T>(rows: T[], { pageNumber, pageSize }: TPageQuery): TPaged<T> {
  const start = (pageNumber - 1) * pageSize;
  return toPaged(rows.slice(start, start + pageSize), rows.length, { pageNumber, pageSize });
}

/**
 * One page of a base data list, taken from the cached base data rather than a request of its own:
 * the lists show the same data as every other screen and reload with it.
 */
export function useBaseDataPage<T>(
  rowsOf: (baseData: TBaseData) => T[],
  { pageNumber, pageSize }: TPageQuery,
) {
  const propertyId = useSessionState((state) => state.user?.propertyId ?? null);
  return useQuery({
    ...baseDataQueryOptions(propertyId),
    select: (baseData) => pageOfRows(rowsOf(baseData), { pageNumber, pageSize }),
  });
}
