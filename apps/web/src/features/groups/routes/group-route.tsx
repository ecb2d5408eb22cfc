import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeftIcon, PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { TGroup } from '@pms/contract/contacts';
import { can } from '@pms/contract/permissions';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTabs } from '../../../ui/query-tabs.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { NotesPanel } from '../../../shared/notes/index.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useGroup } from '../api/get-group.ts';
import { GroupBookings } from '../components/group-bookings.tsx';
import { GroupDialog } from '../components/group-dialog.tsx';
import { GroupFolios } from '../components/group-folios.tsx';
import { InvoicesTable } from '../../../shared/invoices/index.ts';
import { GroupOverview } from '../components/group-overview.tsx';
import { groupsPath } from '../group-paths.ts';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={groupsPath}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-500 hover:text-gray-900"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('groups.backToList')}
    </Link>
  );
}

function GroupDetails({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const deleteGroup = useDeleteGroup();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const canWrite = can(user.role, 'groups', 'write');

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('groups.deleteTitle'),
      subtitle: (
        <Trans
          i18nKey="groups.deleteText"
          values={{ name: group.name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteGroup.mutate(group.id, {
      onSuccess: () => {
        toast.success(t('groups.deleted', { name: group.name }));
        void navigate(groupsPath);
      },
    });
  };

  const saved = () => {
    setIsEditOpen(false);
    toast.success(t('groups.saved'));
  };

  return (
    <>
      <PageHeader
        back={<BackLink />}
        title={group.name}
        description={group.customer?.name}
        actions={
          canWrite && (
            <>
              <Button
                variant="secondary"
                icon={TrashIcon}
                isLoading={deleteGroup.isPending}
                onClick={() => void remove()}
              >
                {t('common.delete')}
              </Button>
              <Button icon={PencilSquareIcon} onClick={() => setIsEditOpen(true)}>
                {t('groups.edit')}
              </Button>
            </>
          )
        }
      />
      <QueryTabs
        label={t('groups.tabsLabel')}
        tabs={[
          { key: 'overview', label: t('groups.tabs.overview'), content: <GroupOverview group={group} /> },
          {
            key: 'bookings',
            label: t('groups.tabs.bookings'),
            content: <GroupBookings group={group} />,
          },
          { key: 'folios', label: t('groups.tabs.folios'), content: <GroupFolios group={group} /> },
          {
            key: 'invoices',
            label: t('groups.tabs.invoices'),
            content: (
              <Card
                isFlush
                title={t('billing.invoices.groupTitle')}
                description={t('billing.invoices.groupDescription')}
              >
                <InvoicesTable label={t('billing.invoices.groupListLabel')} filter={{ groupId: group.id }} />
              </Card>
            ),
          },
          {
            key: 'notes',
            label: t('groups.tabs.notes'),
            content: <NotesPanel objectType="group" objectId={group.id} />,
          },
        ]}
      />
      <GroupDialog open={isEditOpen} onClose={() => setIsEditOpen(false)} group={group} onSaved={saved} />
    </>
  );
}

export function GroupRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const group = useGroup(id);

  if (group.isPending) return <Spinner />;
  if (group.isError)
    return (
      <>
        <PageHeader back={<BackLink />} title={t('groups.title')} />
        <Card>
          <ErrorState error={group.error} onRetry={() => void group.refetch()} />
        </Card>
      </>
    );
  return <GroupDetails key={group.data.id} group={group.data} />;
}
