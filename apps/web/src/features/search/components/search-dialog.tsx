import clsx from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import {
  BookOpenIcon,
  DocumentTextIcon,
  MagnifyingGlassIcon,
  UserGroupIcon,
  UsersIcon,
} from '@heroicons/react/24/outline';
import { searchObjectTypes, type TSearchResult } from '@pms/contract/search';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { TIcon } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useSearch } from '../api/search.ts';

type TObjectType = TSearchResult['objectType'];

const minQueryLength = 2;
const searchDelayMs = 100;

const resultTypes: Record<TObjectType, { path: string; icon: TIcon }> = {
  booking: { path: '/bookings/:id', icon: BookOpenIcon },
  contact: { path: '/contacts/:id', icon: UsersIcon },
  group: { path: '/groups/:id', icon: UserGroupIcon },
  invoice: { path: '/invoices/:id', icon: DocumentTextIcon },
};

function SearchMessage({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 rounded-lg bg-gray-50 px-4 py-8 text-center text-sm text-gray-500"
    >
      <MagnifyingGlassIcon aria-hidden="true" className="size-6 text-gray-400" />
      {children}
    </div>
  );
}

/** The result's second line, in the user's language: a booking's name and stay, a contact's address. */
function useResultSubtitle(): (result: TSearchResult) => string | null {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (result) => {
    if (!result.checkIn || !result.checkOut) return result.subtitle;
    const stay = `${formatDate(result.checkIn)} – ${formatDate(result.checkOut)}`;
    return result.subtitle ? t('search.stay', { name: result.subtitle, stay }) : stay;
  };
}

function ResultGroup({ type, results }: { type: TObjectType; results: readonly TSearchResult[] }) {
  const { t } = useTranslation();
  const subtitleOf = useResultSubtitle();
  const headingId = useId();
  const { icon: TypeIcon } = resultTypes[type];
  return (
    <div role="group" aria-labelledby={headingId}>
      <div
        id={headingId}
        role="presentation"
        className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase"
      >
        {t(`search.types.${type}`)}
      </div>
      {results.map((result) => (
        <ComboboxOption
          key={result.id}
          value={result}
          className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 data-focus:bg-primary-50"
        >
          <TypeIcon aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-gray-900">
              {result.title ?? t('search.draftInvoice')}
            </span>
            {subtitleOf(result) && (
              <span className="block truncate text-xs text-gray-600">{subtitleOf(result)}</span>
            )}
          </span>
        </ComboboxOption>
      ))}
    </div>
  );
}

function SearchForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), searchDelayMs);
  const isSearching = query.length >= minQueryLength;
  const results = useSearch(query, isSearching);
  const page = isSearching ? results.data : undefined;
  const groups = searchObjectTypes
    .map((type) => ({ type, results: page?.data.filter((result) => result.objectType === type) ?? [] }))
    .filter((group) => group.results.length > 0);

  const open = (result: TSearchResult | null) => {
    if (!result) return;
    onClose();
    void navigate(generatePath(resultTypes[result.objectType].path, { id: result.id }));
  };

  const renderState = () => {
    if (term.trim().length < minQueryLength)
      return <SearchMessage>{t('search.hint', { count: minQueryLength })}</SearchMessage>;
    if (results.isError) return <ErrorState error={results.error} onRetry={() => void results.refetch()} />;
    if (!page || (query !== term.trim() && groups.length === 0)) return <Spinner className="py-8" />;
    if (groups.length === 0) return <SearchMessage>{t('search.noResults', { query })}</SearchMessage>;
    return null;
  };

  return (
    <Combobox<TSearchResult | null> value={null} onChange={open}>
      <div className="space-y-4">
        <Field label={t('search.label')}>
          <ComboboxInput
            as={Input}
            type="search"
            autoFocus
            autoComplete="off"
            placeholder={t('search.placeholder')}
            onChange={(event) => setTerm(event.target.value)}
          />
        </Field>
        {renderState()}
        {groups.length > 0 && (
          <>
            <ComboboxOptions
              static
              modal={false}
              aria-label={t('search.resultsLabel')}
              className={clsx(
                '-mx-2 max-h-[55dvh] overflow-y-auto',
                results.isPlaceholderData && 'opacity-60',
              )}
            >
              {groups.map((group) => (
                <ResultGroup key={group.type} type={group.type} results={group.results} />
              ))}
            </ComboboxOptions>
            {page && page.count > page.data.length && (
              <p className="text-xs text-gray-500">
                {t('search.more', { count: page.count - page.data.length })}
              </p>
            )}
            <p className="hidden text-xs text-gray-500 sm:block">{t('search.keyboardHint')}</p>
          </>
        )}
      </div>
    </Combobox>
  );
}

/** The search modal (opened from the header, or with '/' and Ctrl/Cmd+K). */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('search.title')}>
      <SearchForm onClose={onClose} />
    </Modal>
  );
}
