import { useTranslation } from 'react-i18next';
import type { TRate } from '@pms/contract/base-data';
import { Badge } from '../../../ui/badge.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { collections } from '../api/base-data-collections.ts';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { ratePath } from '../base-data-tabs.ts';
import { ActiveBadge } from '../components/active-badge.tsx';
import { RateDialog } from '../components/rate-dialog.tsx';
import { RecordList } from '../components/record-list.tsx';

export function RatesRoute() {
  const { t } = useTranslation();
  const hasTaxRate = (useBaseData().data?.taxRates.length ?? 0) > 0;
  const columns: TColumn<TRate>[] = [
    { id: 'name', header: t('baseData.rates.name'), cell: (rate) => rate.name },
    {
      id: 'code',
      header: t('baseData.rates.code'),
      cell: (rate) => <code className="font-mono text-xs">{rate.code}</code>,
    },
    {
      id: 'status',
      header: t('baseData.rates.status'),
      cell: (rate) => (
        <span className="flex flex-wrap gap-1.5">
          <ActiveBadge isActive={rate.active} />
          {rate.isStandard && <Badge color="primary">{t('baseData.rates.standard')}</Badge>}
        </span>
      ),
    },
    {
      id: 'contents',
      header: t('baseData.rates.contents'),
      cell: (rate) => (
        <span className="whitespace-nowrap">
          {t('baseData.rates.priceCount', { count: rate.prices.length })},{' '}
          {t('baseData.rates.itemCount', { count: rate.items.length })}
        </span>
      ),
    },
  ];

  return (
    <RecordList
      kind="rates"
      collection={collections.rates}
      rowsOf={(baseData) => baseData.rates}
      columns={columns}
      nameOf={(rate) => rate.name}
      detailRoute={ratePath}
      blocker={hasTaxRate ? null : t('baseData.rates.needsTaxRate')}
      renderDialog={(dialog) => <RateDialog {...dialog} />}
    />
  );
}
