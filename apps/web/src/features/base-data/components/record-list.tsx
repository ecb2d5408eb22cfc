import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBaseData } from '@pms/contract/base-data';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import type { TCollection } from '../api/base-data-collections.ts';
import { useBaseDataPage } from '../api/get-base-data-page.ts';
import type { TDialogState } from './record-dialog.tsx';
import { RecordCard } from './record-card.tsx';
import type { TRecordKind } from './record-kinds.ts';
import { useRecordActions } from './use-record-actions.tsx';

type TRecordListProps<TRecord extends { id: string }> = {
  kind: Exclude<TRecordKind, 'ratePrices' | 'rateItems'>;
  collection: TCollection<unknown, unknown>;
  /** The rows from the cached base data, filtered and sorted as shown. */
  rowsOf: (baseData: TBaseData) => TRecord[];
  columns: TColumn<TRecord>[];
  nameOf: (record: TRecord) => string;
  isDeletable?: (record: TRecord) => boolean;
  /** A route with an `:id` parameter the first cell links to. */
  detailRoute?: string;
  filters?: ReactNode;
  blocker?: string | null;
  renderDialog: (dialog: TDialogState<TRecord>) => ReactNode;
};

/** The one list of a kind of base data: paged table, create and edit dialog, confirmed delete. */
export function RecordList<TRecord extends { id: string }>({
  kind,
  collection,
  rowsOf,
  columns,
  nameOf,
  isDeletable,
  detailRoute,
  filters,
  blocker,
  renderDialog,
}: TRecordListProps<TRecord>) {
  const { t } = useTranslation();
  const paging = usePaging();
  const page = useBaseDataPage(rowsOf, paging);
  const actions = useRecordActions({ kind, collection, nameOf, isDeletable, renderDialog });

  return (
    <RecordCard
      kind={kind}
      onCreate={actions.canWrite ? actions.openCreate : undefined}
      blocker={blocker}
      filters={filters}
    >
      <PagedTable
        label={t(`baseData.${kind}.title`)}
        columns={actions.withActions(columns)}
        query={page}
        paging={paging}
        detailRoute={detailRoute}
        emptyText={t(`baseData.${kind}.empty`)}
      />
      {actions.dialog}
    </RecordCard>
  );
}
