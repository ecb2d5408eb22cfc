import { useTranslation } from 'react-i18next';
import type { TGuestStatisticsRow } from '@pms/contract/reports';
import { countryName } from '../../../lib/countries.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useGuestStatistics } from '../api/get-guest-statistics.ts';
import type { TDatePeriodState } from '../../../shared/periods/index.ts';
import { DownloadButton } from './download-button.tsx';

type TRow = TGuestStatisticsRow & { id: string };

/** Arrivals and overnight stays per country of residence, the nationality flagged where it stands in. */
export function GuestStatistics({ period }: { period: TDatePeriodState }) {
  const { t, i18n } = useTranslation();
  const { range } = period;
  const statistics = useGuestStatistics(range);

  const columns: TColumn<TRow>[] = [
    {
      id: 'country',
      header: t('reports.statistics.country'),
      cell: (row) =>
        row.country ? (
          <span>
            {countryName(row.country.toLowerCase(), i18n.language)}
            {row.source === 'nationality' && (
              <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">
                {t('reports.statistics.byNationality')}
              </span>
            )}
          </span>
        ) : (
          t('reports.statistics.unknown')
        ),
    },
    {
      id: 'arrivals',
      header: t('reports.statistics.arrivals'),
      cell: (row) => row.arrivals,
      className: 'text-right',
    },
    {
      id: 'nights',
      header: t('reports.statistics.overnightStays'),
      cell: (row) => row.overnightStays,
      className: 'text-right',
    },
  ];

  const content = () => {
    if (!range) return null;
    if (statistics.isPending) return <Spinner />;
    if (statistics.isError)
      return <ErrorState error={statistics.error} onRetry={() => void statistics.refetch()} />;
    const { rows, totals } = statistics.data;
    return (
      <DataTable
        label={t('reports.statistics.title')}
        columns={columns}
        rows={rows.map((row) => ({ ...row, id: `${row.source}:${row.country ?? ''}` }))}
        aggregate={{ country: t('reports.total'), arrivals: totals.arrivals, nights: totals.overnightStays }}
        emptyText={t('reports.statistics.empty')}
      />
    );
  };

  return (
    <Card
      isFlush
      title={t('reports.statistics.title')}
      description={t('reports.statistics.description')}
      actions={
        <DownloadButton
          label={t('reports.downloadCsv')}
          download={
            range && {
              path: '/reports/guest_statistics',
              query: { ...range, format: 'csv' },
              fallbackName: `guest-statistics_${range.from}_${range.to}.csv`,
            }
          }
        />
      }
    >
      {content()}
    </Card>
  );
}
