import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { TrashIcon, UserPlusIcon } from '@heroicons/react/24/outline';
import { can } from '@pms/contract/permissions';
import type { TCreateUserResponse, TTeamUser } from '@pms/contract/users';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { SecretDialog } from '../../../ui/secret-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import { AddUserDialog } from '../components/add-user-dialog.tsx';

type TNewAccount = { name: string; password: string };

export function TeamRoute() {
  const { t } = useTranslation();
  const currentUser = useCurrentUser();
  const formatDateTime = useFormatDateTime();
  const paging = usePaging();
  const users = useUsers(paging);
  const deleteUser = useDeleteUser();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [newAccount, setNewAccount] = useState<TNewAccount | null>(null);
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  const canWrite = can(currentUser.role, 'team', 'write');

  const added = (user: TCreateUserResponse) => {
    setIsAddOpen(false);
    setNewAccount({ name: user.name, password: user.defaultPassword });
    setIsPasswordOpen(true);
  };

  const remove = async (user: TTeamUser) => {
    const isConfirmed = await openConfirmDialog({
      title: t('team.removeTitle'),
      subtitle: (
        <Trans i18nKey="team.removeText" values={{ name: user.name }} components={{ strong: <strong /> }} />
      ),
      confirmText: t('team.remove'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteUser.mutate(user.userId, {
      onSuccess: () => toast.success(t('team.removed', { name: user.name })),
    });
  };

  const columns: TColumn<TTeamUser>[] = [
    {
      id: 'name',
      header: t('team.name'),
      cell: (user) => (
        <span className="flex items-center gap-2 font-medium text-gray-900">
          {user.name}
          {user.userId === currentUser.subjectId && <Badge color="primary">{t('team.you')}</Badge>}
        </span>
      ),
    },
    { id: 'email', header: t('team.email'), cell: (user) => user.email },
    { id: 'role', header: t('team.role'), cell: (user) => <Badge>{t(`roles.${user.roleId}`)}</Badge> },
    {
      id: 'created',
      header: t('common.created'),
      cell: (user) => <span className="whitespace-nowrap">{formatDateTime(user.createdAt)}</span>,
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'w-12 text-right',
      cell: (user) =>
        user.userId !== currentUser.subjectId && (
          <IconButton
            label={t('team.removeLabel', { name: user.name })}
            icon={TrashIcon}
            className="-my-2 hover:text-red-600"
            onClick={() => void remove(user)}
          />
        ),
    });
  }

  return (
    <Card
      isFlush
      title={t('team.title')}
      description={t('team.description')}
      actions={
        canWrite && (
          <Button icon={UserPlusIcon} onClick={() => setIsAddOpen(true)}>
            {t('team.add')}
          </Button>
        )
      }
    >
      <PagedTable label={t('team.title')} columns={columns} query={users} paging={paging} />
      <AddUserDialog open={isAddOpen} onClose={() => setIsAddOpen(false)} onAdded={added} />
      {newAccount && (
        <SecretDialog
          key={newAccount.password}
          open={isPasswordOpen}
          onClose={() => setIsPasswordOpen(false)}
          title={t('team.passwordTitle')}
          description={t('team.passwordText', { name: newAccount.name })}
          label={t('team.defaultPassword')}
          value={newAccount.password}
          warning={t('team.passwordWarning')}
        />
      )}
    </Card>
  );
}
