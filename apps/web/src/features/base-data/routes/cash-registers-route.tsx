import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCashRegister } from '@pms/contract/cash';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { cashRegistersQueryOptions } from '../../../shared/cash-registers/index.ts';
import { Badge } from '../../../ui/badge.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { collection } from '../api/base-data-collections.ts';
import { pageOfRows } from '../api/get-base-data-page.ts';
import { CashRegisterDialog } from '../components/cash-register-dialog.tsx';
import { RecordCard } from '../components/record-card.tsx';
import { useRecordActions } from '../components/use-record-actions.tsx';

// Registers are never deleted (their receipts must be kept); the collection names them for the list.
const cashRegistersCollection = collection('/cash_registers');

/** Base data's cash registers: each with its law, signing adapter and the payment methods it signs. */
export function CashRegistersRoute() {
  const { t } = useTranslation();
  const paging = usePaging();
  const registers = useQuery({
    ...cashRegistersQueryOptions(),
    select: (rows) => pageOfRows(rows, paging),
  });
  const methodNames = new Map(useBaseData().data?.paymentMethods.map((method) => [method.id, method.name]));
  const actions = useRecordActions<TCashRegister>({
    kind: 'cashRegisters',
    collection: cashRegistersCollection,
    nameOf: (register) => register.name,
    isDeletable: () => false,
    renderDialog: (dialog) => <CashRegisterDialog {...dialog} />,
  });
  const columns: TColumn<TCashRegister>[] = [
    {
      id: 'name',
      header: t('baseData.cashRegisters.name'),
      cell: (register) => (
        <span className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
          {register.name}
          {register.adapter === 'simulator' && (
            <Badge color="amber">{t('baseData.cashRegisters.simulated')}</Badge>
          )}
          {register.isTraining && <Badge color="primary">{t('baseData.cashRegisters.training')}</Badge>}
          {register.deviceFailedAt && <Badge color="red">{t('baseData.cashRegisters.deviceFailed')}</Badge>}
        </span>
      ),
    },
    {
      id: 'country',
      header: t('baseData.cashRegisters.country'),
      cell: (register) => t(`baseData.cashRegisters.countries.${register.country}`),
    },
    {
      id: 'adapter',
      header: t('baseData.cashRegisters.adapter'),
      cell: (register) => t(`baseData.cashRegisters.adapters.${register.adapter}`),
    },
    {
      id: 'cashBoxId',
      header: t('baseData.cashRegisters.cashBoxId'),
      cell: (register) => <span className="font-mono">{register.cashBoxId}</span>,
    },
    {
      id: 'paymentMethods',
      header: t('baseData.cashRegisters.paymentMethods'),
      cell: (register) => register.paymentMethodIds.map((id) => methodNames.get(id) ?? '–').join(', '),
    },
  ];

  return (
    <RecordCard kind="cashRegisters" onCreate={actions.canWrite ? actions.openCreate : undefined}>
      <PagedTable
        label={t('baseData.cashRegisters.title')}
        columns={actions.withActions(columns)}
        query={registers}
        paging={paging}
        emptyText={t('baseData.cashRegisters.empty')}
      />
      {actions.dialog}
    </RecordCard>
  );
}
