import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '@heroicons/react/24/outline';
import type { TBaseData } from '@pms/contract';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PagedTable, usePaging, type TColumn } from '../../../ui/paged-table.tsx';
import type { TCollection } from '../api/base-data-collections.ts';
import { useBaseDataPage } from '../api/get-base-data-page.ts';
import type { TDialogState } from './record-dialog.tsx';
import { useCanWriteBaseData, type TRecordKind } from './record-kinds.ts';
import { RowActions } from './row-actions.tsx';
import { useRemoveRecord } from './use-remove-record.tsx';

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
  /** Filter controls above the table. */
  filters?: ReactNode;
  /** Why nothing can be created yet (a missing tax rate, say); it disables the create button. */
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
  isDeletable = () => true,
  detailRoute,
  filters,
  blocker,
  renderDialog,
}: TRecordListProps<TRecord>) {
  const { t } = useTranslation();
  const canWrite = useCanWriteBaseData();
  const paging = usePaging();
  const page = useBaseDataPage(rowsOf, paging);
  const { remove } = useRemoveRecord();
  // The key gives every opening a fresh form.
  const [dialog, setDialog] = useState<{ open: boolean; record: TRecord | null; key: number }>({
    open: false,
    record: null,
    key: 0,
  });
  const openDialog = (record: TRecord | null) =>
    setDialog((current) => ({ open: true, record, key: current.key + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const allColumns: TColumn<TRecord>[] = canWrite
    ? [
        ...columns,
        {
          id: 'actions',
          header: <span className="sr-only">{t('common.actions')}</span>,
          className: 'w-24 text-right',
          cell: (record) => (
            <RowActions
              name={nameOf(record)}
              onEdit={() => openDialog(record)}
              onDelete={
                isDeletable(record)
                  ? () => void remove({ kind, collection, id: record.id, name: nameOf(record) })
                  : undefined
              }
            />
          ),
        },
      ]
    : columns;

  return (
    <Card
      isFlush
      title={t(`baseData.${kind}.title`)}
      description={t(`baseData.${kind}.description`)}
      actions={
        canWrite && (
          <Button icon={PlusIcon} disabled={Boolean(blocker)} onClick={() => openDialog(null)}>
            {t(`baseData.${kind}.create`)}
          </Button>
        )
      }
    >
      {(filters || (canWrite && blocker)) && (
        <div className="space-y-4 border-b border-gray-100 px-5 py-4">
          {canWrite && blocker && <Alert type="info">{blocker}</Alert>}
          {filters}
        </div>
      )}
      <PagedTable
        label={t(`baseData.${kind}.title`)}
        columns={allColumns}
        query={page}
        paging={paging}
        detailRoute={detailRoute}
        emptyText={t(`baseData.${kind}.empty`)}
      />
      {canWrite && (
        <Fragment key={dialog.key}>
          {renderDialog({ open: dialog.open, record: dialog.record, onClose: closeDialog })}
        </Fragment>
      )}
    </Card>
  );
}
