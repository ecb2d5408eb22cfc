import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import type { TSettingEntry } from '@pms/contract/settings';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDeleteSetting } from '../api/delete-setting.ts';
import { useSettings } from '../api/get-settings.ts';
import { CreateSettingDialog } from '../components/create-setting-dialog.tsx';

export function AdvancedSettingsRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const formatDateTime = useFormatDateTime();
  const paging = usePaging();
  const settings = useSettings(paging);
  const deleteSetting = useDeleteSetting();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const canWrite = can(user.role, 'advancedSettings', 'write');

  const remove = async (entry: TSettingEntry) => {
    const isConfirmed = await openConfirmDialog({
      title: t('settings.advanced.deleteTitle'),
      subtitle: (
        <Trans
          i18nKey="settings.advanced.deleteText"
          values={{ key: entry.key }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteSetting.mutate(entry.id, { onSuccess: () => toast.success(t('settings.advanced.deleted')) });
  };

  const removeSelected = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('settings.advanced.deleteSelectedTitle', { count: selectedIds.size }),
      subtitle: t('settings.advanced.deleteSelectedText'),
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    const results = await Promise.allSettled([...selectedIds].map((id) => deleteSetting.mutateAsync(id)));
    setSelectedIds(new Set());
    const deleted = results.filter((result) => result.status === 'fulfilled').length;
    if (deleted > 0) toast.success(t('settings.advanced.deletedCount', { count: deleted }));
  };

  const columns: TColumn<TSettingEntry>[] = [
    {
      id: 'key',
      header: t('settings.advanced.key'),
      cell: (entry) => <span className="font-mono text-[13px] text-gray-900">{entry.key}</span>,
    },
    {
      id: 'value',
      header: t('settings.advanced.value'),
      cell: (entry) => (
        <span className="block max-w-xs truncate font-mono text-[13px] text-gray-600">{entry.value}</span>
      ),
    },
    {
      id: 'secret',
      header: t('settings.advanced.secret'),
      cell: (entry) =>
        entry.secret ? <Badge color="amber">{t('settings.advanced.secretBadge')}</Badge> : null,
    },
    {
      id: 'created',
      header: t('common.created'),
      cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</span>,
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'w-12 text-right',
      cell: (entry) => (
        <IconButton
          label={t('settings.advanced.deleteLabel', { key: entry.key })}
          icon={TrashIcon}
          className="-my-2 hover:text-red-600"
          onClick={() => void remove(entry)}
        />
      ),
    });
  }

  return (
    <Card
      isFlush
      title={t('settings.advanced.title')}
      description={t('settings.advanced.description')}
      actions={
        canWrite && (
          <>
            {selectedIds.size > 0 && (
              <Button variant="secondary" icon={TrashIcon} onClick={() => void removeSelected()}>
                {t('settings.advanced.deleteSelected', { count: selectedIds.size })}
              </Button>
            )}
            <Button icon={PlusIcon} onClick={() => setIsCreateOpen(true)}>
              {t('settings.advanced.create')}
            </Button>
          </>
        )
      }
    >
      <PagedTable
        label={t('settings.advanced.title')}
        columns={columns}
        query={settings}
        paging={paging}
        selection={canWrite ? { selectedIds, onChange: setSelectedIds } : undefined}
        emptyText={t('settings.advanced.empty')}
      />
      <CreateSettingDialog open={isCreateOpen} onClose={() => setIsCreateOpen(false)} />
    </Card>
  );
}
