import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useAccountingSettings } from '../api/get-accounting-settings.ts';
import { useGeneralSettings } from '../api/get-general-settings.ts';
import { AccountingSettingsForm } from '../components/accounting-settings-form.tsx';
import { GeneralSettingsForm } from '../components/general-settings-form.tsx';

export function GeneralSettingsRoute() {
  const settings = useGeneralSettings();
  const accounting = useAccountingSettings();
  if (settings.isPending || accounting.isPending) return <Spinner />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (accounting.isError)
    return <ErrorState error={accounting.error} onRetry={() => void accounting.refetch()} />;
  return (
    <div className="space-y-6">
      <GeneralSettingsForm settings={settings.data} />
      <AccountingSettingsForm settings={accounting.data} />
    </div>
  );
}
