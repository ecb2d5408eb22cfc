import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowDownTrayIcon, DocumentArrowDownIcon, ShieldExclamationIcon } from '@heroicons/react/24/outline';
import type { TContact } from '@pms/contract/contacts';
import type { TErasure, TPersonalDataExport } from '@pms/contract/privacy';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { usePropertyLocale } from '../../../lib/property-locale.ts';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Table, type TColumn } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  useDownloadPersonalDataExport,
  useErasePersonalData,
  useErasure,
  usePersonalDataExports,
  useRequestPersonalDataExport,
} from '../api/personal-data.ts';

const statusColors: Record<TPersonalDataExport['status'], TBadgeColor> = {
  pending: 'gray',
  running: 'primary',
  done: 'green',
  failed: 'red',
  expired: 'gray',
};

function useFormatSize() {
  const locale = usePropertyLocale();
  return (bytes: number) =>
    bytes < 1024
      ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'narrow' }).format(bytes)
      : new Intl.NumberFormat(locale, {
          style: 'unit',
          unit: 'kilobyte',
          unitDisplay: 'short',
          maximumFractionDigits: 1,
        }).format(bytes / 1024);
}

/** One export: its state (a progress bar while it is made), the ZIP's listing and its download. */
function ExportEntry({ entry }: { entry: TPersonalDataExport }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatSize = useFormatSize();
  const download = useDownloadPersonalDataExport();
  const [isListOpen, setIsListOpen] = useState(false);
  const isUnderWay = entry.status === 'pending' || entry.status === 'running';
  const listId = `export-${entry.id}-listing`;
  return (
    <li className="space-y-3 px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="font-medium text-gray-900">
            {t('contacts.privacy.requestedAt', { at: formatDateTime(entry.createdAt) })}
          </p>
          <p className="text-gray-500">
            {entry.requestedBy && t('contacts.privacy.requestedBy', { name: entry.requestedBy })}
            {entry.status === 'done' &&
              entry.expiresAt &&
              ` · ${t('contacts.privacy.expiresAt', { at: formatDateTime(entry.expiresAt) })}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge color={statusColors[entry.status]}>{t(`contacts.privacy.statuses.${entry.status}`)}</Badge>
          {entry.status === 'done' && (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-expanded={isListOpen}
                aria-controls={listId}
                onClick={() => setIsListOpen((open) => !open)}
              >
                {isListOpen ? t('contacts.privacy.hideListing') : t('contacts.privacy.showListing')}
              </Button>
              <Button
                size="sm"
                icon={ArrowDownTrayIcon}
                isLoading={download.isPending}
                onClick={() => download.mutate(entry.id)}
              >
                {t('contacts.privacy.download', { size: formatSize(entry.size ?? 0) })}
              </Button>
            </>
          )}
        </div>
      </div>
      {isUnderWay && (
        <div>
          <div
            role="progressbar"
            aria-label={t('contacts.privacy.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={entry.progress}
            className="h-2 overflow-hidden rounded-full bg-gray-100"
          >
            <div className="bg-primary-600 h-full transition-all" style={{ width: `${entry.progress}%` }} />
          </div>
          <p className="mt-1 text-xs text-gray-500">
            {t('contacts.privacy.progressText', { progress: entry.progress })}
          </p>
        </div>
      )}
      {isListOpen && (
        <ul
          id={listId}
          aria-label={t('contacts.privacy.listing')}
          className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200"
        >
          {entry.entries.map((file) => (
            <li
              key={file.name}
              className="flex justify-between gap-4 px-3 py-1.5 font-mono text-xs text-gray-700"
            >
              <span className="min-w-0 break-all">{file.name}</span>
              <span className="shrink-0 text-gray-500">{formatSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ExportCard({ contactId, isErased }: { contactId: string; isErased: boolean }) {
  const { t } = useTranslation();
  const exports = usePersonalDataExports(contactId);
  const request = useRequestPersonalDataExport(contactId);
  return (
    <Card
      isFlush
      title={t('contacts.privacy.exportTitle')}
      description={t('contacts.privacy.exportDescription')}
      actions={
        <Button
          icon={DocumentArrowDownIcon}
          isLoading={request.isPending}
          disabled={isErased}
          onClick={() =>
            request.mutate(undefined, { onSuccess: () => toast.success(t('contacts.privacy.exportStarted')) })
          }
        >
          {t('contacts.privacy.export')}
        </Button>
      }
    >
      {exports.isPending && <Spinner />}
      {exports.isError && <ErrorState error={exports.error} onRetry={() => void exports.refetch()} />}
      {exports.data?.length === 0 && (
        <p className="px-5 py-4 text-sm text-gray-500">{t('contacts.privacy.noExports')}</p>
      )}
      {exports.data && exports.data.length > 0 && (
        <ul className="divide-y divide-gray-100">
          {exports.data.map((entry) => (
            <ExportEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function KeptRecords({ erasure }: { erasure: TErasure }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatDateTime = useFormatDateTime();
  const columns: TColumn<TErasure['kept'][number]>[] = [
    {
      id: 'record',
      header: t('contacts.privacy.keptRecord'),
      cell: (kept) =>
        kept.record === 'invoice' ? (
          <Link to={`/invoices/${kept.id}`} className="text-primary-700 font-medium hover:underline">
            {t('contacts.privacy.records.invoice', { label: kept.label })}
          </Link>
        ) : kept.record === 'registration_form' ? (
          <Link to={`/bookings/${kept.id}`} className="text-primary-700 font-medium hover:underline">
            {t('contacts.privacy.records.registration_form', { label: kept.label })}
          </Link>
        ) : (
          t('contacts.privacy.records.message', { label: kept.label })
        ),
    },
    { id: 'reference', header: t('contacts.privacy.keptReference'), cell: (kept) => kept.reference || '–' },
    {
      id: 'until',
      header: t('contacts.privacy.keptUntil'),
      cell: (kept) => (kept.heldUntil ? formatDate(kept.heldUntil) : '–'),
    },
  ];
  return (
    <>
      <p className="px-5 py-4 text-sm text-gray-700">
        {t('contacts.privacy.erasedAt', {
          at: formatDateTime(erasure.erasedAt),
          count: erasure.deletedFiles,
        })}
      </p>
      <Table
        label={t('contacts.privacy.keptTitle')}
        columns={columns}
        rows={erasure.kept}
        emptyText={t('contacts.privacy.keptNone')}
      />
    </>
  );
}

function ErasureCard({ contact }: { contact: TContact }) {
  const { t } = useTranslation();
  const erasure = useErasure(contact.id);
  const erase = useErasePersonalData(contact.id);
  const confirm = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('contacts.privacy.eraseTitle'),
      subtitle: (
        <Trans
          i18nKey="contacts.privacy.eraseText"
          values={{ name: contact.name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('contacts.privacy.erase'),
      confirmColor: 'red',
    });
    if (isConfirmed)
      erase.mutate(undefined, { onSuccess: () => toast.success(t('contacts.privacy.erased')) });
  };
  return (
    <Card
      isFlush
      title={t('contacts.privacy.eraseCardTitle')}
      description={t('contacts.privacy.eraseDescription')}
      actions={
        erasure.data === null && (
          <Button
            variant="red"
            icon={ShieldExclamationIcon}
            isLoading={erase.isPending}
            onClick={() => void confirm()}
          >
            {t('contacts.privacy.erase')}
          </Button>
        )
      }
    >
      {erasure.isPending && <Spinner />}
      {erasure.isError && <ErrorState error={erasure.error} onRetry={() => void erasure.refetch()} />}
      {erasure.data === null && (
        <p className="px-5 py-4 text-sm text-gray-500">{t('contacts.privacy.notErased')}</p>
      )}
      {erasure.data && <KeptRecords erasure={erasure.data} />}
    </Card>
  );
}

/** A person's rights over their data, for admins: the export (GDPR Art. 15) and the erasure (Art. 17). */
export function ContactPrivacy({ contact }: { contact: TContact }) {
  const erasure = useErasure(contact.id);
  return (
    <div className="space-y-6">
      <ExportCard contactId={contact.id} isErased={Boolean(erasure.data)} />
      <ErasureCard contact={contact} />
    </div>
  );
}
