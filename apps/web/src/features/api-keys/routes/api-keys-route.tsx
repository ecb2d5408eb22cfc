import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '@heroicons/react/24/outline';
import type { TApiKey, TCreatedApiKey } from '@pms/contract/api-keys';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { SecretDialog } from '../../../ui/secret-dialog.tsx';
import { useApiKeys } from '../api/get-api-keys.ts';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog.tsx';

export function ApiKeysRoute() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const paging = usePaging();
  const apiKeys = useApiKeys(paging);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const [isSecretOpen, setIsSecretOpen] = useState(false);

  const showSecret = (apiKey: TCreatedApiKey) => {
    setIsCreateOpen(false);
    setCreated(apiKey);
    setIsSecretOpen(true);
  };

  const columns: TColumn<TApiKey>[] = [
    { id: 'name', header: t('apiKeys.name'), cell: (apiKey) => apiKey.name },
    { id: 'role', header: t('apiKeys.role'), cell: (apiKey) => <Badge>{t(`roles.${apiKey.roleId}`)}</Badge> },
    {
      id: 'prefix',
      header: t('apiKeys.prefix'),
      cell: (apiKey) => <code className="font-mono text-xs text-gray-600">{apiKey.prefix}…</code>,
    },
    {
      id: 'created',
      header: t('common.created'),
      cell: (apiKey) => <span className="whitespace-nowrap">{formatDateTime(apiKey.createdAt)}</span>,
    },
    {
      id: 'lastUsed',
      header: t('apiKeys.lastUsed'),
      cell: (apiKey) => (
        <span className="whitespace-nowrap">
          {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : t('apiKeys.neverUsed')}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('apiKeys.title')}
        description={t('apiKeys.description')}
        actions={
          <Button icon={PlusIcon} onClick={() => setIsCreateOpen(true)}>
            {t('apiKeys.create')}
          </Button>
        }
      />
      <Card isFlush>
        <PagedTable
          label={t('apiKeys.title')}
          columns={columns}
          query={apiKeys}
          paging={paging}
          detailRoute="/api-keys/:id"
          emptyText={t('apiKeys.empty')}
        />
      </Card>
      <CreateApiKeyDialog open={isCreateOpen} onClose={() => setIsCreateOpen(false)} onCreated={showSecret} />
      {created && (
        <SecretDialog
          key={created.id}
          open={isSecretOpen}
          onClose={() => setIsSecretOpen(false)}
          title={t('apiKeys.secretTitle')}
          description={t('apiKeys.secretText', { name: created.name })}
          label={t('apiKeys.secret')}
          value={created.secret}
          warning={t('apiKeys.secretWarning')}
        />
      )}
    </>
  );
}
