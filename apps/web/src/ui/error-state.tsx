import { useTranslation } from 'react-i18next';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { errorMessage } from '../lib/error-message.ts';
import { Button } from './button.tsx';

/** What a page or table shows when its data could not be loaded. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <ExclamationTriangleIcon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-gray-900">{t('states.errorTitle')}</h2>
      <p className="mt-1 max-w-md text-sm text-gray-500">{errorMessage(error)}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-6" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
