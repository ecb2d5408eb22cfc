import { useTranslation } from 'react-i18next';
import type { TLevyReportRow } from '@pms/contract/local-tax';
import { dateFormatter } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import type { TDatePeriodState } from '../../../shared/periods/index.ts';
import { useLevyReport } from '../api/get-levy-report.ts';
import { DownloadButton } from './download-button.tsx';

type TRow = TLevyReportRow & { id: string };

/** The local tax per month and levy, as the town's monthly return asks: the months the period touches. */
export function LevyReport({ period }: { period: TDatePeriodState }) {
  const { t, i18n } = useTranslation();
  const formatMoney = useFormatMoney();
  const { range } = period;
  const months = range && { from: range.from.slice(0, 7), to: range.to.slice(0, 7) };
  const report = useLevyReport(months);
  const monthName = (month: string) =>
    dateFormatter(i18n.language, { month: 'long', year: 'numeric' })(`${month}-01`);

  const columns: TColumn<TRow>[] = [
    { id: 'month', header: t('reports.localTax.month'), cell: (row) => monthName(row.month) },
    {
      id: 'levy',
      header: t('reports.localTax.levy'),
      cell: (row) => <span className="font-medium text-gray-900">{row.levyName}</span>,
    },
    {
      id: 'nights',
      header: t('reports.localTax.nights'),
      cell: (row) => row.nights,
      className: 'text-right',
    },
    {
      id: 'persons',
      header: t('reports.localTax.persons'),
      cell: (row) => row.persons,
      className: 'text-right',
    },
    {
      id: 'exempt',
      header: t('reports.localTax.exempt'),
      cell: (row) =>
        row.exempt.length === 0
          ? '–'
          : row.exempt
              .map(
                (entry) =>
                  `${entry.reason ?? t(`reports.localTax.exemptions.${entry.exemption}`)}: ${entry.nights}`,
              )
              .join(', '),
    },
    {
      id: 'base',
      header: t('reports.localTax.base'),
      cell: (row) => (row.baseAmount > 0 ? formatMoney(row.baseAmount) : '–'),
      className: 'text-right tabular-nums',
    },
    {
      id: 'amount',
      header: t('reports.localTax.amount'),
      cell: (row) => formatMoney(row.amount),
      className: 'text-right tabular-nums',
    },
  ];

  const content = () => {
    if (!months) return null;
    if (report.isPending) return <Spinner />;
    if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
    const { rows } = report.data;
    return (
      <DataTable
        label={t('reports.localTax.title')}
        columns={columns}
        rows={rows.map((row) => ({ ...row, id: `${row.month}:${row.levyId}` }))}
        aggregate={{
          month: t('reports.total'),
          amount: formatMoney(rows.reduce((sum, row) => sum + row.amount, 0)),
        }}
        emptyText={t('reports.localTax.empty')}
      />
    );
  };

  return (
    <Card
      isFlush
      title={t('reports.localTax.title')}
      description={t('reports.localTax.description')}
      actions={
        <DownloadButton
          label={t('reports.downloadCsv')}
          download={
            months && {
              path: '/reports/local_tax',
              query: { ...months, format: 'csv' },
              fallbackName: `local-tax_${months.from}_${months.to}.csv`,
            }
          }
        />
      }
    >
      {content()}
    </Card>
  );
}
