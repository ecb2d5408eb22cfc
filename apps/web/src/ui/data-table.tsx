import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { TColumn } from './paged-table.tsx';

type TDataTableProps<T extends { id: string }> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly TColumn<T>[];
  rows: readonly T[];
  /** Cells of a summary row under the rows, by column id. */
  aggregate?: Partial<Record<string, ReactNode>>;
  emptyText: string;
};

/** A table of rows the server sends whole (no paging), with the paged table's columns and look. */
export function DataTable<T extends { id: string }>({
  label,
  columns,
  rows,
  aggregate,
  emptyText,
}: TDataTableProps<T>) {
  // Without rows a plain text says so, readable on a phone where the table would scroll sideways.
  if (rows.length === 0) return <p className="px-4 py-12 text-center text-sm text-gray-500">{emptyText}</p>;
  return (
    <div
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-500"
      // A table wider than the screen scrolls sideways: keyboard users reach it by Tab.
      tabIndex={0}
    >
      <table aria-label={label} className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50">
          <tr>
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
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.id} className={clsx('px-4 py-3 text-gray-700', column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {aggregate && (
          <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold text-gray-900">
            <tr>
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
