import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { ChevronUpDownIcon } from '@heroicons/react/24/outline';
import type { TContact } from '@pms/contract/contacts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Field, Input } from '../../ui/field.tsx';
import { SpinnerIcon } from '../../ui/spinner.tsx';
import { useContacts } from './get-contacts.ts';

const searchDelayMs = 250;
const matchCount = 10;

type TContactPickerProps = {
  label: string;
  value: TContact | null;
  onChange: (contact: TContact | null) => void;
  error?: string | undefined;
  description?: string;
};

/** Picks a contact by typing part of its name, e-mail or phone; clearing the text picks none. */
export function ContactPicker({ label, value, onChange, error, description }: TContactPickerProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), searchDelayMs);
  const matches = useContacts({ pageNumber: 1, pageSize: matchCount, query: query || undefined });
  const contacts = matches.data?.data ?? [];

  return (
    <Field label={label} error={error} description={description}>
      <Combobox value={value} onChange={onChange} onClose={() => setTerm('')} by="id">
        <div className="relative">
          <ComboboxInput
            as={Input}
            autoComplete="off"
            placeholder={t('contacts.picker.placeholder')}
            className="pr-9"
            displayValue={(contact: TContact | null) => contact?.name ?? ''}
            onChange={(event) => setTerm(event.target.value)}
          />
          <ComboboxButton
            aria-label={t('contacts.picker.showMatches')}
            className="absolute inset-y-0 right-0 flex items-center px-2.5 text-gray-400 hover:text-gray-600"
          >
            <ChevronUpDownIcon aria-hidden="true" className="size-5" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-[60] w-(--input-width) rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-gray-900/10 [--anchor-gap:4px] empty:invisible"
        >
          {matches.isPending ? (
            <div className="flex items-center gap-2 px-3 py-2 text-gray-500">
              <SpinnerIcon />
              {t('common.loading')}
            </div>
          ) : contacts.length === 0 ? (
            <div className="px-3 py-2 text-gray-500">{t('contacts.picker.noMatches')}</div>
          ) : (
            contacts.map((contact) => (
              <ComboboxOption
                key={contact.id}
                value={contact}
                className="cursor-pointer rounded-md px-3 py-2 select-none data-focus:bg-primary-50 data-selected:font-semibold"
              >
                <span className="block truncate text-gray-900">{contact.name}</span>
                {contact.email && (
                  <span className="block truncate text-xs text-gray-500">{contact.email}</span>
                )}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
