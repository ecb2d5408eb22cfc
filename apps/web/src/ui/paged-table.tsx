import clsx from 'clsx';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/24/outline';
import { pageSizes, type TPageSize } from '@pms/contract/page-sizes';
import type { TPaged, TPageQuery } from '@pms/contract/paging';
import { sessionStore, useSessionState } from '../lib/session-store.ts';
import { IconButton } from './button.tsx';
import { Table, type TColumn, type TSelection } from './data-table.tsx';
import { ErrorState } from './error-state.tsx';
import { Spinner } from './spinner.tsx';

const pageParam = 'page';

export type TPaging = TPageQuery & {
  setPageNumber: (pageNumber: number) => void;
  setPageSize: (pageSize: TPageSize) => void;
};

/** The page number from the `page` URL parameter and the user's stored page size. */
export function usePaging(): TPaging {
  const [searchParams, setSearchParams] = useSearchParams();
  const pageSize = useSessionState((state) => state.pageSize);
  const pageNumber = Math.max(1, Number.parseInt(searchParams.get(pageParam) ?? '', 10) || 1);

  const setPageNumber = (next: number) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next > 1) params.set(pageParam, String(next));
      else params.delete(pageParam);
      return params;
    });

  return {
    pageNumber,
    pageSize,
    setPageNumber,
    setPageSize: (size) => {
      sessionStore.setPageSize(size);
      setPageNumber(1);
    },
  };
}

type TPagedTableProps<T extends { id: string }> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly TColumn<T>[];
  query: UseQueryResult<TPaged<T>>;
  paging: TPaging;
  /** A route path with an `:id` parameter; the first cell of each row links there. */
  detailRoute?: string;
  /** Turns on a checkbox per row and one for the whole page. */
  selection?: TSelection;
  /** Cells of a summary row under the rows, by column id. */
  aggregate?: Partial<Record<string, ReactNode>>;
  emptyText?: string;
};

/** The one list table: paged by the server, optional selection, detail links and aggregate row. */
export function PagedTable<T extends { id: string }>({
  label,
  columns,
  query,
  paging,
  detailRoute,
  selection,
  aggregate,
  emptyText,
}: TPagedTableProps<T>) {
  const { t } = useTranslation();
  const pageSizeId = useId();
  const page = query.data;
  const { pageNumber, setPageNumber } = paging;

  // A page that no longer exists (the last row of the last page was deleted) moves to the last one.
  useEffect(() => {
    if (page && pageNumber > page.totalPages) setPageNumber(page.totalPages);
  }, [page, pageNumber, setPageNumber]);

  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className={clsx(query.isPlaceholderData && 'opacity-60 transition-opacity')}>
      <Table
        label={label}
        columns={columns}
        rows={query.data.data}
        aggregate={aggregate}
        detailRoute={detailRoute}
        selection={selection}
        emptyText={emptyText ?? t('table.noResults')}
      />
      <div className="flex flex-col gap-3 border-t border-gray-200 px-4 py-3 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between">
        <p>{t('table.result', { count: page?.count ?? 0 })}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <div className="flex items-center gap-2">
            <label htmlFor={pageSizeId}>{t('table.perPage')}</label>
            <select
              id={pageSizeId}
              value={paging.pageSize}
              onChange={(event) => paging.setPageSize(Number(event.target.value) as TPageSize)}
              className="rounded-lg border-0 bg-white py-1.5 pr-7 pl-2.5 text-sm ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-primary-600"
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-1">
            <span className="mr-2 whitespace-nowrap">
              {t('table.page')} {page?.pageNumber ?? pageNumber} {t('table.of')} {page?.totalPages ?? 1}
            </span>
            <IconButton
              label={t('table.previousPage')}
              icon={ChevronLeftIcon}
              disabled={!page?.hasPreviousPage}
              onClick={() => setPageNumber(pageNumber - 1)}
            />
            <IconButton
              label={t('table.nextPage')}
              icon={ChevronRightIcon}
              disabled={!page?.hasNextPage}
              onClick={() => setPageNumber(pageNumber + 1)}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
