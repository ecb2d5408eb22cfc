import { useTranslation } from 'react-i18next';
import type { TItem } from '@pms/contract/base-data';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Badge } from '../../../ui/badge.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { collections } from '../api/base-data-collections.ts';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { ActiveBadge } from '../components/active-badge.tsx';
import { ItemDialog } from '../components/item-dialog.tsx';
import { RecordList } from '../components/record-list.tsx';

export function ItemsRoute() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const taxRates = useBaseData().data?.taxRates ?? [];

  const columns: TColumn<TItem>[] = [
    {
      id: 'name',
      header: t('baseData.items.name'),
      cell: (item) => (
        <span className="flex items-center gap-2 font-medium text-gray-900">
          {item.name}
          {item.isOvernight && <Badge color="primary">{t('baseData.items.virtual')}</Badge>}
        </span>
      ),
    },
    { id: 'type', header: t('baseData.items.type'), cell: (item) => t(`baseData.items.types.${item.type}`) },
    {
      id: 'price',
      header: t('baseData.items.price'),
      className: 'text-right whitespace-nowrap',
      cell: (item) =>
        item.amount === null ? (
          <span className="text-gray-500">{t('baseData.items.priceByRates')}</span>
        ) : (
          <span className="tabular-nums">{formatMoney(item.amount)}</span>
        ),
    },
    { id: 'taxRate', header: t('baseData.items.taxRate'), cell: (item) => item.taxRate?.name },
    {
      id: 'status',
      header: t('baseData.items.status'),
      cell: (item) => <ActiveBadge isActive={item.active} />,
    },
  ];

  return (
    <RecordList
      kind="items"
      collection={collections.items}
      rowsOf={(baseData) => baseData.items}
      columns={columns}
      nameOf={(item) => item.name}
      isDeletable={(item) => !item.isOvernight}
      blocker={taxRates.length === 0 ? t('baseData.items.needsTaxRate') : null}
      renderDialog={(dialog) => <ItemDialog {...dialog} taxRates={taxRates} />}
    />
  );
}
