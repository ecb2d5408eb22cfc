import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { bookingFilters, bookingStatuses } from '@pms/contract/bookings';
import { datePeriods } from '../../../lib/date-periods.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Button } from '../../../ui/button.tsx';
import { DateInput } from '../../../ui/date-input.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { can } from '@pms/contract/permissions';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useChannels } from '../../../shared/channels/index.ts';
import type { TBookingFilterState } from '../booking-filters.ts';

const searchDelayMs = 250;

/** The text box writes to the URL once typing pauses. */
function SearchField({ state }: { state: TBookingFilterState }) {
  const { t } = useTranslation();
  const { query, change } = state;
  const [term, setTerm] = useState(query);
  const [urlQuery, setUrlQuery] = useState(query);
  const debouncedTerm = useDebouncedValue(term, searchDelayMs);

  // A query the URL gets from elsewhere (reset, back button) replaces the typed term.
  if (query !== urlQuery) {
    setUrlQuery(query);
    if (query !== term.trim()) setTerm(query);
  }

  // Only a new debounced term writes to the URL, never a URL change itself.
  const writeTerm = useEffectEvent((typed: string) => {
    if (typed !== query) change({ query: typed });
  });
  useEffect(() => writeTerm(debouncedTerm.trim()), [debouncedTerm]);

  return (
    <Field label={t('bookings.filters.search')}>
      <Input
        type="search"
        autoComplete="off"
        placeholder={t('bookings.filters.searchPlaceholder')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
    </Field>
  );
}

/** The channel the bookings came from: shown where the role may read channels and there are any. */
function ChannelField({ state }: { state: TBookingFilterState }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const channels = useChannels({ enabled: can(user.role, 'channels') });
  if (!channels.data?.length) return null;
  return (
    <Field label={t('bookings.filters.channel')}>
      <Select
        value={state.channelId ?? ''}
        onChange={(event) => state.change({ channel: event.target.value })}
      >
        <option value="">{t('bookings.filters.anyChannel')}</option>
        {channels.data.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Quick filter, period (custom with its own dates), status, channel and text, all kept in the URL. */
export function BookingsFilterBar({ state }: { state: TBookingFilterState }) {
  const { t } = useTranslation();
  const { change } = state;

  return (
    <section aria-label={t('bookings.filters.label')} className="space-y-4 border-b border-gray-100 p-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Field label={t('bookings.filters.quick')}>
          <Select value={state.filter ?? ''} onChange={(event) => change({ filter: event.target.value })}>
            <option value="">{t('bookings.filters.all')}</option>
            {bookingFilters.map((filter) => (
              <option key={filter} value={filter}>
                {t(`bookings.filters.${filter}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('bookings.filters.period')}>
          <Select
            value={state.period ?? ''}
            onChange={(event) => change({ period: event.target.value, from: null, to: null })}
          >
            <option value="">{t('bookings.filters.anyPeriod')}</option>
            {datePeriods.map((period) => (
              <option key={period} value={period}>
                {t(`periods.${period}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('bookings.filters.status')}>
          <Select value={state.status ?? ''} onChange={(event) => change({ status: event.target.value })}>
            <option value="">{t('bookings.filters.anyStatus')}</option>
            {bookingStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`bookings.status.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <ChannelField state={state} />
        <SearchField state={state} />
      </div>
      {(state.period === 'custom' || state.hasFilters) && (
        <div className="flex flex-wrap items-end gap-4">
          {state.period === 'custom' && (
            <>
              <Field label={t('bookings.filters.from')} className="w-full sm:w-44">
                <DateInput
                  value={state.customFrom ?? ''}
                  max={state.customTo}
                  onChange={(event) => change({ from: event.target.value })}
                />
              </Field>
              <Field label={t('bookings.filters.to')} className="w-full sm:w-44">
                <DateInput
                  value={state.customTo ?? ''}
                  min={state.customFrom}
                  onChange={(event) => change({ to: event.target.value })}
                />
              </Field>
            </>
          )}
          {state.hasFilters && (
            <Button variant="ghost" icon={XMarkIcon} onClick={state.reset} className="sm:ml-auto">
              {t('bookings.filters.reset')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
