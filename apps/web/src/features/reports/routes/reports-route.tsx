import { useTranslation } from 'react-i18next';
import { Card } from '../../../ui/card.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTabs } from '../../../ui/query-tabs.tsx';
import { AccountingExport } from '../components/accounting-export.tsx';
import { GuestStatistics } from '../components/guest-statistics.tsx';
import { ItemsReport } from '../components/items-report.tsx';
import { LevyReport } from '../components/levy-report.tsx';
import { PeriodPicker, useDatePeriod } from '../../../shared/periods/index.ts';

/** Reports: items, the accounting export, guest statistics and the local tax, for one period chosen above them. */
export function ReportsRoute() {
  const { t } = useTranslation();
  const period = useDatePeriod('last_month');
  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <div className="space-y-6">
        <Card>
          <PeriodPicker state={period} />
        </Card>
        <QueryTabs
          label={t('reports.tabsLabel')}
          tabs={[
            { key: 'items', label: t('reports.tabs.items'), content: <ItemsReport period={period} /> },
            {
              key: 'accounting',
              label: t('reports.tabs.accounting'),
              content: <AccountingExport period={period} />,
            },
            {
              key: 'statistics',
              label: t('reports.tabs.statistics'),
              content: <GuestStatistics period={period} />,
            },
            { key: 'localTax', label: t('reports.tabs.localTax'), content: <LevyReport period={period} /> },
          ]}
        />
      </div>
    </>
  );
}
