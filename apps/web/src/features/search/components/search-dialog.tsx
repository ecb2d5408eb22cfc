import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { Modal } from '../../../ui/dialog.tsx';
import { Field, Input } from '../../../ui/field.tsx';

function SearchForm() {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  return (
    <div className="space-y-4">
      <Field label={t('search.label')}>
        <Input
          type="search"
          autoFocus
          autoComplete="off"
          placeholder={t('search.placeholder')}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </Field>
      <div className="flex flex-col items-center gap-2 rounded-lg bg-gray-50 px-4 py-8 text-center text-sm text-gray-500">
        <MagnifyingGlassIcon aria-hidden="true" className="size-6 text-gray-400" />
        {t('search.hint')}
      </div>
    </div>
  );
}

/** The search modal (opened from the header, or with '/' and Ctrl/Cmd+K). */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('search.title')}>
      <SearchForm />
    </Modal>
  );
}
