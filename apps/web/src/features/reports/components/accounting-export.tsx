import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useAccountingExport } from '../api/get-accounting-export.ts';
import type { TDatePeriodState } from '../../../shared/periods/index.ts';
import { DownloadButton } from './download-button.tsx';

/** The financial accounting export: DATEV Buchungsstapel or plain CSV of the period's postings. */
export function AccountingExport({ period }: { period: TDatePeriodState }) {
  const { t } = useTranslation();
  const { range } = period;
  const postings = useAccountingExport(range);

  const summary = () => {
    if (!range) return null;
    if (postings.isPending) return <Spinner />;
    if (postings.isError)
      return <ErrorState error={postings.error} onRetry={() => void postings.refetch()} />;
    const all = postings.data.postings;
    if (all.length === 0) return <p className="text-sm text-gray-500">{t('reports.accounting.empty')}</p>;
    const missingAccounts = all.filter((posting) => !posting.account || !posting.contraAccount).length;
    return (
      <div className="space-y-2 text-sm text-gray-700">
        <p>
          {t('reports.accounting.summary', {
            revenue: all.filter((posting) => posting.kind === 'revenue').length,
            payments: all.filter((posting) => posting.kind === 'payment').length,
          })}
        </p>
        {missingAccounts > 0 && (
          <p className="text-amber-700">
            {t('reports.accounting.missingAccounts', { count: missingAccounts })}
          </p>
        )}
      </div>
    );
  };

  const download = (format: 'datev' | 'csv') =>
    range && {
      path: '/reports/accounting',
      query: { ...range, format },
      fallbackName:
        format === 'datev'
          ? `EXTF_Buchungsstapel_${range.from}_${range.to}.csv`
          : `postings_${range.from}_${range.to}.csv`,
    };

  return (
    <Card title={t('reports.accounting.title')} description={t('reports.accounting.description')}>
      <div className="space-y-6">
        {summary()}
        <div className="flex flex-wrap gap-6">
          <DownloadButton
            variant="primary"
            label={t('reports.accounting.datev')}
            download={download('datev')}
          />
          <DownloadButton label={t('reports.accounting.csv')} download={download('csv')} />
        </div>
        <p className="text-sm text-gray-500">{t('reports.accounting.hint')}</p>
      </div>
    </Card>
  );
}
