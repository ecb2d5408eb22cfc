import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowDownTrayIcon, ArrowLeftIcon, ArrowPathIcon } from '@heroicons/react/24/outline';
import type { TMailMessage } from '@pms/contract/mail';
import { can } from '@pms/contract/permissions';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDownloadMailMessage } from '../api/download-mail-message.ts';
import { useMailMessage } from '../api/get-mail-message.ts';
import { useRetryMailMessage } from '../api/retry-mail-message.ts';
import { MailStatusBadge } from '../components/mail-status-badge.tsx';

function MailMessageDetails({ message }: { message: TMailMessage }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const user = useCurrentUser();
  const retry = useRetryMailMessage();
  const download = useDownloadMailMessage();

  const facts = [
    {
      label: t('mail.status'),
      value: <MailStatusBadge status={message.status} attempts={message.attempts} />,
    },
    { label: t('mail.kind'), value: t(`mail.kinds.${message.kind}`) },
    { label: t('mail.to'), value: message.to },
    { label: t('common.created'), value: formatDateTime(message.createdAt) },
    { label: t('mail.sentAt'), value: message.sentAt ? formatDateTime(message.sentAt) : '–' },
    {
      label: t('mail.transport'),
      value: message.transport ? t(`mail.transports.${message.transport}`) : '–',
    },
    { label: t('mail.attempts'), value: String(message.attempts) },
    ...(message.bookingId
      ? [
          {
            label: t('mail.booking'),
            value: (
              <Link to={`/bookings/${message.bookingId}`} className="text-primary-700 hover:underline">
                {t('mail.openBooking')}
              </Link>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        {message.lastError && (
          <Alert type={message.status === 'failed' ? 'error' : 'warning'} title={t('mail.lastError')}>
            <span className="font-mono text-xs break-all">{message.lastError}</span>
          </Alert>
        )}
        <Card
          title={message.subject}
          footer={
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                icon={ArrowDownTrayIcon}
                isLoading={download.isPending}
                onClick={() => download.mutate(message.id)}
              >
                {t('mail.downloadEml')}
              </Button>
              {message.status === 'failed' && can(user.role, 'mail', 'write') && (
                <Button
                  icon={ArrowPathIcon}
                  isLoading={retry.isPending}
                  onClick={() =>
                    retry.mutate(message.id, { onSuccess: () => toast.success(t('mail.retried')) })
                  }
                >
                  {t('mail.retry')}
                </Button>
              )}
            </div>
          }
        >
          <pre className="font-sans text-sm whitespace-pre-wrap text-gray-800">{message.text}</pre>
          {message.attachments.length > 0 && (
            <p className="mt-4 text-sm text-gray-600">
              {t('mail.attachments')}: {message.attachments.map((attachment) => attachment.name).join(', ')}
            </p>
          )}
        </Card>
      </div>
      <Card title={t('mail.detailsTitle')}>
        <dl className="space-y-4 text-sm">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-gray-500">{fact.label}</dt>
              <dd className="mt-0.5 font-medium break-words text-gray-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

export function OutboxMessageRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const message = useMailMessage(id);
  const back = (
    <Link
      to="/outbox"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-500 hover:text-gray-900"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('mail.backToOutbox')}
    </Link>
  );
  return (
    <>
      <PageHeader back={back} title={t('mail.messageTitle')} />
      {message.isPending ? (
        <Spinner />
      ) : message.isError ? (
        <ErrorState error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <MailMessageDetails message={message.data} />
      )}
    </>
  );
}
