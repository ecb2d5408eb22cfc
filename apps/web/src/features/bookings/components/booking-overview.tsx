import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ArrowTopRightOnSquareIcon, EnvelopeIcon } from '@heroicons/react/24/outline';
import type { TBooking } from '@pms/contract/bookings';
import { can } from '@pms/contract/permissions';
import { FactList } from '../../../ui/fact-list.tsx';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { BookingKey } from './booking-key.tsx';
import { PortalProgress } from './portal-progress.tsx';
import { sourceLabel } from './booking-source.ts';
import { SendLinkDialog } from './send-link-dialog.tsx';

function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-primary-700 hover:underline">
      {children}
    </Link>
  );
}

function PortalLink({ bookingId, link }: { bookingId: string; link: NonNullable<TBooking['link']> }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const user = useCurrentUser();
  const canSend = can(user.role, 'bookings', 'write') && can(user.role, 'mail', 'write');
  const [isSendOpen, setIsSendOpen] = useState(false);
  return (
    <div className="space-y-3">
      <Field
        label={t('bookings.overview.portalLink')}
        description={t('bookings.overview.portalExpires', { date: formatDateTime(link.expiresAt) })}
      >
        <Input
          readOnly
          value={link.url}
          className="font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={link.url} label={t('bookings.overview.copyPortalLink')} />
        <a
          href={link.url}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses({ variant: 'secondary' })}
        >
          <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4 shrink-0" />
          {t('bookings.overview.openPortal')}
        </a>
        {canSend && (
          <Button variant="secondary" icon={EnvelopeIcon} onClick={() => setIsSendOpen(true)}>
            {t('bookings.sendLink.open')}
          </Button>
        )}
      </div>
      {canSend && (
        <SendLinkDialog
          bookingId={bookingId}
          linkId={link.id}
          open={isSendOpen}
          onClose={() => setIsSendOpen(false)}
        />
      )}
    </div>
  );
}

/** Stay, room, customer and the booking's other fields, its amounts and the guest portal link. */
export function BookingOverview({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const user = useCurrentUser();
  const yesNo = (value: boolean) => (value ? t('bookings.yes') : t('bookings.no'));

  const stayFacts = [
    {
      label: t('bookings.overview.stay'),
      value: `${formatDate(booking.checkIn)} – ${formatDate(booking.checkOut)} · ${t('bookings.nights', { count: booking.numberOfNights })}`,
    },
    { label: t('bookings.overview.room'), value: booking.room?.number ?? t('bookings.unassigned') },
    { label: t('bookings.overview.roomType'), value: booking.roomType?.name },
    { label: t('bookings.overview.rate'), value: booking.rate?.name },
    { label: t('bookings.overview.occupancy'), value: t('bookings.persons', { count: booking.occupancy }) },
    { label: t('bookings.overview.source'), value: sourceLabel(booking.source) },
  ];

  const detailFacts = [
    {
      label: t('bookings.overview.customer'),
      value: booking.customer && (
        <RecordLink to={generatePath('/contacts/:id', { id: booking.customer.id })}>
          {booking.customer.name}
        </RecordLink>
      ),
    },
    {
      label: t('bookings.overview.group'),
      value: booking.group && (
        <RecordLink to={generatePath('/groups/:id', { id: booking.group.id })}>
          {booking.group.name}
        </RecordLink>
      ),
    },
    {
      label: t('bookings.overview.securityCode'),
      value: <span className="font-mono">{booking.securityCode}</span>,
    },
    {
      label: t('bookings.overview.colour'),
      value: booking.color && (
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-4 rounded ring-1 ring-gray-900/10"
            style={{ backgroundColor: booking.color }}
          />
          <span className="font-mono">{booking.color}</span>
        </span>
      ),
    },
    { label: t('bookings.overview.debtor'), value: yesNo(booking.isDebtor) },
    { label: t('bookings.overview.roomFixed'), value: yesNo(booking.isRoomFixed) },
    { label: t('bookings.overview.externalCode'), value: booking.externalCode },
    {
      label: t('bookings.overview.comment'),
      value: booking.comment && <span className="whitespace-pre-line">{booking.comment}</span>,
    },
  ];

  const amounts = [
    { label: t('bookings.overview.gross'), amount: booking.grossAmount },
    { label: t('bookings.overview.paid'), amount: booking.paidAmount },
    { label: t('bookings.overview.due'), amount: booking.dueAmount },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card title={t('bookings.overview.stayTitle')}>
          <FactList facts={stayFacts} />
        </Card>
        <Card title={t('bookings.overview.detailsTitle')}>
          <FactList facts={detailFacts} />
        </Card>
      </div>
      <div className="space-y-6">
        <Card title={t('bookings.overview.amountsTitle')}>
          <dl className="space-y-3 text-sm">
            {amounts.map(({ label, amount }) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-gray-500">{label}</dt>
                <dd className="font-medium text-gray-900 tabular-nums">{formatMoney(amount)}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title={t('bookings.overview.portalTitle')}>
          {booking.link ? (
            <PortalLink bookingId={booking.id} link={booking.link} />
          ) : (
            <p className="text-sm text-gray-500">{t('bookings.overview.noPortalLink')}</p>
          )}
        </Card>
        <PortalProgress bookingId={booking.id} />
        <BookingKey bookingId={booking.id} canOpen={can(user.role, 'bookings', 'write')} />
      </div>
    </div>
  );
}
