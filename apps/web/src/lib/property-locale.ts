import { useTranslation } from 'react-i18next';
import { localeOf } from '@pms/contract/locales';
import { useSessionState } from './session-store.ts';

/**
 * The locale money and dates are written in on the staff screens: the user's language as the current
 * property's country writes it (the one rule the PDFs, the e-mails and the portal follow too).
 */
export function usePropertyLocale(): string {
  const { i18n } = useTranslation();
  const country = useSessionState((state) => state.property?.country);
  return localeOf(i18n.language === 'en' ? 'en' : 'de', country);
}
