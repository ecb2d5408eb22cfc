import { useTranslation } from 'react-i18next';
import { ArrowDownTrayIcon, XMarkIcon } from '@heroicons/react/24/outline';
import type { TSyncFeedReport, TSyncReport } from '@pms/contract/channels';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { saveSyncReportCsv } from '../api/channels.ts';

type TReportRow = TSyncFeedReport & { id: string };

const outcomeColors: Record<TSyncFeedReport['outcome'], TBadgeColor> = {
  fetched: 'green',
  not_modified: 'gray',
  failed: 'red',
};

/** What sync now did, one row per feed: created, updated, canceled, blocks, conflicts and errors. */
export function SyncReport({ report, onClose }: { report: TSyncReport; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const count = (id: 'created' | 'updated' | 'canceled' | 'blocks' | 'conflicts', header: string) => ({
    id,
    header,
    className: 'text-right tabular-nums',
    cell: (row: TReportRow) => (
      <span className={id === 'conflicts' && row.conflicts > 0 ? 'font-semibold text-amber-800' : undefined}>
        {row[id]}
      </span>
    ),
  });
  const columns: TColumn<TReportRow>[] = [
    { id: 'channel', header: t('baseData.channels.channel'), cell: (row) => row.channel },
    {
      id: 'room',
      header: t('baseData.channels.room'),
      cell: (row) => <span className="font-medium text-gray-900">{row.roomNumber}</span>,
    },
    {
      id: 'outcome',
      header: t('baseData.channels.outcome'),
      cell: (row) => (
        <Badge color={outcomeColors[row.outcome]}>{t(`baseData.channels.outcomes.${row.outcome}`)}</Badge>
      ),
    },
    count('created', t('baseData.channels.createdCount')),
    count('updated', t('baseData.channels.updatedCount')),
    count('canceled', t('baseData.channels.canceledCount')),
    count('blocks', t('baseData.channels.blocks')),
    count('conflicts', t('baseData.channels.conflicts')),
    {
      id: 'errors',
      header: t('baseData.channels.errors'),
      cell: (row) =>
        row.errors.length > 0 && (
          <ul className="max-w-md space-y-0.5 text-xs break-words text-red-700">
            {row.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ),
    },
  ];
  const rows = report.feeds.map((feed, index) => ({ ...feed, id: String(index) }));
  return (
    <Card
      isFlush
      title={t('baseData.channels.reportTitle')}
      description={t('baseData.channels.reportDescription', {
        start: formatDateTime(report.startedAt),
        count: report.feeds.length,
      })}
      actions={
        <>
          {rows.length > 0 && (
            <Button variant="secondary" icon={ArrowDownTrayIcon} onClick={() => saveSyncReportCsv(report)}>
              {t('baseData.channels.downloadCsv')}
            </Button>
          )}
          <IconButton label={t('baseData.channels.closeReport')} icon={XMarkIcon} onClick={onClose} />
        </>
      }
    >
      <DataTable
        label={t('baseData.channels.reportLabel')}
        columns={columns}
        rows={rows}
        emptyText={t('baseData.channels.reportEmpty')}
      />
    </Card>
  );
}
