import { useTranslation } from 'react-i18next';

/** A field label marked as optional. */
export function OptionalLabel({ children }: { children: string }) {
  const { t } = useTranslation();
  return (
    <>
      {children} <span className="font-normal text-gray-500">({t('baseData.optional')})</span>
    </>
  );
}
