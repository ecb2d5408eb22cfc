// One guest's registration: the fields the property's country asks for, saved 250 ms after each edit,
// with what is still missing marked; and the guest's ID documents.
import { useEffect, useMemo, useRef, useState } from 'react';
import { maxFileSize, type TFile } from '@pms/contract/files';
import type { TIdDocumentAnalysis } from '@pms/contract/id-documents';
import {
  missingRegistrationFields,
  type TPortalGuest,
  type TRegistrationField,
  type TUpdatePortalGuestRequest,
} from '@pms/contract/portal';
import { countryOptions } from '@pms/contract/countries';
import { analyzeDocument, deleteDocument, fileBlob, updateGuest, uploadDocument } from '../api/check-in.ts';
import type { PortalError } from '../api/client.ts';
import { errorText, useT, type TKey } from '../i18n.tsx';
import { resizeForUpload } from '../image-resize.ts';
import { Button, inputClass, Notice } from '../ui.tsx';
import { DateField } from './date-field.tsx';
import { displayName, formDocumentType, IdDocumentPanel } from './id-document-panel.tsx';

export const autosaveDelayMs = 250;

type TForm = {
  name: string;
  gender: TPortalGuest['gender'];
  dateOfBirth: string;
  nationality: string;
  line1: string;
  postalCode: string;
  city: string;
  country: string;
  documentType: string;
  documentNumber: string;
  documentIssueDate: string;
  documentIssuingAuthority: string;
  isFamilyMember: boolean;
};

function formOf(guest: TPortalGuest): TForm {
  return {
    name: guest.name ?? '',
    gender: guest.gender,
    dateOfBirth: guest.dateOfBirth ?? '',
    nationality: guest.nationality ?? '',
    line1: guest.address.line1 ?? '',
    postalCode: guest.address.postalCode ?? '',
    city: guest.address.city ?? '',
    country: guest.address.country ?? '',
    documentType: guest.documentType ?? '',
    documentNumber: guest.documentNumber ?? '',
    documentIssueDate: guest.documentIssueDate ?? '',
    documentIssuingAuthority: guest.documentIssuingAuthority ?? '',
    isFamilyMember: guest.isFamilyMember,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function requestOf(form: TForm, guest: TPortalGuest): TUpdatePortalGuestRequest {
  const request: TUpdatePortalGuestRequest = {
    gender: form.gender,
    // An unparsable date is stored as nothing.
    dateOfBirth: isIsoDate(form.dateOfBirth) ? form.dateOfBirth : null,
    nationality: orNull(form.nationality),
    address: {
      ...guest.address,
      line1: orNull(form.line1),
      postalCode: orNull(form.postalCode),
      city: orNull(form.city),
      country: orNull(form.country),
    },
    documentType: (orNull(form.documentType) as TUpdatePortalGuestRequest['documentType']) ?? null,
    documentNumber: orNull(form.documentNumber),
    documentIssueDate: isIsoDate(form.documentIssueDate) ? form.documentIssueDate : null,
    documentIssuingAuthority: orNull(form.documentIssuingAuthority),
    isFamilyMember: form.isFamilyMember,
  };
  if (form.name.trim() !== '') request.name = form.name.trim();
  return request;
}

export function GuestForm({
  guest,
  propertyCountry,
  mainGuest,
  disabled,
  onSaving,
  onSaved,
}: {
  guest: TPortalGuest;
  propertyCountry: string | null;
  mainGuest: TPortalGuest | undefined;
  disabled: boolean;
  onSaving: (saving: boolean) => void;
  onSaved: (guest: TPortalGuest) => void;
}) {
  const { t, language } = useT();
  const [form, setForm] = useState<TForm>(() => formOf(guest));
  const [files, setFiles] = useState<TFile[]>(guest.files);
  const [error, setError] = useState<string | null>(null);
  const [analysis, setAnalysis] = useState<TIdDocumentAnalysis | null>(null);
  const dirty = useRef(false);
  const countries = useMemo(() => countryOptions(language), [language]);

  // Each edit is saved 250 ms after the last keystroke.
  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => {
      dirty.current = false;
      onSaving(true);
      updateGuest(guest.id, requestOf(form, guest)).then(
        (saved) => {
          setError(null);
          onSaved(saved);
          onSaving(false);
        },
        (caught: PortalError) => {
          setError(errorText(t, caught.problem?.type));
          onSaving(false);
        },
      );
    }, autosaveDelayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saves on form edits only
  }, [form]);

  // A registration kept as it is (after check-in or check-out) marks nothing: nothing can be added.
  const missing = new Set<TRegistrationField>(
    disabled
      ? []
      : missingRegistrationFields(propertyCountry, {
          name: form.name,
          gender: form.gender,
          dateOfBirth: isIsoDate(form.dateOfBirth) ? form.dateOfBirth : null,
          nationality: orNull(form.nationality),
          address: {
            line1: form.line1,
            postalCode: form.postalCode,
            city: form.city,
            country: orNull(form.country),
          },
          documentType: (orNull(form.documentType) as TPortalGuest['documentType']) ?? null,
          documentNumber: form.documentNumber,
          documentIssueDate: form.documentIssueDate,
          documentIssuingAuthority: form.documentIssuingAuthority,
          isFamilyMember: form.isFamilyMember,
          isPrimary: guest.isPrimary,
          documentCount: files.length,
        }),
  );
  const isForeignNationality = (nationality: string) => !nationality || nationality !== propertyCountry;
  const isForeign = isForeignNationality(form.nationality);
  const asksDocument = (propertyCountry === 'at' || propertyCountry === 'de') && isForeign;
  const asksIssue = propertyCountry === 'at' && isForeign;
  const reduced = form.isFamilyMember && !guest.isPrimary;

  const edit = (patch: Partial<TForm>) => {
    dirty.current = true;
    setForm((current) => ({ ...current, ...patch }));
  };
  // The zone's fields the guest said yes to; a date or number whose check digit failed is left to type,
  // and the document is only kept where the registration asks for it (foreign guests).
  const takeOver = (read: TIdDocumentAnalysis) => {
    const patch: Partial<TForm> = {};
    const name = displayName(read);
    if (name) patch.name = name;
    if (read.dateOfBirth && read.checks.dateOfBirth) patch.dateOfBirth = read.dateOfBirth;
    if (read.nationality) patch.nationality = read.nationality;
    if (read.sex === 'male' || read.sex === 'female') patch.gender = read.sex;
    const asksDocumentNow =
      (propertyCountry === 'at' || propertyCountry === 'de') &&
      isForeignNationality(patch.nationality ?? form.nationality);
    if (asksDocumentNow) {
      patch.documentType = formDocumentType(read);
      if (read.documentNumber && read.checks.documentNumber) patch.documentNumber = read.documentNumber;
    }
    edit(patch);
    setAnalysis(null);
  };
  const countryName = (code: string) => countries.find((country) => country.code === code)?.name ?? code;
  const id = (field: string) => `guest-${guest.id}-${field}`;
  const field = (
    key: keyof TForm,
    label: TKey,
    missingKey: TRegistrationField,
    type = 'text',
    autoComplete?: string,
  ) => (
    <div>
      <label htmlFor={id(key)} className="mb-1 block text-sm font-medium text-gray-900">
        {t(label)}
        {missing.has(missingKey) && (
          <span className="ml-2 text-xs font-semibold text-red-800">{t('missing')}</span>
        )}
      </label>
      <input
        id={id(key)}
        type={type}
        autoComplete={autoComplete}
        value={form[key] as string}
        disabled={disabled}
        aria-invalid={missing.has(missingKey) || undefined}
        onChange={(event) => edit({ [key]: event.target.value })}
        className={inputClass}
      />
    </div>
  );
  const countrySelect = (key: 'country' | 'nationality', label: TKey, missingKey: TRegistrationField) => (
    <div>
      <label htmlFor={id(key)} className="mb-1 block text-sm font-medium text-gray-900">
        {t(label)}
        {missing.has(missingKey) && (
          <span className="ml-2 text-xs font-semibold text-red-800">{t('missing')}</span>
        )}
      </label>
      <select
        id={id(key)}
        value={form[key]}
        disabled={disabled}
        aria-invalid={missing.has(missingKey) || undefined}
        onChange={(event) => edit({ [key]: event.target.value })}
        className={inputClass}
      >
        <option value="">{t('choose')}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="flex flex-col gap-3">
      {error && <Notice kind="error">{error}</Notice>}
      {!guest.isPrimary && (
        <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            className="size-5"
            checked={form.isFamilyMember}
            disabled={disabled}
            onChange={(event) => edit({ isFamilyMember: event.target.checked })}
          />
          {t('familyMember')}
        </label>
      )}
      {field('name', 'name', 'name', 'text', 'name')}
      <DateField
        id={id('dateOfBirth')}
        label={t('dateOfBirth')}
        value={form.dateOfBirth}
        isMissing={missing.has('dateOfBirth')}
        disabled={disabled}
        autoCompleteBirthday
        onChange={(dateOfBirth) => edit({ dateOfBirth })}
      />
      {propertyCountry === 'at' && !reduced && (
        <div>
          <label htmlFor={id('gender')} className="mb-1 block text-sm font-medium text-gray-900">
            {t('gender')}
            {missing.has('gender') && (
              <span className="ml-2 text-xs font-semibold text-red-800">{t('missing')}</span>
            )}
          </label>
          <select
            id={id('gender')}
            value={form.gender}
            disabled={disabled}
            onChange={(event) => edit({ gender: event.target.value as TForm['gender'] })}
            className={inputClass}
          >
            {(['unspecified', 'female', 'male'] as const).map((gender) => (
              <option key={gender} value={gender}>
                {t(`gender.${gender}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {!reduced && (
        <>
          {countrySelect('nationality', 'nationality', 'nationality')}
          {!guest.isPrimary && mainGuest && (
            <Button
              variant="secondary"
              disabled={disabled}
              className="self-start"
              onClick={() =>
                edit({
                  line1: mainGuest.address.line1 ?? '',
                  postalCode: mainGuest.address.postalCode ?? '',
                  city: mainGuest.address.city ?? '',
                  country: mainGuest.address.country ?? '',
                })
              }
            >
              {t('copyAddress')}
            </Button>
          )}
          {field('line1', 'street', 'address.line1', 'text', 'street-address')}
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
            {field('postalCode', 'postalCode', 'address.postalCode', 'text', 'postal-code')}
            {field('city', 'city', 'address.city', 'text', 'address-level2')}
          </div>
          {countrySelect('country', 'country', 'address.country')}
          {asksDocument && (
            <>
              <div>
                <label htmlFor={id('documentType')} className="mb-1 block text-sm font-medium text-gray-900">
                  {t('documentType')}
                  {missing.has('documentType') && (
                    <span className="ml-2 text-xs font-semibold text-red-800">{t('missing')}</span>
                  )}
                </label>
                <select
                  id={id('documentType')}
                  value={form.documentType}
                  disabled={disabled}
                  onChange={(event) => edit({ documentType: event.target.value })}
                  className={inputClass}
                >
                  <option value="">{t('choose')}</option>
                  {(['passport', 'id_card', 'other'] as const).map((type) => (
                    <option key={type} value={type}>
                      {t(`documentType.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
              {field('documentNumber', 'documentNumber', 'documentNumber')}
            </>
          )}
          {asksIssue && (
            <>
              <DateField
                id={id('documentIssueDate')}
                label={t('documentIssueDate')}
                value={form.documentIssueDate}
                isMissing={missing.has('documentIssueDate')}
                disabled={disabled}
                onChange={(documentIssueDate) => edit({ documentIssueDate })}
              />
              {field('documentIssuingAuthority', 'documentIssuingAuthority', 'documentIssuingAuthority')}
            </>
          )}
          <Documents
            guest={guest}
            files={files}
            missing={missing.has('documents')}
            disabled={disabled}
            onChange={(next) => {
              setFiles(next);
              onSaved({ ...guest, files: next });
            }}
            onAnalysis={setAnalysis}
          />
          {analysis && !disabled && (
            <IdDocumentPanel
              analysis={analysis}
              countryName={countryName}
              onAccept={() => takeOver(analysis)}
              onDismiss={() => setAnalysis(null)}
            />
          )}
        </>
      )}
    </div>
  );
}

const previewTypes = new Set(['.jpeg', '.jpg', '.png']);

/** A stored image of the booking, read with the link (an img cannot send the Link-Id header). */
export function StoredImage({ fileId, alt, className }: { fileId: string; alt: string; className: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    fileBlob(fileId).then(
      (blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId]);
  return url ? (
    <img src={url} alt={alt} className={className} />
  ) : (
    <div className={`${className} animate-pulse`} />
  );
}

/** Refusals of the file itself: sending it again cannot succeed. */
const fileRefusals = new Set(['file/type_not_allowed', 'file/too_large', 'file/image_dimensions']);

function Documents({
  guest,
  files,
  missing,
  disabled,
  onChange,
  onAnalysis,
}: {
  guest: TPortalGuest;
  files: TFile[];
  missing: boolean;
  disabled: boolean;
  onChange: (files: TFile[]) => void;
  onAnalysis: (analysis: TIdDocumentAnalysis) => void;
}) {
  const { t } = useT();
  const [progress, setProgress] = useState<number | null>(null);
  const [isReading, setIsReading] = useState(false);
  const [isInvalidDocument, setIsInvalidDocument] = useState(false);
  const [failed, setFailed] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = `guest-${guest.id}-documents`;

  const upload = async (file: File) => {
    setFailed(null);
    setError(null);
    setProgress(0);
    try {
      const { blob, name } = await resizeForUpload(file);
      const saved = await uploadDocument(guest.id, blob, name, (sent, total) =>
        setProgress(Math.round((sent / total) * 100)),
      );
      onChange([...files, saved]);
      if (blob.type.startsWith('image/')) read(blob, name);
    } catch (caught) {
      const type = (caught as PortalError).problem?.type;
      // Sending the same file again helps only when the refusal was not about the file itself.
      setFailed(type !== undefined && fileRefusals.has(type) ? null : file);
      setError(errorText(t, type, { limit: `${maxFileSize / (1024 * 1024)} MB` }));
    } finally {
      setProgress(null);
    }
  };

  // The zone is read after the upload, to assist: only "no document found" is told, other failures
  // (the reader busy, the network) leave the guest typing as before. Pictures are read one after the
  // other (the server reads one per link at a time): the front of a card, then its back with the zone.
  const readQueue = useRef<Promise<void>>(Promise.resolve());
  const read = (picture: Blob, name: string) => {
    readQueue.current = readQueue.current.then(() => readNow(picture, name));
  };
  const readNow = async (picture: Blob, name: string) => {
    setIsInvalidDocument(false);
    setIsReading(true);
    try {
      onAnalysis(await analyzeDocument(picture, name));
    } catch (caught) {
      if ((caught as PortalError).problem?.type === 'id/no_document_found') setIsInvalidDocument(true);
    } finally {
      setIsReading(false);
    }
  };

  const download = async (file: TFile) => {
    const blob = await fileBlob(file.id);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-gray-900">
        {t('documents')}
        {missing && <span className="ml-2 text-xs font-semibold text-red-800">{t('missing')}</span>}
      </legend>
      <p className="text-sm text-gray-700">{t('documentsHint')}</p>
      <ul className="grid grid-cols-2 gap-2">
        {files.map((file) => (
          <li key={file.id} className="flex flex-col gap-1 rounded-lg border border-gray-200 p-2">
            {previewTypes.has(file.type.toLowerCase()) ? (
              <StoredImage
                fileId={file.id}
                alt={file.name}
                className="h-32 w-full rounded-lg bg-gray-100 object-contain"
              />
            ) : (
              <button
                type="button"
                className="text-left text-sm text-primary-800 underline"
                onClick={() => void download(file)}
              >
                {file.name}
              </button>
            )}
            {!disabled && (
              <Button
                variant="danger"
                className="min-h-9 text-xs"
                onClick={() =>
                  void deleteDocument(guest.id, file.id).then(
                    () => onChange(files.filter((other) => other.id !== file.id)),
                    (caught: PortalError) => setError(errorText(t, caught.problem?.type)),
                  )
                }
              >
                {t('delete')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {progress !== null && (
        <div role="status">
          <p className="text-sm text-gray-700">{t('uploading', { percent: progress })}</p>
          <progress className="w-full" max={100} value={progress} />
        </div>
      )}
      {isReading && (
        <p role="status" className="text-sm text-gray-700">
          {t('idReading')}
        </p>
      )}
      {isInvalidDocument && (
        <Notice kind="warning" onClose={() => setIsInvalidDocument(false)}>
          {t('idInvalid')}
        </Notice>
      )}
      {error && (
        <Notice kind="error">
          {t('uploadFailed')} {error}
          {failed && (
            <Button variant="secondary" className="mt-2" onClick={() => void upload(failed)}>
              {t('retry')}
            </Button>
          )}
        </Notice>
      )}
      {!disabled && (
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center self-start rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
        >
          {t('addDocument')}
          <input
            id={inputId}
            type="file"
            accept="image/*,application/pdf"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
      )}
    </fieldset>
  );
}
