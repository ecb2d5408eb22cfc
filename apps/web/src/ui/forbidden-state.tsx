import { useTranslation } from 'react-i18next';
import { NoSymbolIcon } from '@heroicons/react/24/outline';
import { EmptyState } from './empty-state.tsx';

/** What a screen shows to a role that may not use it. */
export function ForbiddenState() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={NoSymbolIcon} title={t('states.forbiddenTitle')} text={t('states.forbiddenText')} />
  );
}
