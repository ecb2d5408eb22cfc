import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeftIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { TApiKey } from '@pms/contract/api-keys';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDeleteApiKey } from '../api/delete-api-key.ts';
import { useApiKey } from '../api/get-api-key.ts';
import { ApiKeyForm } from '../components/api-key-form.tsx';

const listPath = '/api-keys';

function ApiKeyDetails({ apiKey }: { apiKey: TApiKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const deleteApiKey = useDeleteApiKey();

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('apiKeys.deleteTitle'),
      subtitle: (
        <Trans
          i18nKey="apiKeys.deleteText"
          values={{ name: apiKey.name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteApiKey.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success(t('apiKeys.deleted'));
        void navigate(listPath);
      },
    });
  };

  const facts = [
    { label: t('apiKeys.prefix'), value: <code className="font-mono">{apiKey.prefix}…</code> },
    { label: t('common.created'), value: formatDateTime(apiKey.createdAt) },
    {
      label: t('apiKeys.lastUsed'),
      value: apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : t('apiKeys.neverUsed'),
    },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <ApiKeyForm apiKey={apiKey} />
        <Card title={t('apiKeys.deleteTitle')} description={t('apiKeys.deleteDescription')}>
          <Button
            variant="red"
            icon={TrashIcon}
            isLoading={deleteApiKey.isPending}
            onClick={() => void remove()}
          >
            {t('apiKeys.delete')}
          </Button>
        </Card>
      </div>
      <Card title={t('apiKeys.detailsTitle')}>
        <dl className="space-y-4 text-sm">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-gray-500">{fact.label}</dt>
              <dd className="mt-0.5 font-medium text-gray-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

export function ApiKeyRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const apiKey = useApiKey(id);
  const back = (
    <Link
      to={listPath}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-500 hover:text-gray-900"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('apiKeys.backToList')}
    </Link>
  );

  if (apiKey.isPending) return <Spinner />;
  return (
    <>
      <PageHeader back={back} title={apiKey.data?.name ?? t('apiKeys.title')} />
      {apiKey.isError ? (
        <Card>
          <ErrorState error={apiKey.error} onRetry={() => void apiKey.refetch()} />
        </Card>
      ) : (
        <ApiKeyDetails key={apiKey.data.id} apiKey={apiKey.data} />
      )}
    </>
  );
}
