import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import { IconButton } from '../../../ui/button.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import type { TCollection } from '../api/base-data-collections.ts';
import type { TDialogState } from './record-dialog.tsx';
import { useCanWriteBaseData, type TRecordKind } from './record-kinds.ts';
import { useRemoveRecord } from './use-remove-record.tsx';

type TRecordActionsOptions<TRecord extends { id: string }> = {
  kind: TRecordKind;
  collection: TCollection<unknown, unknown>;
  nameOf: (record: TRecord) => string;
  isDeletable?: (record: TRecord) => boolean;
  renderDialog: (dialog: TDialogState<TRecord>) => ReactNode;
};

/**
 * What a table of base data records needs to change them: an edit and a delete button per row,
 * and the create and edit dialog. A role that may not write gets neither.
 */
export function useRecordActions<TRecord extends { id: string }>({
  kind,
  collection,
  nameOf,
  isDeletable = () => true,
  renderDialog,
}: TRecordActionsOptions<TRecord>) {
  const { t } = useTranslation();
  const canWrite = useCanWriteBaseData();
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

  const actionsColumn: TColumn<TRecord> = {
    id: 'actions',
    header: <span className="sr-only">{t('common.actions')}</span>,
    className: 'w-24 text-right',
    cell: (record) => {
      const name = nameOf(record);
      return (
        <div className="-my-2 flex justify-end gap-1">
          <IconButton
            label={t('baseData.editLabel', { name })}
            icon={PencilSquareIcon}
            onClick={() => openDialog(record)}
          />
          {isDeletable(record) && (
            <IconButton
              label={t('baseData.deleteLabel', { name })}
              icon={TrashIcon}
              className="hover:text-red-600"
              onClick={() => void remove({ kind, collection, id: record.id, name })}
            />
          )}
        </div>
      );
    },
  };

  return {
    canWrite,
    withActions: (columns: TColumn<TRecord>[]) => (canWrite ? [...columns, actionsColumn] : columns),
    openCreate: () => openDialog(null),
    dialog: canWrite ? (
      <Fragment key={dialog.key}>
        {renderDialog({ open: dialog.open, record: dialog.record, onClose: closeDialog })}
      </Fragment>
    ) : null,
  };
}
