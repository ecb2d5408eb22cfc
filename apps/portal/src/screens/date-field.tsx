// A date as a European guest writes it: day, month and year in three small fields (a native date
// input follows the browser's language, which shows mm/dd/yyyy to many English-speaking guests).
import { useState } from 'react';
import { isImpossibleDate, isoOfParts, partsOfIso, type TDateParts } from '../date-parts.ts';
import { useT } from '../i18n.tsx';
import { inputClass } from '../ui.tsx';

export function DateField({
  id,
  label,
  value,
  isMissing,
  disabled,
  autoCompleteBirthday,
  onChange,
}: {
  id: string;
  label: string;
  /** The ISO date, or '' when none. */
  value: string;
  isMissing: boolean;
  disabled: boolean;
  autoCompleteBirthday?: boolean;
  /** Called with the ISO date the parts make, or '' while they make none. */
  onChange: (iso: string) => void;
}) {
  const { t } = useT();
  const [parts, setParts] = useState<TDateParts>(() => partsOfIso(value));

  // A date set from outside (the document's zone) replaces what is typed; React's pattern for state
  // that follows a prop: adjusted while rendering, not in an effect.
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== '' && value !== isoOfParts(parts)) setParts(partsOfIso(value));
  }

  const edit = (patch: Partial<TDateParts>) => {
    const next = { ...parts, ...patch };
    setParts(next);
    onChange(isoOfParts(next));
  };
  // A date typed in full that does not exist is told as such, not as still missing.
  const isInvalid = isImpossibleDate(parts);
  const part = (key: keyof TDateParts, labelKey: 'dateDay' | 'dateMonth' | 'dateYear', maxLength: number) => (
    <div className={key === 'year' ? 'w-24' : 'w-16'}>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-xs text-gray-700">
        {t(labelKey)}
      </label>
      <input
        id={`${id}-${key}`}
        type="text"
        inputMode="numeric"
        autoComplete={autoCompleteBirthday ? `bday-${key}` : 'off'}
        maxLength={maxLength}
        placeholder={t(`${labelKey}Placeholder`)}
        value={parts[key]}
        disabled={disabled}
        aria-invalid={isInvalid || isMissing || undefined}
        aria-describedby={isInvalid ? `${id}-invalid ${id}-hint` : `${id}-hint`}
        onChange={(event) => edit({ [key]: event.target.value.replace(/\D/g, '') })}
        className={inputClass}
      />
    </div>
  );

  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-gray-900">
        {label}
        {isInvalid ? (
          <span id={`${id}-invalid`} className="ml-2 text-xs font-semibold text-red-800">
            {t('dateInvalid')}
          </span>
        ) : (
          isMissing && <span className="ml-2 text-xs font-semibold text-red-800">{t('missing')}</span>
        )}
      </legend>
      <div className="flex items-end gap-2">
        {part('day', 'dateDay', 2)}
        {part('month', 'dateMonth', 2)}
        {part('year', 'dateYear', 4)}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
        {t('dateHint')}
      </p>
    </fieldset>
  );
}
