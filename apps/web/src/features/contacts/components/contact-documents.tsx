import { Trans, useTranslation } from 'react-i18next';
import {
  ArrowDownTrayIcon,
  ArrowUpTrayIcon,
  CheckBadgeIcon,
  DocumentIcon,
  DocumentTextIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TBookingStatus } from '@pms/contract/bookings';
import type { TContactBooking, TContactDocument } from '@pms/contract/contacts';
import { allowedFileTypes, filePurposes } from '@pms/contract/files';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Select } from '../../../ui/field.tsx';
import { buttonClasses, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner, SpinnerIcon } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useContactBookings } from '../api/get-contact-bookings.ts';
import { useContactFiles } from '../api/get-contact-files.ts';
import { fileContentUrl, useDownloadFile } from '../api/get-file-url.ts';
import { useAddContactDocument } from '../api/link-contact-file.ts';
import { useUnlinkContactFile } from '../api/unlink-contact-file.ts';
import { useConfirmContactFile } from '../api/reveal-contact-file.ts';
import { IdPicture } from './id-picture.tsx';

/** The spec previews only these file types; other files show their name. */
const previewTypes: readonly string[] = ['.jpeg', '.jpg', '.png'];
const acceptedTypes = Object.keys(allowedFileTypes).join(',');

function useFormatFileSize(): (bytes: number) => string {
  const { i18n } = useTranslation();
  return (bytes: number) => {
    const isLarge = bytes >= 1024 * 1024;
    return new Intl.NumberFormat(i18n.language, {
      style: 'unit',
      unit: isLarge ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: isLarge ? 1 : 0,
    }).format(isLarge ? bytes / 1024 / 1024 : Math.max(1, bytes / 1024));
  };
}

/** The stays a document can be handed in for: the contact's bookings that are not called off. */
const openStatuses: readonly TBookingStatus[] = ['pending', 'confirmed', 'checked_in'];

/**
 * The stay a new document is for: the contact's next or current open stay by default, which the
 * booking link of that stay then shows; none keeps it on the contact record only.
 */
function useStayChoice(contactId: string) {
  const bookings = useContactBookings(contactId, { pageNumber: 1, pageSize: 100 });
  const stays = (bookings.data?.data ?? []).filter((booking) => booking.status !== 'canceled');
  const next = stays
    .filter((booking) => openStatuses.includes(booking.status))
    .reduce<TContactBooking | undefined>(
      (earliest, booking) => (!earliest || booking.checkIn < earliest.checkIn ? booking : earliest),
      undefined,
    );
  const [chosen, choose] = useState<string | null | undefined>(undefined);
  return { stays, bookingId: chosen === undefined ? (next?.id ?? null) : chosen, choose };
}

function UploadButton({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate('short');
  const addDocument = useAddContactDocument(contactId);
  const { stays, bookingId, choose } = useStayChoice(contactId);
  const upload = (file: File | undefined) => {
    if (!file) return;
    addDocument.mutate(
      { file, bookingId },
      { onSuccess: (stored) => toast.success(t('contacts.documents.uploaded', { name: stored.name })) },
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`document-stay-${contactId}`}>
        {t('contacts.documents.stay')}
      </label>
      <Select
        id={`document-stay-${contactId}`}
        value={bookingId ?? ''}
        onChange={(event) => choose(event.target.value || null)}
        className="w-auto"
      >
        <option value="">{t('contacts.documents.noStayOption')}</option>
        {stays.map((stay) => (
          <option key={stay.id} value={stay.id}>
            {t('contacts.documents.stayOption', {
              code: stay.code,
              from: formatDate(stay.checkIn),
              to: formatDate(stay.checkOut),
            })}
          </option>
        ))}
      </Select>
      <UploadLabel isPending={addDocument.isPending} onFile={upload} label={t('contacts.documents.upload')} />
    </div>
  );
}

function UploadLabel({
  isPending,
  onFile,
  label,
}: {
  isPending: boolean;
  onFile: (file: File | undefined) => void;
  label: string;
}) {
  return (
    <label className={buttonClasses({ className: 'relative cursor-pointer' })}>
      {isPending ? <SpinnerIcon /> : <ArrowUpTrayIcon aria-hidden="true" className="size-4" />}
      {label}
      <input
        type="file"
        accept={acceptedTypes}
        className="sr-only"
        disabled={isPending}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}

function DocumentItem({
  contactId,
  file,
  canWrite,
}: {
  contactId: string;
  file: TContactDocument;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate('short');
  const formatDateTime = useFormatDateTime();
  const formatFileSize = useFormatFileSize();
  const downloadFile = useDownloadFile();
  const unlinkFile = useUnlinkContactFile(contactId);
  const hasPreview = previewTypes.includes(file.type.toLowerCase());
  // ID pictures stay hidden until a reason is given (decision 194).
  const isIdPicture = file.purpose === filePurposes.idDocument;
  const confirmFile = useConfirmContactFile(contactId);

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('contacts.documents.removeTitle'),
      subtitle: (
        <Trans
          i18nKey="contacts.documents.removeText"
          values={{ name: file.name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('contacts.documents.remove'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    unlinkFile.mutate(file.id, {
      onSuccess: () => toast.success(t('contacts.documents.removed', { name: file.name })),
    });
  };

  return (
    <li className="flex flex-col overflow-hidden rounded-lg ring-1 ring-gray-200">
      <div className="flex h-40 items-center justify-center bg-gray-50">
        {isIdPicture ? (
          <IdPicture contactId={contactId} file={file} hasPreview={hasPreview} />
        ) : hasPreview ? (
          <a href={fileContentUrl(file.id)} target="_blank" rel="noreferrer" className="block size-full">
            <img
              src={fileContentUrl(file.id)}
              alt={t('contacts.documents.preview', { name: file.name })}
              className="size-full object-contain"
            />
          </a>
        ) : (
          <DocumentTextIcon aria-hidden="true" className="size-12 text-gray-300" />
        )}
      </div>
      <div className="flex items-center gap-2 border-t border-gray-200 p-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-gray-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-xs text-gray-500">
            {formatFileSize(file.size)} · {formatDateTime(file.createdAt)}
          </p>
          <p className="text-xs text-gray-500">
            {file.stay
              ? t('contacts.documents.forStay', {
                  code: file.stay.code,
                  from: formatDate(file.stay.checkIn),
                  to: formatDate(file.stay.checkOut),
                })
              : t('contacts.documents.noStay')}
          </p>
          {isIdPicture && file.confirmedAt && (
            <p className="text-xs text-gray-500">
              {t('contacts.documents.confirmedAt', { at: formatDateTime(file.confirmedAt) })}
            </p>
          )}
        </div>
        {isIdPicture && !file.confirmedAt && canWrite && (
          <IconButton
            label={t('contacts.documents.confirmLabel', { name: file.name })}
            icon={CheckBadgeIcon}
            disabled={confirmFile.isPending}
            onClick={() =>
              confirmFile.mutate(file.id, {
                onSuccess: () => toast.success(t('contacts.documents.confirmed', { name: file.name })),
              })
            }
          />
        )}
        {!isIdPicture && (
          <IconButton
            label={t('contacts.documents.download', { name: file.name })}
            icon={ArrowDownTrayIcon}
            disabled={downloadFile.isPending}
            onClick={() => downloadFile.mutate(file.id)}
          />
        )}
        {canWrite && (
          <IconButton
            label={t('contacts.documents.removeLabel', { name: file.name })}
            icon={TrashIcon}
            disabled={unlinkFile.isPending}
            className="hover:text-red-600"
            onClick={() => void remove()}
          />
        )}
      </div>
    </li>
  );
}

/** A contact's ID documents: upload, preview, download and remove. */
export function ContactDocuments({ contactId, canWrite }: { contactId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const files = useContactFiles(contactId);

  const content = () => {
    if (files.isPending) return <Spinner />;
    if (files.isError) return <ErrorState error={files.error} onRetry={() => void files.refetch()} />;
    if (files.data.length === 0)
      return (
        <EmptyState
          icon={DocumentIcon}
          title={t('contacts.documents.emptyTitle')}
          text={t('contacts.documents.emptyText')}
        />
      );
    return (
      <ul aria-label={t('contacts.documents.title')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {files.data.map((file) => (
          <DocumentItem key={file.id} contactId={contactId} file={file} canWrite={canWrite} />
        ))}
      </ul>
    );
  };

  return (
    <Card
      title={t('contacts.documents.title')}
      description={t('contacts.documents.description')}
      actions={canWrite && <UploadButton contactId={contactId} />}
    >
      {content()}
    </Card>
  );
}
