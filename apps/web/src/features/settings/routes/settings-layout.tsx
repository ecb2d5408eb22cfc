import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { ForbiddenState } from '../../../ui/forbidden-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { TabLinks } from '../../../ui/tabs.tsx';
import { allowedSettingsTabs, defaultSettingsTab } from '../settings-tabs.ts';

export function SettingsLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const tabs = allowedSettingsTabs(user.role);
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {tabs.length === 0 ? (
        <ForbiddenState />
      ) : (
        <>
          <TabLinks
            label={t('settings.tabsLabel')}
            items={tabs.map((tab) => ({ to: `/settings/${tab}`, label: t(`settings.tabs.${tab}`) }))}
          />
          <div className="mt-6">
            <Outlet />
          </div>
        </>
      )}
    </>
  );
}

/** /settings opens the branding tab (or the first tab the role may use). */
export function SettingsIndexRoute() {
  const user = useCurrentUser();
  const tab = defaultSettingsTab(user.role);
  return tab ? <Navigate to={`/settings/${tab}`} replace /> : null;
}
