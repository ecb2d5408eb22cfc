import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlusIcon } from '@heroicons/react/24/outline';
import type { TGroup } from '@pms/contract/contacts';
import { can } from '@pms/contract/permissions';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useGroups } from '../../../shared/groups/index.ts';
import { GroupDialog } from '../components/group-dialog.tsx';
import { groupPath, groupRoute } from '../group-paths.ts';

const searchDelayMs = 300;
const filterParams = ['query'] as const;

export function GroupsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const paging = usePaging();
  const filters = useListParams(filterParams);
  const query = useDebouncedValue(filters.values.query.trim(), searchDelayMs);
  const groups = useGroups({ ...paging, query: query || undefined });
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const canWrite = can(user.role, 'groups', 'write');

  const created = (group: TGroup) => {
    setIsCreateOpen(false);
    toast.success(t('groups.created', { name: group.name }));
    void navigate(groupPath(group.id));
  };

  const dateCell = (date: string | null) => (
    <span className="whitespace-nowrap">{date ? formatDate(date) : '–'}</span>
  );
  const columns: TColumn<TGroup>[] = [
    { id: 'name', header: t('groups.name'), cell: (group) => group.name },
    { id: 'customer', header: t('groups.customer'), cell: (group) => group.customer?.name },
    {
      id: 'bookings',
      header: t('groups.figures.bookings'),
      className: 'text-right',
      cell: (group) => group.bookingCount,
    },
    {
      id: 'guests',
      header: t('groups.figures.guests'),
      className: 'text-right',
      cell: (group) => group.guestCount,
    },
    {
      id: 'nights',
      header: t('groups.figures.nights'),
      className: 'text-right',
      cell: (group) => group.nights,
    },
    {
      id: 'rooms',
      header: t('groups.figures.rooms'),
      className: 'text-right',
      cell: (group) => group.roomCount,
    },
    {
      id: 'checkIn',
      header: t('groups.figures.earliestCheckIn'),
      cell: (group) => dateCell(group.earliestCheckIn),
    },
    {
      id: 'checkOut',
      header: t('groups.figures.latestCheckOut'),
      cell: (group) => dateCell(group.latestCheckOut),
    },
    {
      id: 'gross',
      header: t('groups.figures.grossAmount'),
      className: 'text-right',
      cell: (group) => <span className="whitespace-nowrap">{formatMoney(group.grossAmount)}</span>,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('groups.title')}
        description={t('groups.description')}
        actions={
          canWrite && (
            <Button icon={PlusIcon} onClick={() => setIsCreateOpen(true)}>
              {t('groups.create')}
            </Button>
          )
        }
      />
      <Card isFlush>
        <div className="border-b border-gray-200 p-4">
          <Field label={t('groups.search')} className="sm:max-w-sm">
            <Input
              type="search"
              autoComplete="off"
              placeholder={t('groups.searchPlaceholder')}
              value={filters.values.query}
              onChange={(event) => filters.change({ query: event.target.value })}
            />
          </Field>
        </div>
        <PagedTable
          label={t('groups.title')}
          columns={columns}
          query={groups}
          paging={paging}
          detailRoute={groupRoute}
          emptyText={query ? t('groups.noMatches') : t('groups.empty')}
        />
      </Card>
      <GroupDialog open={isCreateOpen} onClose={() => setIsCreateOpen(false)} onSaved={created} />
    </>
  );
}
