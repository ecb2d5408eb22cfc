import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemTypes, type TItemType } from '@pms/contract/base-data';
import type { TItemsReportRow } from '@pms/contract/reports';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CheckboxField, Field, Select } from '../../../ui/field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { itemsReportQuery, useItemsReport } from '../api/get-items-report.ts';
import type { TDatePeriodState } from '../../../shared/periods/index.ts';
import { DownloadButton } from './download-button.tsx';

type TRow = TItemsReportRow & { id: string };

/** Revenue per item type and item for the period, optionally per room, with a totals row and CSV. */
export function ItemsReport({ period }: { period: TDatePeriodState }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const [itemType, setItemType] = useState<TItemType | null>(null);
  const [groupByRoom, setGroupByRoom] = useState(false);
  const filter = period.range ? { ...period.range, itemType, groupByRoom } : null;
  const report = useItemsReport(filter);

  const columns: TColumn<TRow>[] = [
    ...(groupByRoom
      ? [{ id: 'room', header: t('reports.items.room'), cell: (row: TRow) => row.roomNumber ?? '–' }]
      : []),
    {
      id: 'type',
      header: t('reports.items.type'),
      cell: (row) => (row.itemType ? t(`reports.itemTypes.${row.itemType}`) : '–'),
    },
    { id: 'item', header: t('reports.items.item'), cell: (row) => row.itemName },
    {
      id: 'quantity',
      header: t('reports.items.quantity'),
      cell: (row) => row.quantity,
      className: 'text-right',
    },
    {
      id: 'net',
      header: t('reports.items.net'),
      cell: (row) => formatMoney(row.netAmount),
      className: 'text-right',
    },
    {
      id: 'tax',
      header: t('reports.items.tax'),
      cell: (row) => formatMoney(row.taxAmount),
      className: 'text-right',
    },
    {
      id: 'gross',
      header: t('reports.items.gross'),
      cell: (row) => formatMoney(row.grossAmount),
      className: 'text-right',
    },
  ];

  const content = () => {
    if (!filter) return null;
    if (report.isPending) return <Spinner />;
    if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
    const { rows, totals } = report.data;
    return (
      <DataTable
        label={t('reports.items.title')}
        columns={columns}
        rows={rows.map((row, index) => ({ ...row, id: `${row.roomNumber ?? ''}:${row.itemId ?? index}` }))}
        aggregate={{
          [columns[0]!.id]: t('reports.total'),
          quantity: totals.quantity,
          net: formatMoney(totals.netAmount),
          tax: formatMoney(totals.taxAmount),
          gross: formatMoney(totals.grossAmount),
        }}
        emptyText={t('reports.items.empty')}
      />
    );
  };

  return (
    <Card
      isFlush
      title={t('reports.items.title')}
      description={t('reports.items.description')}
      actions={
        <DownloadButton
          label={t('reports.downloadCsv')}
          download={
            filter && {
              path: '/reports/items',
              query: { ...itemsReportQuery(filter), format: 'csv' },
              fallbackName: `items_${filter.from}_${filter.to}.csv`,
            }
          }
        />
      }
    >
      <div className="flex flex-wrap items-end gap-6 border-b border-gray-100 p-4">
        <Field label={t('reports.items.type')} className="w-56">
          <Select
            value={itemType ?? ''}
            onChange={(event) => setItemType(itemTypes.find((type) => type === event.target.value) ?? null)}
          >
            <option value="">{t('reports.items.allTypes')}</option>
            {itemTypes.map((type) => (
              <option key={type} value={type}>
                {t(`reports.itemTypes.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <CheckboxField
          label={t('reports.items.groupByRoom')}
          checked={groupByRoom}
          onChange={(event) => setGroupByRoom(event.target.checked)}
        />
      </div>
      {content()}
    </Card>
  );
}
