import { useTranslation } from 'react-i18next';
import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { Button } from '../../../ui/button.tsx';
import { useDownloadReport, type TReportDownload } from '../api/download-report.ts';

/** Downloads a report file; while it loads, the button says how much has arrived. */
export function DownloadButton({
  label,
  download,
  variant = 'secondary',
}: {
  label: string;
  download: TReportDownload | null;
  variant?: 'primary' | 'secondary';
}) {
  const { t, i18n } = useTranslation();
  const { mutate, isPending, progress } = useDownloadReport();
  const kilobytes = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(Math.ceil(bytes / 1024));
  const status =
    progress === null
      ? null
      : progress.total !== null && progress.received <= progress.total
        ? t('reports.progressPercent', {
            percent: Math.floor((progress.received / progress.total) * 100),
            received: kilobytes(progress.received),
          })
        : t('reports.progressBytes', { received: kilobytes(progress.received) });
  return (
    <div className="flex items-center gap-3">
      <Button
        variant={variant}
        icon={ArrowDownTrayIcon}
        isLoading={isPending}
        disabled={download === null}
        onClick={() => download && mutate(download)}
      >
        {label}
      </Button>
      {isPending && (
        <span role="status" className="text-sm text-gray-500 tabular-nums">
          {status ?? t('reports.progressStarting')}
        </span>
      )}
    </div>
  );
}
