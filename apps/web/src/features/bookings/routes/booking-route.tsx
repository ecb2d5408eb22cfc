import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon, EnvelopeIcon, PencilSquareIcon } from '@heroicons/react/24/outline';
import { hasBookingDetails, type TBookingView } from '@pms/contract/bookings';
import { can } from '@pms/contract/permissions';
import { ChannelBadge, useChannels } from '../../../shared/channels/index.ts';
import { NotesPanel } from '../../../shared/notes/index.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTabs, type TQueryTab } from '../../../ui/query-tabs.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useBooking } from '../api/get-booking.ts';
import { BookingActions } from '../components/booking-actions.tsx';
import { BookingEvents } from '../components/booking-events.tsx';
import { BookingFolios } from '../components/booking-folios.tsx';
import { BookingGuests } from '../components/booking-guests.tsx';
import { BookingInvoices } from '../components/booking-invoices.tsx';
import { BookingOverview } from '../components/booking-overview.tsx';
import { BookingStatusBadge } from '../../../shared/bookings/index.ts';
import { BookingSummaryOverview } from '../components/booking-summary-overview.tsx';
import { EditBookingDialog } from '../components/edit-booking-dialog.tsx';
import { SendConfirmationDialog } from '../components/send-confirmation-dialog.tsx';

type TBookingTab = 'overview' | 'guests' | 'folios' | 'invoices' | 'notes' | 'events';

function BookingDetails({ booking }: { booking: TBookingView }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const formatDate = useFormatDate();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isConfirmationOpen, setIsConfirmationOpen] = useState(false);
  // Without the booking's details (catering) the server sends its summary: read only, no guest data.
  const details = hasBookingDetails(booking) ? booking : null;
  const canWrite = details !== null && can(user.role, 'bookings', 'write');
  const canEdit = canWrite && !booking.isReadOnly;
  const canSendConfirmation =
    canWrite && can(user.role, 'mail', 'write') && !['canceled', 'no_show'].includes(booking.status);
  // A booking from a channel shows its platform; the channel's colour where the role may read channels.
  const channelId = details?.channelId ?? null;
  const channels = useChannels({ enabled: channelId !== null && can(user.role, 'channels') });
  const channel = channels.data?.find((candidate) => candidate.id === channelId);
  const channelName = channel?.name ?? details?.source ?? '';
  const isChannelConflict = details?.isChannelConflict === true;

  const tabs: TQueryTab<TBookingTab>[] = [
    {
      key: 'overview',
      label: t('bookings.detail.tabs.overview'),
      content: details ? <BookingOverview booking={details} /> : <BookingSummaryOverview booking={booking} />,
    },
    ...(details
      ? [
          {
            key: 'guests' as const,
            label: t('bookings.detail.tabs.guests'),
            content: <BookingGuests booking={details} canEdit={canEdit} />,
          },
        ]
      : []),
    ...(can(user.role, 'folios')
      ? [
          {
            key: 'folios' as const,
            label: t('bookings.detail.tabs.folios'),
            content: <BookingFolios booking={booking} />,
          },
        ]
      : []),
    ...(can(user.role, 'invoices')
      ? [
          {
            key: 'invoices' as const,
            label: t('bookings.detail.tabs.invoices'),
            content: <BookingInvoices bookingId={booking.id} />,
          },
        ]
      : []),
    {
      key: 'notes',
      label: t('bookings.detail.tabs.notes'),
      content: <NotesPanel objectType="booking" objectId={booking.id} />,
    },
    {
      key: 'events',
      label: t('bookings.detail.tabs.events'),
      content: <BookingEvents bookingId={booking.id} />,
    },
  ];

  return (
    <>
      <PageHeader
        back={<BackToList />}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {booking.code}
            <BookingStatusBadge status={booking.status} />
            {channelId && (
              <span title={t('bookings.detail.channelSource', { channel: channelName })}>
                <ChannelBadge name={channelName} color={channel?.color} />
              </span>
            )}
          </span>
        }
        description={
          <>
            <span className="font-medium text-gray-900">{booking.displayName}</span>
            {' · '}
            {formatDate(booking.checkIn)} – {formatDate(booking.checkOut)}
            {' · '}
            {t('bookings.nights', { count: booking.numberOfNights })}
          </>
        }
        actions={
          (canSendConfirmation || canEdit) && (
            <>
              {canSendConfirmation && (
                <Button variant="secondary" icon={EnvelopeIcon} onClick={() => setIsConfirmationOpen(true)}>
                  {t('bookings.sendConfirmation.open')}
                </Button>
              )}
              {canEdit && (
                <Button variant="secondary" icon={PencilSquareIcon} onClick={() => setIsEditOpen(true)}>
                  {t('bookings.detail.edit')}
                </Button>
              )}
            </>
          )
        }
      />
      {details && (canWrite || booking.isReadOnly || isChannelConflict) && (
        <div className="-mt-2 mb-6 space-y-4">
          {isChannelConflict && (
            <Alert type="warning" title={t('bookings.detail.channelConflictTitle')}>
              {t('bookings.detail.channelConflictText', { channel: channelName })}
            </Alert>
          )}
          {canWrite && <BookingActions booking={details} />}
          {booking.isReadOnly && (
            <Alert type="info" title={t('bookings.detail.readOnlyTitle')}>
              {t('bookings.detail.readOnlyText')}
            </Alert>
          )}
        </div>
      )}
      <QueryTabs label={t('bookings.detail.tabsLabel')} tabs={tabs} />
      {details && canSendConfirmation && (
        <SendConfirmationDialog
          bookingId={booking.id}
          email={details.customer?.email}
          open={isConfirmationOpen}
          onClose={() => setIsConfirmationOpen(false)}
        />
      )}
      {details && canEdit && (
        <EditBookingDialog booking={details} open={isEditOpen} onClose={() => setIsEditOpen(false)} />
      )}
    </>
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link
      to="/bookings"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-500 hover:text-gray-900"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('bookings.detail.backToList')}
    </Link>
  );
}

/** A booking: its status actions and the tabs overview, guests, folios, invoices, notes, events. */
export function BookingRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const booking = useBooking(id);

  if (booking.isPending) return <Spinner />;
  if (booking.isError) {
    return (
      <>
        <PageHeader back={<BackToList />} title={t('bookings.title')} />
        <Card>
          <ErrorState error={booking.error} onRetry={() => void booking.refetch()} />
        </Card>
      </>
    );
  }
  return <BookingDetails key={booking.data.id} booking={booking.data} />;
}
