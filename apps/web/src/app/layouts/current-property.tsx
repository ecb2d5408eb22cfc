import { useTranslation } from 'react-i18next';
import type { TPropertyMembership } from '@pms/contract/session';

function PropertyMark({ property }: { property: TPropertyMembership | null }) {
  if (property?.branding.logo) {
    return (
      <img src={property.branding.logo} alt="" className="h-9 w-auto max-w-16 shrink-0 object-contain" />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-600 text-sm font-bold text-white"
    >
      {property?.name.slice(0, 1) ?? ''}
    </span>
  );
}

/** The current property's mark and name, as the menu button shows them. */
export function CurrentProperty({ property }: { property: TPropertyMembership | null }) {
  const { t } = useTranslation();
  return (
    <>
      <PropertyMark property={property} />
      <span className="min-w-0 flex-1">
        <span className="block text-xs text-gray-600">{t('nav.property')}</span>
        <span className="block truncate text-sm font-semibold text-gray-900">{property?.name ?? '…'}</span>
      </span>
    </>
  );
}
