import { useTranslation } from 'react-i18next';
import type { TTaxRate } from '@pms/contract/base-data';
import type { TColumn } from '../../../ui/data-table.tsx';
import { collections } from '../api/base-data-collections.ts';
import { useFormatPercentage } from '../../../shared/base-data/index.ts';
import { RecordList } from '../components/record-list.tsx';
import { TaxRateDialog } from '../components/tax-rate-dialog.tsx';

export function TaxRatesRoute() {
  const { t } = useTranslation();
  const formatPercentage = useFormatPercentage();
  const columns: TColumn<TTaxRate>[] = [
    {
      id: 'name',
      header: t('baseData.taxRates.name'),
      cell: (taxRate) => <span className="font-medium text-gray-900">{taxRate.name}</span>,
    },
    {
      id: 'percentage',
      header: t('baseData.taxRates.percentage'),
      className: 'text-right',
      cell: (taxRate) => <span className="tabular-nums">{formatPercentage(taxRate.percentage)}</span>,
    },
    {
      id: 'accountNumber',
      header: t('baseData.taxRates.accountNumber'),
      cell: (taxRate) => taxRate.accountNumber,
    },
    { id: 'taxCode', header: t('baseData.taxRates.taxCode'), cell: (taxRate) => taxRate.taxCode },
  ];

  return (
    <RecordList
      kind="taxRates"
      collection={collections.taxRates}
      rowsOf={(baseData) => baseData.taxRates}
      columns={columns}
      nameOf={(taxRate) => taxRate.name}
      renderDialog={(dialog) => <TaxRateDialog {...dialog} />}
    />
  );
}
