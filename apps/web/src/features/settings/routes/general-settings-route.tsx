import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useGeneralSettings } from '../api/get-general-settings.ts';
import { GeneralSettingsForm } from '../components/general-settings-form.tsx';

export function GeneralSettingsRoute() {
  const settings = useGeneralSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return <GeneralSettingsForm settings={settings.data} />;
}
