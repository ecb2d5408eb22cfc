// What the machine readable zone of an uploaded document said, for the guest to take over or not.
// It only assists: nothing is filled without the guest's yes, and every field stays editable.
import { useId } from 'react';
import type { TIdDocumentAnalysis } from '@pms/contract/id-documents';
import { formatDate } from '../format.ts';
import { usePortal } from '../portal-state.tsx';
import { useT } from '../i18n.tsx';
import { Button } from '../ui.tsx';

/** MRZ names are upper case: "ANNA MARIA ERIKSSON" becomes "Anna Maria Eriksson". */
export function displayName(analysis: TIdDocumentAnalysis): string {
  return [analysis.firstName, analysis.middleName, analysis.lastName]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** The guest form's document type for the zone's: a visa or another document is "other". */
export function formDocumentType(analysis: TIdDocumentAnalysis): 'passport' | 'id_card' | 'other' {
  return analysis.type === 'passport' || analysis.type === 'id_card' ? analysis.type : 'other';
}

export function IdDocumentPanel({
  analysis,
  countryName,
  onAccept,
  onDismiss,
}: {
  analysis: TIdDocumentAnalysis;
  countryName: (code: string) => string;
  onAccept: () => void;
  onDismiss: () => void;
}) {
  const { t, language } = useT();
  const { property } = usePortal();
  const titleId = useId();
  const rows: [string, string][] = [
    [t('name'), displayName(analysis) || '–'],
    [
      t('dateOfBirth'),
      analysis.dateOfBirth && analysis.checks.dateOfBirth
        ? formatDate(analysis.dateOfBirth, language, property.country)
        : '–',
    ],
    [t('nationality'), analysis.nationality ? countryName(analysis.nationality) : '–'],
    [t('documentType'), t(`documentType.${formDocumentType(analysis)}`)],
    [
      t('documentNumber'),
      analysis.documentNumber && analysis.checks.documentNumber
        ? analysis.documentNumber
        : t('idNumberUnchecked'),
    ],
  ];
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-primary-200 bg-primary-50 p-3">
      <h3 id={titleId} className="text-sm font-semibold text-gray-900">
        {t('idReadTitle')}
      </h3>
      <p className="mt-1 text-sm text-gray-800">{t('idReadText')}</p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label}</dt>
            <dd className="font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={onAccept}>{t('idTakeOver')}</Button>
        <Button variant="secondary" onClick={onDismiss}>
          {t('idDismiss')}
        </Button>
      </div>
    </section>
  );
}
