import { useTranslation } from 'react-i18next';
import { datePeriods } from '../../lib/date-periods.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { Field, Select } from '../../ui/field.tsx';
import type { TDatePeriodState } from './use-date-period.ts';

/** The spec's date periods, with a custom period's own first and last day. */
export function PeriodPicker({ state }: { state: TDatePeriodState }) {
  const { t } = useTranslation();
  const { period, change } = state;
  const isIncomplete = !state.customFrom || !state.customTo;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field label={t('periodPicker.period')}>
        <Select value={period} onChange={(event) => change({ period: event.target.value })}>
          {datePeriods.map((option) => (
            <option key={option} value={option}>
              {t(`periods.${option}`)}
            </option>
          ))}
        </Select>
      </Field>
      {period === 'custom' && (
        <>
          <Field label={t('periodPicker.from')}>
            <DateInput value={state.customFrom} onChange={(event) => change({ from: event.target.value })} />
          </Field>
          {/* A hint while a day is missing; an error only once both are typed the wrong way round. */}
          <Field
            label={t('periodPicker.to')}
            description={isIncomplete ? t('periodPicker.customHint') : undefined}
            error={!isIncomplete && state.range === null ? t('periodPicker.customHint') : undefined}
          >
            <DateInput value={state.customTo} onChange={(event) => change({ to: event.target.value })} />
          </Field>
        </>
      )}
    </div>
  );
}
