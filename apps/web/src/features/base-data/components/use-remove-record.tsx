import { Trans, useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import type { TCollection } from '../api/base-data-collections.ts';
import { useDeleteRecord } from '../api/delete-record.ts';
import type { TRecordKind } from './record-kinds.ts';

type TRemoval = {
  kind: TRecordKind;
  collection: TCollection<unknown, unknown>;
  id: string;
  /** How the confirmation names the record. */
  name: string;
  onDeleted?: () => void;
};

/** Deletes a record once the user confirms; a record still in use stays and says why. */
export function useRemoveRecord() {
  const { t } = useTranslation();
  const deleteRecord = useDeleteRecord();

  const remove = async ({ kind, collection, id, name, onDeleted }: TRemoval) => {
    const isConfirmed = await openConfirmDialog({
      title: t(`baseData.${kind}.deleteTitle`),
      subtitle: (
        <Trans
          i18nKey={`baseData.${kind}.deleteText`}
          values={{ name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    try {
      // Awaited rather than passed callbacks: a deleted rate's page goes away before it is done.
      await deleteRecord.mutateAsync({ collection, id });
    } catch {
      return; // The toast of the mutation cache says why (base_data/in_use, say).
    }
    toast.success(t(`baseData.${kind}.deleted`));
    onDeleted?.();
  };

  return { remove, isDeleting: deleteRecord.isPending };
}
