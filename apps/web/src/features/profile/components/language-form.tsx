import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { languages, type TLanguage } from '@pms/contract/locales';
import type { TSession } from '@pms/contract/session';
import { Card } from '../../../ui/card.tsx';
import { Field, Select } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

const browserOption = 'browser';

function isLanguage(value: string): value is TLanguage {
  return (languages as readonly string[]).includes(value);
}

/** The language is saved as soon as it is chosen and applies at once; 'browser' stores none. */
export function LanguageForm({ user }: { user: TSession }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();

  const change = (value: string) =>
    updateProfile.mutate(
      { language: isLanguage(value) ? value : null },
      { onSuccess: () => toast.success(i18n.t('profile.languageSaved')) },
    );

  return (
    <Card title={t('profile.languageTitle')} description={t('profile.languageDescription')}>
      <Field label={t('profile.language')} className="sm:max-w-xs">
        <Select
          value={user.language ?? browserOption}
          disabled={updateProfile.isPending}
          onChange={(event) => change(event.target.value)}
        >
          {languages.map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
          <option value={browserOption}>{t('languages.browser')}</option>
        </Select>
      </Field>
    </Card>
  );
}
