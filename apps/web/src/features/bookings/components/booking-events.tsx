import { useTranslation } from 'react-i18next';
import { isBookingEventType, type TEvent } from '@pms/contract/bookings';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type TColumn } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useBookingEvents } from '../api/get-booking-events.ts';

const mailEventKinds = ['link', 'confirmation', 'invoice'] as const;

/** The e-mail a mail event is about, when it is one the booking names. */
function mailEventKind(event: TEvent) {
  const type = event.type === 'mail_sent' || event.type === 'mail_failed' ? event.type : null;
  const kind = mailEventKinds.find((candidate) => candidate === event.data.kind);
  return type && kind ? ({ type, kind } as const) : null;
}

/** What happened to the booking, newest first: time, who and what. */
export function BookingEvents({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const events = useBookingEvents(bookingId);

  const columns: TColumn<TEvent>[] = [
    {
      id: 'time',
      header: t('bookings.events.time'),
      cell: (event) => <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>,
      className: 'whitespace-nowrap',
    },
    {
      id: 'who',
      header: t('bookings.events.who'),
      cell: (event) =>
        event.actorType === 'system'
          ? t('bookings.events.system')
          : event.actorType === 'guest'
            ? t('bookings.events.guest', { name: event.actorName })
            : event.actorName,
    },
    {
      id: 'what',
      header: t('bookings.events.what'),
      cell: (event) => {
        const mail = mailEventKind(event);
        if (mail) return t(`bookings.events.mail.${mail.type}.${mail.kind}`);
        return isBookingEventType(event.type)
          ? t(`bookings.events.types.${event.type}`, { channel: event.data.channel ?? '' })
          : event.type;
      },
    },
  ];

  return (
    <Card isFlush title={t('bookings.events.title')}>
      {events.isPending ? (
        <Spinner />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : (
        <DataTable
          label={t('bookings.events.listLabel')}
          columns={columns}
          rows={events.data}
          emptyText={t('bookings.events.empty')}
        />
      )}
    </Card>
  );
}
