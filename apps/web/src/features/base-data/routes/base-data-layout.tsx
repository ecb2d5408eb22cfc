import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { ArrowPathIcon } from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ForbiddenState } from '../../../ui/forbidden-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { TabLinks } from '../../../ui/tabs.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { baseDataPath, baseDataTabs, isTabOpenTo } from '../base-data-tabs.ts';

/** Reloads the cached base data, which otherwise only reloads after a change made here. */
function ReloadButton() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const baseData = useBaseData();

  const reload = async () => {
    const result = await baseData.refetch();
    if (result.isError) toast.error(t('baseData.notReloaded'), errorMessage(result.error));
    else toast.success(t('baseData.reloaded'));
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      {baseData.dataUpdatedAt > 0 && (
        <span className="text-sm text-gray-500">
          {t('baseData.loadedAt', { time: formatDateTime(new Date(baseData.dataUpdatedAt).toISOString()) })}
        </span>
      )}
      <Button
        variant="secondary"
        icon={ArrowPathIcon}
        isLoading={baseData.isFetching}
        onClick={() => void reload()}
      >
        {t('baseData.reload')}
      </Button>
    </div>
  );
}

export function BaseDataLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!can(user.role, 'baseData')) return <ForbiddenState />;
  return (
    <>
      <PageHeader
        title={t('baseData.title')}
        description={t('baseData.description')}
        actions={<ReloadButton />}
      />
      {!can(user.role, 'baseData', 'write') && (
        <div className="mb-6">
          <Alert type="info">{t('baseData.readOnly')}</Alert>
        </div>
      )}
      <TabLinks
        label={t('baseData.tabsLabel')}
        items={baseDataTabs
          .filter((tab) => isTabOpenTo(tab, (area) => can(user.role, area)))
          .map((tab) => ({
            to: `${baseDataPath}/${tab.path}`,
            label: t(`baseData.tabs.${tab.key}`),
          }))}
      />
      <div className="mt-6">
        <Outlet />
      </div>
    </>
  );
}

/** /base-data opens the property tab. */
export function BaseDataIndexRoute() {
  return <Navigate to={`${baseDataPath}/property`} replace />;
}
