import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui/badge.tsx';

/** 'Aktiv' or 'Inaktiv' for items and rates. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return isActive ? (
    <Badge color="green">{t('baseData.active')}</Badge>
  ) : (
    <Badge>{t('baseData.inactive')}</Badge>
  );
}
