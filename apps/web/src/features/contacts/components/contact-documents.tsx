import { Trans, useTranslation } from 'react-i18next';
import {
  ArrowDownTrayIcon,
  ArrowUpTrayIcon,
  DocumentIcon,
  DocumentTextIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import { allowedFileTypes, type TFile } from '@pms/contract/files';
import { useFormatDateTime } from '../../../lib/format.ts';
import { buttonClasses, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner, SpinnerIcon } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useContactFiles } from '../api/get-contact-files.ts';
import { fileContentUrl, useDownloadFile } from '../api/get-file-url.ts';
import { useAddContactDocument } from '../api/link-contact-file.ts';
import { useUnlinkContactFile } from '../api/unlink-contact-file.ts';

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

function UploadButton({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const addDocument = useAddContactDocument(contactId);
  const upload = (file: File | undefined) => {
    if (!file) return;
    addDocument.mutate(file, {
      onSuccess: (stored) => toast.success(t('contacts.documents.uploaded', { name: stored.name })),
    });
  };
  return (
    <label className={buttonClasses({ className: 'relative cursor-pointer' })}>
      {addDocument.isPending ? <SpinnerIcon /> : <ArrowUpTrayIcon aria-hidden="true" className="size-4" />}
      {t('contacts.documents.upload')}
      <input
        type="file"
        accept={acceptedTypes}
        className="sr-only"
        disabled={addDocument.isPending}
        onChange={(event) => {
          upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}

function DocumentItem({ contactId, file, canWrite }: { contactId: string; file: TFile; canWrite: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatFileSize = useFormatFileSize();
  const downloadFile = useDownloadFile();
  const unlinkFile = useUnlinkContactFile(contactId);
  const hasPreview = previewTypes.includes(file.type.toLowerCase());

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
        {hasPreview ? (
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
        </div>
        <IconButton
          label={t('contacts.documents.download', { name: file.name })}
          icon={ArrowDownTrayIcon}
          disabled={downloadFile.isPending}
          onClick={() => downloadFile.mutate(file.id)}
        />
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
