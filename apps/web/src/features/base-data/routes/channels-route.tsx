import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  ArrowPathIcon,
  GlobeAltIcon,
  PencilSquareIcon,
  PlusIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import type { TChannel, TChannelFeed } from '@pms/contract/channels';
import { can } from '@pms/contract/permissions';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useChannels } from '../../../shared/channels/index.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner, SpinnerIcon } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteChannel, useSynchronize } from '../api/channels.ts';
import { ChannelDialog } from '../components/channel-dialog.tsx';
import { ChannelFeeds } from '../components/channel-feeds.tsx';
import { ImportUrlDialog } from '../components/import-url-dialog.tsx';
import { SyncReport } from '../components/sync-report.tsx';

type TChannelSectionProps = {
  channel: TChannel;
  canWrite: boolean;
  onEdit: () => void;
  onEditImport: (feed: TChannelFeed) => void;
};

/** One channel: its colour and name, its settings in short, and its feed per room. */
function ChannelSection({ channel, canWrite, onEdit, onEditImport }: TChannelSectionProps) {
  const { t } = useTranslation();
  const deleteChannel = useDeleteChannel();

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('baseData.channels.deleteTitle'),
      subtitle: (
        <Trans
          i18nKey="baseData.channels.deleteText"
          values={{ name: channel.name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteChannel.mutate(channel.id, { onSuccess: () => toast.success(t('baseData.channels.deleted')) });
  };

  return (
    <Card
      isFlush
      title={
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-full ring-1 ring-gray-900/10"
            style={{ backgroundColor: channel.color }}
          />
          {channel.name}
        </span>
      }
      description={
        <span className="flex flex-wrap gap-1.5 pt-1">
          <Badge>
            {t(`baseData.channels.${channel.dtendIsCheckOut ? 'dtendCheckOutShort' : 'dtendLastNightShort'}`)}
          </Badge>
          <Badge color={channel.conflictMode === 'mark' ? 'amber' : 'gray'}>
            {t(`baseData.channels.conflictModesShort.${channel.conflictMode}`)}
          </Badge>
          {channel.isZeroPriced && <Badge color="primary">{t('baseData.channels.zeroPriced')}</Badge>}
          {channel.blockedSummaries.length > 0 && (
            <Badge>
              {t('baseData.channels.blockedSummaries')}: {channel.blockedSummaries.join(', ')}
            </Badge>
          )}
        </span>
      }
      actions={
        canWrite && (
          <>
            <IconButton
              label={t('baseData.channels.edit', { name: channel.name })}
              icon={PencilSquareIcon}
              onClick={onEdit}
            />
            <IconButton
              label={t('baseData.channels.delete', { name: channel.name })}
              icon={TrashIcon}
              disabled={deleteChannel.isPending}
              onClick={() => void remove()}
            />
          </>
        )
      }
    >
      <ChannelFeeds channel={channel} canWrite={canWrite} onEditImport={onEditImport} />
    </Card>
  );
}

/**
 * Base data's channels: the booking platforms with, per room, the import URL, the export URL and
 * the last results; admins and managers edit them, everyone who may book can sync now.
 */
export function ChannelsRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canWrite = can(user.role, 'channels', 'write');
  const canSync = can(user.role, 'bookings', 'write');
  const channels = useChannels();
  const synchronize = useSynchronize();
  const [channelDialog, setChannelDialog] = useState<{ open: boolean; channel: TChannel | null }>({
    open: false,
    channel: null,
  });
  const [importDialog, setImportDialog] = useState<{ open: boolean; feed: TChannelFeed | null }>({
    open: false,
    feed: null,
  });
  const openCreate = () => setChannelDialog({ open: true, channel: null });
  const hasChannels = (channels.data?.length ?? 0) > 0;

  const runSync = () =>
    synchronize.mutate(undefined, { onSuccess: () => toast.success(t('baseData.channels.syncDone')) });

  const content = () => {
    if (channels.isPending) return <Spinner />;
    if (channels.isError)
      return (
        <Card>
          <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />
        </Card>
      );
    if (channels.data.length === 0)
      return (
        <Card>
          <EmptyState
            icon={GlobeAltIcon}
            title={t('baseData.channels.emptyTitle')}
            text={t('baseData.channels.emptyText')}
            action={
              canWrite && (
                <Button icon={PlusIcon} onClick={openCreate}>
                  {t('baseData.channels.create')}
                </Button>
              )
            }
          />
        </Card>
      );
    return channels.data.map((channel) => (
      <ChannelSection
        key={channel.id}
        channel={channel}
        canWrite={canWrite}
        onEdit={() => setChannelDialog({ open: true, channel })}
        onEditImport={(feed) => setImportDialog({ open: true, feed })}
      />
    ));
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-3xl">
          <h2 className="text-base font-semibold text-gray-900">{t('baseData.channels.title')}</h2>
          <p className="mt-1 text-sm text-gray-500">{t('baseData.channels.description')}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {canSync && hasChannels && (
            <Button
              variant="secondary"
              icon={ArrowPathIcon}
              isLoading={synchronize.isPending}
              onClick={runSync}
            >
              {t('baseData.channels.sync')}
            </Button>
          )}
          {canWrite && hasChannels && (
            <Button icon={PlusIcon} onClick={openCreate}>
              {t('baseData.channels.create')}
            </Button>
          )}
        </div>
      </header>
      {synchronize.isPending && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-primary-50 px-4 py-3 text-sm text-primary-900 ring-1 ring-primary-200"
        >
          <SpinnerIcon className="size-4 text-primary-600" />
          {t('baseData.channels.syncing')}
        </p>
      )}
      {synchronize.isError && (
        <Alert type="error" title={t('baseData.channels.syncFailed')}>
          {errorMessage(synchronize.error)}
        </Alert>
      )}
      {synchronize.isSuccess && <SyncReport report={synchronize.data} onClose={() => synchronize.reset()} />}
      {content()}
      {canWrite && (
        <>
          <ChannelDialog
            open={channelDialog.open}
            channel={channelDialog.channel}
            onClose={() => setChannelDialog((state) => ({ ...state, open: false }))}
          />
          <ImportUrlDialog
            open={importDialog.open}
            feed={importDialog.feed}
            onClose={() => setImportDialog((state) => ({ ...state, open: false }))}
          />
        </>
      )}
    </div>
  );
}
