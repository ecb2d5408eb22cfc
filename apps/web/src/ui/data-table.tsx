import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';

export type TColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
};

export type TSelection = { selectedIds: ReadonlySet<string>; onChange: (selectedIds: Set<string>) => void };

type TTableProps<T extends { id: string }> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly TColumn<T>[];
  rows: readonly T[];
  /** Cells of a summary row under the rows, by column id. */
  aggregate?: Partial<Record<string, ReactNode>> | undefined;
  /** A route path with an `:id` parameter; the first cell of each row links there. */
  detailRoute?: string | undefined;
  /** Turns on a checkbox per row and one for all rows shown. */
  selection?: TSelection | undefined;
  /** The row shown when there are no rows. */
  emptyText: string;
};

/** The one table: header, rows, optional selection, detail links and aggregate row; PagedTable pages it. */
export function Table<T extends { id: string }>({
  label,
  columns,
  rows,
  aggregate,
  detailRoute,
  selection,
  emptyText,
}: TTableProps<T>) {
  const { t } = useTranslation();
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
                {emptyText}
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
  );
}

type TDataTableProps<T extends { id: string }> = Pick<
  TTableProps<T>,
  'label' | 'columns' | 'rows' | 'aggregate' | 'emptyText'
>;

/** A table of rows the server sends whole (no paging). */
export function DataTable<T extends { id: string }>({ rows, emptyText, ...props }: TDataTableProps<T>) {
  // Without rows a plain text says so, readable on a phone where the table would scroll sideways.
  if (rows.length === 0) return <p className="px-4 py-12 text-center text-sm text-gray-500">{emptyText}</p>;
  return <Table rows={rows} emptyText={emptyText} {...props} />;
}
