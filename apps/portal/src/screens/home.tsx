// The portal home (spec section 2): the booking summary and the cards, each shown under its condition.
import { useEffect, useState } from 'react';
import type { TAccessPoint } from '@pms/contract/doors';
import { isGuestLinkUrl } from '@pms/contract/portal-page';
import { checkIn } from '../api/check-in.ts';
import { PortalError } from '../api/client.ts';
import { getAccessPoints, unlockAccessPoint } from '../api/doors.ts';
import { formatDate, formatDateTime } from '../format.ts';
import { errorText, useT, type TKey } from '../i18n.tsx';
import { usePortal } from '../portal-state.tsx';
import { navigate } from '../router.ts';
import { Button, Card, LoadError, Loading, Notice } from '../ui.tsx';

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';
const secondaryLinkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50';

function InternalLink({ to, children, secondary }: { to: string; children: string; secondary?: boolean }) {
  return (
    <a
      href={to}
      className={secondary ? secondaryLinkClass : linkClass}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useT();
  // The spec: secondary colour for confirmed, primary for all others.
  const colour = status === 'confirmed' ? 'bg-gray-100 text-gray-800' : 'bg-primary-100 text-primary-900';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${colour}`}>
      {t(`status.${status}` as TKey)}
    </span>
  );
}

/** Set by the wizard when the guest confirms, read once by the home to tell what comes next. */
export const confirmedNoticeKey = (linkId: string) => `portal_confirmed_notice_${linkId}`;

/** After the confirmation: that it went through, and the next step (payment or check-in) with its link. */
function ConfirmedNotice({ base, onClose }: { base: string; onClose: () => void }) {
  const { t, language } = useT();
  const { property, metadata, settings, isCheckInOpen } = usePortal();
  const next =
    settings.featurePayment && metadata.dueAmount > 0 && !metadata.isReadyForCheckIn
      ? t('nextPay')
      : isCheckInOpen
        ? t('nextCheckIn')
        : t('nextCheckInAt', {
            date: formatDateTime(metadata.checkInOpensAt, property.timeZone, language, property.country),
          });
  return (
    <Notice kind="success" onClose={onClose}>
      <p className="font-semibold">{t('confirmedNext')}</p>
      <p className="mt-1">{next}</p>
      <div className="mt-2">
        <InternalLink to={`${base}/check-in`} secondary>
          {t('nextAction')}
        </InternalLink>
      </div>
    </Notice>
  );
}

/** The doors of the guest's key, each with its open button; the outcome of the last press. */
function Doors() {
  const { t } = useT();
  const { accessPoints } = usePortal();
  // The doors the page came with are shown at once, then read again.
  const [doors, setDoors] = useState<TAccessPoint[] | null | 'error'>(accessPoints);
  const [opening, setOpening] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    getAccessPoints().then(setDoors, () => setDoors('error'));
  }, [attempt]);
  if (doors === null) return <Loading />;
  if (doors === 'error')
    return (
      <LoadError
        onRetry={() => {
          setDoors(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  const open = async (door: TAccessPoint) => {
    setOpening(door.id);
    setOutcome(null);
    try {
      await unlockAccessPoint(door.id);
      setOutcome({ kind: 'success', text: t('doorOpened', { name: doorName(door) }) });
    } catch (caught) {
      const type = caught instanceof PortalError ? caught.problem.type : 'unknown';
      setOutcome({
        kind: 'error',
        text: t(type === 'door/outside_window' ? 'doorOutsideWindow' : 'doorFailed'),
      });
    } finally {
      setOpening(null);
    }
  };
  const doorName = (door: TAccessPoint) => (door.isRoom ? `${t('room')} ${door.name}` : door.name);
  return (
    <div className="mt-2 space-y-2">
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      <ul className="divide-y divide-gray-100">
        {doors.map((door) => (
          <li key={door.id} className="flex items-center justify-between gap-3 py-2">
            <span className="text-sm font-semibold text-gray-900">{doorName(door)}</span>
            <Button loading={opening === door.id} disabled={opening !== null} onClick={() => void open(door)}>
              {t('openDoor')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The key not yet made: its button checks the guest in (spec: "creates the access token"), once the
 * check-in has opened and the booking is ready for it.
 */
function CreateKey() {
  const { t } = useT();
  const { metadata, isCheckInOpen, refresh } = usePortal();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    setCreating(true);
    setError(null);
    try {
      await checkIn();
      await refresh();
    } catch (caught) {
      setError(errorText(t, caught instanceof PortalError ? caught.type : undefined));
    } finally {
      setCreating(false);
    }
  };
  return (
    <div className="mt-2 space-y-2">
      {error && <Notice kind="error">{error}</Notice>}
      <p className="text-sm text-gray-700">{t('createKeyText')}</p>
      <Button
        loading={creating}
        disabled={!isCheckInOpen || !metadata.isReadyForCheckIn}
        onClick={() => void create()}
      >
        {t('createKey')}
      </Button>
    </div>
  );
}

export function HomeScreen() {
  const {
    linkId,
    property,
    booking,
    metadata,
    settings,
    isExpired,
    isCheckedIn,
    isCheckedOut,
    isCheckInOpen,
  } = usePortal();
  const { t, language } = useT();
  const base = `/portal/${encodeURIComponent(linkId)}`;
  const at = (instant: string) => formatDateTime(instant, property.timeZone, language, property.country);
  const showDoors = !isExpired && !isCheckedOut && (!settings.featurePreCheckIn || isCheckedIn);
  const address = property.address;
  // Set by the wizard just before it comes here, so never on a home the server writes.
  const [isJustConfirmed, setIsJustConfirmed] = useState(
    () => typeof sessionStorage !== 'undefined' && sessionStorage.getItem(confirmedNoticeKey(linkId)) === '1',
  );
  useEffect(() => sessionStorage.removeItem(confirmedNoticeKey(linkId)), [linkId]);
  return (
    <>
      {isJustConfirmed && !isCheckedIn && !isCheckedOut && (
        <ConfirmedNotice base={base} onClose={() => setIsJustConfirmed(false)} />
      )}
      <section
        aria-labelledby="booking-heading"
        className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <h1 id="booking-heading" className="text-lg font-semibold text-gray-900">
              {t('booking')} {booking.code}
            </h1>
            <p className="text-sm text-gray-700">
              {property.name}
              {address.line1 && `, ${address.line1}`}
              {(address.postalCode || address.city) &&
                `, ${[address.postalCode, address.city].filter(Boolean).join(' ')}`}
            </p>
          </div>
          <StatusBadge status={booking.status} />
        </div>
        <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-gray-600">{t('stay')}</dt>
            <dd className="font-semibold text-gray-900">
              {formatDate(booking.checkIn, language, property.country)} {property.checkInTime.slice(0, 5)} –{' '}
              {formatDate(booking.checkOut, language, property.country)} {property.checkOutTime.slice(0, 5)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-600">{t('room')}</dt>
            <dd className="font-semibold text-gray-900">
              {booking.room ? `${booking.room.number} · ` : ''}
              {booking.roomType.name}
            </dd>
          </div>
        </dl>
      </section>

      {isCheckedOut && (
        <Card title={t('thankYouCard')}>
          <p className="mt-1 text-sm text-gray-700">{t('thankYouText')}</p>
          <div className="mt-3">
            <InternalLink to={`${base}/invoices`}>{t('invoices')}</InternalLink>
          </div>
        </Card>
      )}

      {showDoors && (
        <Card title={t('doorsCard')}>
          {metadata.hasAccessToken ? <Doors /> : <CreateKey />}
          {!isCheckInOpen && (
            <p className="mt-1 text-sm text-gray-700">
              {t('doorsOpensAt', { date: at(metadata.checkInOpensAt) })}
            </p>
          )}
          {isCheckInOpen && !isCheckedIn && !metadata.isReadyForCheckIn && (
            <p className="mt-1 text-sm text-gray-700">{t('doorsAfterCheckIn')}</p>
          )}
        </Card>
      )}

      {settings.featureCheckInJack && metadata.hasAccessToken && booking.room && !isCheckedOut && (
        <Card title={t('keyCard')}>
          <p className="mt-1 text-sm text-gray-900">
            {t('room')} {booking.room.number}
          </p>
          {booking.securityCode && (
            <p className="mt-1 text-sm text-gray-900">
              {t('securityCode')}: <span className="font-mono font-semibold">{booking.securityCode}</span>
            </p>
          )}
        </Card>
      )}

      {settings.featurePreCheckIn && !isCheckedOut && (
        <Card title={t('checkInCard')} disabledText={isExpired ? t('disabledExpired') : null}>
          <p className="mt-1 text-sm text-gray-700">{isCheckedIn ? t('checkedIn') : t('checkInCardText')}</p>
          <div className="mt-3">
            <InternalLink to={`${base}/check-in`}>
              {isCheckedIn ? t('details') : t('checkInAction')}
            </InternalLink>
          </div>
        </Card>
      )}

      {settings.propertyInfoUrl && isGuestLinkUrl(settings.propertyInfoUrl, { allowHttp: true }) && (
        <Card title={t('infoCard')}>
          <a
            href={settings.propertyInfoUrl}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-block text-sm font-semibold text-primary-800 underline"
          >
            {settings.propertyInfoUrl}
          </a>
        </Card>
      )}

      {metadata.hasInvoices && !isCheckedOut && (
        <Card title={t('invoicesCard')}>
          <p className="mt-1 text-sm text-gray-700">{t('invoicesCardText')}</p>
          <div className="mt-3">
            <InternalLink to={`${base}/invoices`} secondary>
              {t('open')}
            </InternalLink>
          </div>
        </Card>
      )}

      {(property.communication.phone || property.communication.email) && (
        <Card title={t('contactCard')}>
          <div className="mt-3 flex flex-wrap gap-2">
            {property.communication.phone && (
              <a className={secondaryLinkClass} href={`tel:${property.communication.phone}`}>
                {t('call')} {property.communication.phone}
              </a>
            )}
            {property.communication.email && (
              <a className={secondaryLinkClass} href={`mailto:${property.communication.email}`}>
                {t('mail')}
              </a>
            )}
          </div>
        </Card>
      )}
    </>
  );
}

export { InternalLink };
