import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mailStatuses, type TMailMessageListItem, type TMailStatus } from '@pms/contract/mail';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { useMailMessages } from '../api/get-mail-messages.ts';
import { MailStatusBadge } from '../components/mail-status-badge.tsx';

type TStatusFilter = TMailStatus | 'all';

function isStatus(value: string | null): value is TMailStatus {
  return (mailStatuses as readonly string[]).includes(value ?? '');
}

/** Every e-mail the property sent or is sending: the development outbox when no SMTP server is set. */
export function OutboxRoute() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const paging = usePaging();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('status');
  const status = isStatus(param) ? param : undefined;
  const messages = useMailMessages({ pageNumber: paging.pageNumber, pageSize: paging.pageSize, status });

  const setStatus = (next: TStatusFilter) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next === 'all') params.delete('status');
      else params.set('status', next);
      params.delete('page');
      return params;
    });

  const columns: TColumn<TMailMessageListItem>[] = [
    {
      id: 'created',
      header: t('common.created'),
      cell: (message) => <span className="whitespace-nowrap">{formatDateTime(message.createdAt)}</span>,
    },
    { id: 'kind', header: t('mail.kind'), cell: (message) => t(`mail.kinds.${message.kind}`) },
    { id: 'to', header: t('mail.to'), cell: (message) => message.to },
    { id: 'subject', header: t('mail.subject'), cell: (message) => message.subject },
    {
      id: 'status',
      header: t('mail.status'),
      cell: (message) => <MailStatusBadge status={message.status} attempts={message.attempts} />,
    },
  ];

  return (
    <>
      <PageHeader title={t('mail.title')} description={t('mail.description')} />
      <div className="mb-4">
        <SegmentedControl<TStatusFilter>
          label={t('mail.status')}
          value={status ?? 'all'}
          onChange={setStatus}
          options={[
            { value: 'all', label: t('mail.allStatuses') },
            ...mailStatuses.map((value) => ({ value, label: t(`mail.statuses.${value}`) })),
          ]}
        />
      </div>
      <Card isFlush>
        <PagedTable
          label={t('mail.title')}
          columns={columns}
          query={messages}
          paging={paging}
          detailRoute="/outbox/:id"
          emptyText={t('mail.empty')}
        />
      </Card>
    </>
  );
}
