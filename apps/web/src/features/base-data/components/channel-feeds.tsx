import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ArrowPathIcon, NoSymbolIcon, PencilSquareIcon } from '@heroicons/react/24/outline';
import type { TChannel, TChannelFeed } from '@pms/contract/channels';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useChangeExportToken } from '../api/channels.ts';

type TChannelFeedsProps = {
  channel: TChannel;
  canWrite: boolean;
  onEditImport: (feed: TChannelFeed) => void;
};

function ExportCell({ feed, canWrite }: { feed: TChannelFeed; canWrite: boolean }) {
  const { t } = useTranslation();
  const changeToken = useChangeExportToken();
  const room = feed.roomNumber;

  const change = async (action: 'renew' | 'revoke') => {
    const isConfirmed = await openConfirmDialog({
      title: t(`baseData.channels.${action}Title`),
      subtitle: (
        <Trans
          i18nKey={`baseData.channels.${action}Text`}
          values={{ room }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t(`baseData.channels.${action}`),
      confirmColor: action === 'revoke' ? 'red' : 'primary',
    });
    if (!isConfirmed) return;
    changeToken.mutate(
      { channelId: feed.channelId, roomId: feed.roomId, action },
      successThen(t(`baseData.channels.${action === 'renew' ? 'renewed' : 'revokedDone'}`), () => {}),
    );
  };

  return (
    <div className="min-w-80 space-y-1">
      {feed.exportUrl ? (
        <div className="flex items-center gap-2">
          <input
            readOnly
            value={feed.exportUrl}
            aria-label={t('baseData.channels.exportUrlFor', { room })}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md bg-gray-50 px-2 py-1.5 font-mono text-xs text-gray-800 ring-1 ring-gray-200 ring-inset"
          />
          <CopyButton value={feed.exportUrl} label={t('baseData.channels.copyExport', { room })} />
        </div>
      ) : (
        <Badge color="amber">{t('baseData.channels.revoked')}</Badge>
      )}
      {canWrite && (
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            icon={ArrowPathIcon}
            aria-label={t('baseData.channels.renewLabel', { room })}
            disabled={changeToken.isPending}
            onClick={() => void change('renew')}
          >
            {t('baseData.channels.renew')}
          </Button>
          {feed.exportUrl && (
            <Button
              variant="ghost"
              size="sm"
              icon={NoSymbolIcon}
              aria-label={t('baseData.channels.revokeLabel', { room })}
              disabled={changeToken.isPending}
              onClick={() => void change('revoke')}
            >
              {t('baseData.channels.revoke')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** Per room: the import URL, the export URL to copy (renew, revoke) and the last results. */
export function ChannelFeeds({ channel, canWrite, onEditImport }: TChannelFeedsProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  // The rooms that take an import come first; the others (export only) fold away once any does.
  const [isUnfolded, setUnfolded] = useState(false);
  const importing = channel.feeds.filter((feed) => feed.importUrl !== null);
  const exportOnly = channel.feeds.filter((feed) => feed.importUrl === null);
  const isFolded = importing.length > 0 && exportOnly.length > 0 && !isUnfolded;
  const columns: TColumn<TChannelFeed>[] = [
    {
      id: 'room',
      header: t('baseData.channels.room'),
      cell: (feed) => <span className="font-medium text-gray-900">{feed.roomNumber}</span>,
    },
    {
      id: 'importUrl',
      header: t('baseData.channels.importUrl'),
      cell: (feed) => (
        <div className="flex max-w-sm items-center gap-2">
          {feed.importUrl ? (
            <span className="min-w-0 font-mono text-xs break-all text-gray-800">{feed.importUrl}</span>
          ) : (
            <span className="text-gray-500">{t('baseData.channels.noImport')}</span>
          )}
          {canWrite && (
            <IconButton
              label={t('baseData.channels.editImport', { room: feed.roomNumber })}
              icon={PencilSquareIcon}
              onClick={() => onEditImport(feed)}
            />
          )}
        </div>
      ),
    },
    {
      id: 'exportUrl',
      header: t('baseData.channels.exportUrl'),
      cell: (feed) => <ExportCell feed={feed} canWrite={canWrite} />,
    },
    {
      id: 'status',
      header: t('baseData.channels.status'),
      cell: (feed) =>
        feed.importUrl || feed.lastFetchedAt ? (
          <div className="min-w-48 space-y-0.5 text-xs">
            <p className="text-gray-700">
              {feed.lastSuccessAt
                ? t('baseData.channels.lastSuccess', { time: formatDateTime(feed.lastSuccessAt) })
                : t('baseData.channels.neverSucceeded')}
            </p>
            {feed.lastError && (
              <p className="break-words text-red-700">
                {t('baseData.channels.lastError', { error: feed.lastError })}
              </p>
            )}
            {feed.nextFetchAt && (
              <p className="text-gray-500">
                {t('baseData.channels.nextFetch', { time: formatDateTime(feed.nextFetchAt) })}
              </p>
            )}
          </div>
        ) : (
          <span className="text-gray-400">–</span>
        ),
    },
  ];
  return (
    <>
      <DataTable
        label={t('baseData.channels.feedsLabel', { name: channel.name })}
        columns={columns}
        rows={isFolded ? importing : [...importing, ...exportOnly]}
        emptyText={t('baseData.rooms.empty')}
      />
      {isFolded && (
        <div className="border-t border-gray-100 p-3">
          <Button variant="ghost" onClick={() => setUnfolded(true)}>
            {t('baseData.channels.showExportOnly', { count: exportOnly.length })}
          </Button>
        </div>
      )}
    </>
  );
}
