import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

export function SpinnerIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={clsx('animate-spin', className)}>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The loading indicator of a page or panel: 'Wird geladen ...'. */
export function Spinner({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={clsx('flex items-center justify-center gap-3 py-16 text-sm text-gray-500', className)}
    >
      <SpinnerIcon className="size-5 text-primary-600" />
      {t('common.loading')}
    </div>
  );
}
