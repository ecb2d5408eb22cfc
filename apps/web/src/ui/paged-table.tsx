import clsx from 'clsx';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/24/outline';
import { pageSizes, type TPageSize } from '@pms/contract/page-sizes';
import type { TPaged, TPageQuery } from '@pms/contract/paging';
import { sessionStore, useSessionState } from '../lib/session-store.ts';
import { IconButton } from './button.tsx';
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

export type TColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
};

type TSelection = { selectedIds: ReadonlySet<string>; onChange: (selectedIds: Set<string>) => void };

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

  const rows = query.data.data;
  const rowIds = rows.map((row) => row.id);
  const isPageSelected =
    selection !== undefined && rows.length > 0 && rowIds.every((id) => selection.selectedIds.has(id));

  const togglePage = () => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    for (const id of rowIds) {
      if (isPageSelected) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };

  const toggleRow = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selectedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  const renderCell = (row: T, column: TColumn<T>, index: number) => {
    const content = column.cell(row);
    if (index !== 0 || !detailRoute) return content;
    return (
      <Link
        to={generatePath(detailRoute, { id: row.id })}
        className="font-medium text-primary-700 hover:underline"
      >
        {content}
      </Link>
    );
  };

  return (
    <div className={clsx(query.isPlaceholderData && 'opacity-60 transition-opacity')}>
      <div
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-500"
        // A table wider than the screen scrolls sideways: keyboard users reach it by Tab.
        tabIndex={0}
      >
        <table aria-label={label} className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50">
            <tr>
              {selection && (
                <th scope="col" className="w-10 px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={t('table.selectPage')}
                    checked={isPageSelected}
                    onChange={togglePage}
                    className="size-4 accent-primary-600"
                  />
                </th>
              )}
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={clsx(
                    'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase',
                    column.className,
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {rows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length + (selection ? 1 : 0)}
                  className="px-4 py-12 text-center text-gray-500"
                >
                  {emptyText ?? t('table.noResults')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="hover:bg-gray-50">
                  {selection && (
                    <td className="w-10 px-4 py-3">
                      <input
                        type="checkbox"
                        aria-label={t('table.selectRow')}
                        checked={selection.selectedIds.has(row.id)}
                        onChange={() => toggleRow(row.id)}
                        className="size-4 accent-primary-600"
                      />
                    </td>
                  )}
                  {columns.map((column, index) => (
                    <td key={column.id} className={clsx('px-4 py-3 text-gray-700', column.className)}>
                      {renderCell(row, column, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {aggregate && rows.length > 0 && (
            <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold text-gray-900">
              <tr>
                {selection && <td />}
                {columns.map((column) => (
                  <td key={column.id} className={clsx('px-4 py-3', column.className)}>
                    {aggregate[column.id]}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
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
