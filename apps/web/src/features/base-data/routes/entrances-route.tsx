import { useTranslation } from 'react-i18next';
import { ZCreateAccessPointRequest, type TAccessPointRecord } from '@pms/contract/doors';
import { Card } from '../../../ui/card.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { textOrNull } from '../../../lib/form-inputs.ts';
import { createEntrance, entrancesCollection, updateEntrance, useEntrances } from '../api/entrances.ts';
import { OptionalLabel } from '../components/optional-label.tsx';
import { RecordCard } from '../components/record-card.tsx';
import { RecordDialog, type TDialogState } from '../components/record-dialog.tsx';
import { useRecordActions } from '../components/use-record-actions.tsx';

const ZEntranceForm = ZCreateAccessPointRequest.extend({
  lockId: textOrNull(ZCreateAccessPointRequest.shape.lockId.unwrap()),
});

function EntranceDialog({ open, record, onClose }: TDialogState<TAccessPointRecord>) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      kind="entrances"
      isNew={!record}
      open={open}
      onClose={onClose}
      schema={ZEntranceForm}
      defaultValues={{ name: record?.name ?? '', lockId: record?.lockId ?? '' }}
      save={(values) => (record ? updateEntrance(record.id, values) : createEntrance(values))}
    >
      {({ register, formState: { errors } }) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('baseData.entrances.name')} error={errors.name?.message}>
            <Input autoComplete="off" {...register('name')} />
          </Field>
          <Field
            label={<OptionalLabel>{t('baseData.entrances.lockId')}</OptionalLabel>}
            description={t('baseData.entrances.lockIdHint')}
            error={errors.lockId?.message}
          >
            <Input autoComplete="off" className="font-mono" {...register('lockId')} />
          </Field>
        </div>
      )}
    </RecordDialog>
  );
}

/** The room doors are not edited here: each follows its room, named by the room number. */
function RoomDoors() {
  const { t } = useTranslation();
  const rooms = useBaseData().data?.rooms ?? [];
  return (
    <Card title={t('baseData.entrances.roomDoorsTitle')} description={t('baseData.entrances.roomDoorsText')}>
      <p className="text-sm text-gray-700">
        <span className="font-medium text-gray-900">
          {t('baseData.entrances.roomDoorsCount', { count: rooms.length })}
        </span>
        {rooms.length > 0 && ` · ${rooms.map((room) => room.number).join(', ')}`}
      </p>
    </Card>
  );
}

/** Base data's entrances: list, add, rename and delete; the room doors shown read-only below. */
export function EntrancesRoute() {
  const { t } = useTranslation();
  const paging = usePaging();
  const entrances = useEntrances(paging);
  const actions = useRecordActions<TAccessPointRecord>({
    kind: 'entrances',
    collection: entrancesCollection,
    nameOf: (entrance) => entrance.name,
    renderDialog: (dialog) => <EntranceDialog {...dialog} />,
  });
  const columns: TColumn<TAccessPointRecord>[] = [
    {
      id: 'name',
      header: t('baseData.entrances.name'),
      cell: (entrance) => <span className="font-medium text-gray-900">{entrance.name}</span>,
    },
    {
      id: 'lockId',
      header: t('baseData.entrances.lockId'),
      cell: (entrance) => entrance.lockId && <span className="font-mono">{entrance.lockId}</span>,
    },
  ];

  return (
    <div className="space-y-6">
      <RecordCard kind="entrances" onCreate={actions.canWrite ? actions.openCreate : undefined}>
        <PagedTable
          label={t('baseData.entrances.title')}
          columns={actions.withActions(columns)}
          query={entrances}
          paging={paging}
          emptyText={t('baseData.entrances.empty')}
        />
        {actions.dialog}
      </RecordCard>
      <RoomDoors />
    </div>
  );
}
