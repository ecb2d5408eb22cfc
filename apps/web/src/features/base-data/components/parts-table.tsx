import clsx from 'clsx';
import type { TColumn } from '../../../ui/paged-table.tsx';

type TPartsTableProps<TRow extends { id: string }> = {
  label: string;
  columns: readonly TColumn<TRow>[];
  rows: readonly TRow[];
  emptyText: string;
};

/** A short table of a record's parts (a rate's prices or items): all rows, no paging. */
export function PartsTable<TRow extends { id: string }>({
  label,
  columns,
  rows,
  emptyText,
}: TPartsTableProps<TRow>) {
  return (
    <div className="relative overflow-x-auto">
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
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-gray-500">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="hover:bg-gray-50">
                {columns.map((column) => (
                  <td key={column.id} className={clsx('px-4 py-3 text-gray-700', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
