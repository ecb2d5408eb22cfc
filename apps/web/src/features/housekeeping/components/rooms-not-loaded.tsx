import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

/** The spec's 'rooms could not be loaded', with the reason and a way to try again. */
export function RoomsNotLoaded({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Alert type="error" title={t('housekeeping.roomsNotLoaded')}>
        {errorMessage(error)}
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
