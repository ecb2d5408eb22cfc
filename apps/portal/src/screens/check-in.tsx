// The check-in wizard: registration (guests, documents, signature), confirmation, payment (with the
// payment feature) and check-in, one page of cards with a stepper.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { TPortalGuest } from '@pms/contract/portal';
import { checkIn, preCheckIn } from '../api/check-in.ts';
import type { PortalError } from '../api/client.ts';
import { confirmPayment, createCheckoutSession, getCharges, type TPortalCharge } from '../api/payments.ts';
import { formatDate, formatDateTime, formatMoney } from '../format.ts';
import { errorText, useT, type TKey } from '../i18n.tsx';
import { usePortal } from '../portal-state.tsx';
import { navigate } from '../router.ts';
import { Button, Card, Loading, Notice, Spinner } from '../ui.tsx';
import { guestLabel, wizardStep, wizardSteps } from '../wizard.ts';
import { GuestForm } from './guest-form.tsx';
import { confirmedNoticeKey, InternalLink } from './home.tsx';

const SignatureField = lazy(() =>
  import('./signature.tsx').then((module) => ({ default: module.SignatureField })),
);

const savedIndicatorMs = 250;
const checkoutKey = 'portal_checkout_session';
const confirmedKey = (linkId: string) => `portal_confirmed_${linkId}`;

export default function CheckInScreen() {
  const portal = usePortal();
  const { linkId, property, booking, metadata, settings, isCheckedIn, isCheckedOut, refresh } = portal;
  // Checked in or out: the registration is kept as it is, the wizard only shows it.
  const isSettled = isCheckedIn || isCheckedOut;
  const { t, language } = useT();
  const base = `/portal/${encodeURIComponent(linkId)}`;
  const [guests, setGuests] = useState<TPortalGuest[]>(booking.guests);
  const [selectedId, setSelectedId] = useState(booking.guests[0]?.id ?? '');
  const [savingCount, setSavingCount] = useState(0);
  const [showSaved, setShowSaved] = useState(false);
  const [confirmed, setConfirmed] = useState(() => sessionStorage.getItem(confirmedKey(linkId)) === '1');
  const [busy, setBusy] = useState<'confirm' | 'checkIn' | 'pay' | null>(null);
  const [pdf, setPdf] = useState<{ url: string; name: string } | null>(null);
  const [openedAt] = useState(() => Date.now());
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const paymentEnabled = settings.featurePayment;
  const areGuestsComplete = guests.length > 0 && guests.every((guest) => guest.isComplete);
  const steps = wizardSteps(paymentEnabled);
  const step = wizardStep({
    areGuestsComplete,
    hasSignature: booking.hasSignature,
    paymentEnabled,
    dueAmount: metadata.dueAmount,
  });
  const selected = guests.find((guest) => guest.id === selectedId) ?? guests[0];
  const mainGuest = guests.find((guest) => guest.isPrimary);

  // The payment partner sends the guest back with ?status=success or ?status=cancel.
  const [returnStatus] = useState(() => new URLSearchParams(window.location.search).get('status'));
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(() =>
    returnStatus === 'cancel'
      ? { kind: 'error', text: t('paymentCancel') }
      : returnStatus === 'success' && !sessionStorage.getItem(checkoutKey)
        ? { kind: 'success', text: t('paymentSuccess') }
        : null,
  );
  useEffect(() => {
    if (!returnStatus) return;
    window.history.replaceState(null, '', window.location.pathname);
    const sessionId = sessionStorage.getItem(checkoutKey);
    if (returnStatus !== 'success' || !sessionId) return;
    sessionStorage.removeItem(checkoutKey);
    confirmPayment(sessionId).then(
      () => {
        setNotice({ kind: 'success', text: t('paymentSuccess') });
        void refresh();
      },
      (caught: PortalError) => setNotice({ kind: 'error', text: errorText(t, caught.problem?.type) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on return from the payment partner
  }, []);

  useEffect(() => () => clearTimeout(savedTimer.current), []);
  useEffect(() => () => (pdf ? URL.revokeObjectURL(pdf.url) : undefined), [pdf]);

  const onSaving = (saving: boolean) => {
    setSavingCount((count) => count + (saving ? 1 : -1));
    if (!saving) {
      setShowSaved(true);
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setShowSaved(false), savedIndicatorMs);
    }
  };
  const onGuestSaved = (saved: TPortalGuest) => {
    setGuests((current) => current.map((guest) => (guest.id === saved.id ? { ...guest, ...saved } : guest)));
    // Completeness with documents is the server's to say: the booking is read again.
    void refresh().then((state) => setGuests(state.booking.guests));
  };

  const confirm = async (checked: boolean) => {
    if (!checked) {
      sessionStorage.removeItem(confirmedKey(linkId));
      setConfirmed(false);
      return;
    }
    setBusy('confirm');
    setNotice(null);
    try {
      await preCheckIn();
      sessionStorage.setItem(confirmedKey(linkId), '1');
      setConfirmed(true);
      await refresh();
      // After a successful pre-check-in the guest goes to the portal home, which tells the next step.
      sessionStorage.setItem(confirmedNoticeKey(linkId), '1');
      navigate(base);
    } catch (caught) {
      setNotice({ kind: 'error', text: errorText(t, (caught as PortalError).problem?.type) });
    } finally {
      setBusy(null);
    }
  };

  const doCheckIn = async () => {
    setBusy('checkIn');
    setNotice(null);
    try {
      const { blob, name } = await checkIn();
      setPdf({ url: URL.createObjectURL(blob), name });
      setNotice({ kind: 'success', text: `${t('checkInSuccess')}: ${t('checkedIn')}` });
      await refresh();
    } catch (caught) {
      setNotice({ kind: 'error', text: errorText(t, (caught as PortalError).problem?.type) });
    } finally {
      setBusy(null);
    }
  };

  const pay = async () => {
    setBusy('pay');
    setNotice(null);
    try {
      const session = await createCheckoutSession();
      sessionStorage.setItem(checkoutKey, session.id);
      window.location.assign(session.url);
    } catch (caught) {
      setNotice({ kind: 'error', text: errorText(t, (caught as PortalError).problem?.type) });
      setBusy(null);
    }
  };

  const checkInOpen = openedAt >= new Date(metadata.checkInOpensAt).getTime();
  const canConfirm = areGuestsComplete && booking.hasSignature && !isSettled;
  const checkInBlocked = !confirmed
    ? t('checkInDisabled')
    : !checkInOpen
      ? t('checkInNotOpen', {
          date: formatDateTime(metadata.checkInOpensAt, property.timeZone, language, property.country),
        })
      : // Money due blocks the check-in (a debtor's booking is ready all the same).
        paymentEnabled && metadata.dueAmount > 0 && !metadata.isReadyForCheckIn
        ? t('error.booking/payment_due')
        : null;

  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <InternalLink to={base} secondary>
          {t('back')}
        </InternalLink>
        <p aria-live="polite" className="flex items-center gap-2 text-sm text-gray-700">
          {savingCount > 0 ? (
            <>
              <Spinner /> {t('saving')}
            </>
          ) : showSaved ? (
            t('saved')
          ) : null}
        </p>
      </div>
      <header>
        <h1 className="text-xl font-semibold text-gray-900">{t('checkInCard')}</h1>
        <p className="text-sm font-medium text-primary-800">
          {t('step', { n: isSettled ? steps.length : step, total: steps.length })}
        </p>
        <ol className="mt-2 flex gap-1" aria-hidden="true">
          {steps.map((key, index) => (
            <li
              key={key}
              className={`h-1.5 flex-1 rounded-full ${index < (isSettled ? steps.length : step) ? 'bg-primary-600' : 'bg-gray-200'}`}
            />
          ))}
        </ol>
      </header>

      {notice && (
        <Notice kind={notice.kind} onClose={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      {pdf && (
        <a
          href={pdf.url}
          download={pdf.name}
          className="inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white"
        >
          {t('registrationPdf')}
        </a>
      )}

      <Card title={`1. ${t('steps.registration')}`}>
        <div className="mt-3 flex flex-col gap-4">
          {guests.length > 1 && (
            <>
              <div role="tablist" aria-label={t('guests')} className="hidden flex-wrap gap-2 sm:flex">
                {guests.map((guest) => (
                  <button
                    key={guest.id}
                    type="button"
                    role="tab"
                    aria-selected={guest.id === selected?.id}
                    onClick={() => setSelectedId(guest.id)}
                    className={`min-h-11 rounded-lg border px-3 text-sm font-semibold ${guest.id === selected?.id ? 'border-primary-700 bg-primary-50 text-primary-900' : 'border-gray-300 bg-white text-gray-900'}`}
                  >
                    {guestLabel(guest) === 'Unbekannt' ? t('unknown') : guestLabel(guest)}{' '}
                    <span className={guest.isComplete ? 'text-green-800' : 'text-red-800'}>
                      {guest.isComplete ? '✓' : '•'}
                    </span>
                  </button>
                ))}
              </div>
              <div className="sm:hidden">
                <label htmlFor="guest-select" className="mb-1 block text-sm font-medium text-gray-900">
                  {t('guest')}
                </label>
                <select
                  id="guest-select"
                  value={selected?.id}
                  onChange={(event) => setSelectedId(event.target.value)}
                  className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base"
                >
                  {guests.map((guest) => (
                    <option key={guest.id} value={guest.id}>
                      {guestLabel(guest) === 'Unbekannt' ? t('unknown') : guestLabel(guest)} –{' '}
                      {guest.isComplete ? t('complete') : t('incomplete')}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          {selected && (
            <GuestForm
              key={selected.id}
              guest={selected}
              propertyCountry={property.country}
              mainGuest={mainGuest}
              disabled={isSettled}
              onSaving={onSaving}
              onSaved={onGuestSaved}
            />
          )}
          {(!isSettled || booking.signature) && (
            <section aria-labelledby="signature-heading">
              <h3 id="signature-heading" className="text-base font-semibold text-gray-900">
                {t('signature')}
              </h3>
              <Suspense fallback={<Loading />}>
                <SignatureField signature={booking.signature} isReadOnly={isSettled} onChanged={refresh} />
              </Suspense>
            </section>
          )}
        </div>
      </Card>

      <Card
        title={`2. ${t('steps.confirmation')}`}
        disabledText={canConfirm || isSettled ? null : t('confirmationDisabled')}
      >
        <label className="mt-3 flex min-h-11 items-start gap-3 text-sm text-gray-900">
          <input
            type="checkbox"
            className="mt-0.5 size-5"
            checked={confirmed || isSettled || busy === 'confirm'}
            disabled={isSettled || busy === 'confirm'}
            onChange={(event) => void confirm(event.target.checked)}
          />
          <span>{t('confirmationLabel')}</span>
          {busy === 'confirm' && <Spinner />}
        </label>
      </Card>

      {paymentEnabled && (
        <Card
          title={`3. ${t('steps.payment')}`}
          disabledText={confirmed || isSettled ? null : t('checkInDisabled')}
        >
          <Payment busy={busy === 'pay'} onPay={() => void pay()} />
        </Card>
      )}

      <Card title={`${steps.length}. ${t('steps.checkIn')}`} disabledText={isSettled ? null : checkInBlocked}>
        {isSettled ? (
          <p className="mt-2 text-sm font-medium text-green-800">
            {isCheckedOut ? t('checkedOut') : t('checkedIn')}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-gray-700">{t('checkInText')}</p>
            <Button className="mt-3" loading={busy === 'checkIn'} onClick={() => void doCheckIn()}>
              {t('checkInAction')}
            </Button>
          </>
        )}
      </Card>
    </>
  );
}

function Payment({ busy, onPay }: { busy: boolean; onPay: () => void }) {
  const { property, metadata } = usePortal();
  const { t, language } = useT();
  const [charges, setCharges] = useState<TPortalCharge[] | null | 'error'>(null);
  useEffect(() => {
    getCharges().then(
      (answer) => setCharges(answer),
      () => setCharges('error'),
    );
  }, []);
  const money = (cents: number) => formatMoney(cents, property.currency, language, property.country);
  return (
    <div className="mt-2 flex flex-col gap-3">
      {charges === null && <Loading />}
      {Array.isArray(charges) && charges.length > 0 && (
        // On a phone the net and tax amounts go under the text, so the table fits without scrolling.
        <table className="w-full text-left text-sm">
          <thead className="text-gray-700">
            <tr>
              <th className="py-1 pr-2 font-medium">{t('quantity')}</th>
              <th className="hidden py-1 pr-2 font-medium sm:table-cell">{t('bookedOn')}</th>
              <th className="py-1 pr-2 font-medium">{t('text')}</th>
              <th className="hidden py-1 pr-2 text-right font-medium sm:table-cell">{t('net')}</th>
              <th className="hidden py-1 pr-2 text-right font-medium sm:table-cell">{t('tax')}</th>
              <th className="py-1 text-right font-medium">{t('gross')}</th>
            </tr>
          </thead>
          <tbody>
            {charges.map((charge) => {
              const tax = `${money(charge.taxAmount)} (${charge.taxPercentage} %)`;
              return (
                <tr key={charge.id} className="border-t border-gray-100 align-top">
                  <td className="py-1 pr-2">{charge.quantity}</td>
                  <td className="hidden py-1 pr-2 whitespace-nowrap sm:table-cell">
                    {formatDate(charge.bookedOn, language, property.country)}
                  </td>
                  <td className="py-1 pr-2">
                    <span className="block text-xs text-gray-700 sm:hidden">
                      {formatDate(charge.bookedOn, language, property.country)}
                    </span>
                    {charge.text}
                    <span className="block text-xs text-gray-700 sm:hidden">
                      {t('net')} {money(charge.netAmount)} · {t('tax')} {tax}
                    </span>
                  </td>
                  <td className="hidden py-1 pr-2 text-right whitespace-nowrap sm:table-cell">
                    {money(charge.netAmount)}
                  </td>
                  <td className="hidden py-1 pr-2 text-right whitespace-nowrap sm:table-cell">{tax}</td>
                  <td className="py-1 text-right whitespace-nowrap">{money(charge.grossAmount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-gray-700">{t('total')}</dt>
        <dd className="text-right font-semibold">{money(metadata.grossAmount)}</dd>
      </dl>
      <p className="text-sm text-gray-700">
        {metadata.dueAmount > 0 ? t('paymentDue') : t('paymentNothingDue')}
      </p>
      {metadata.dueAmount > 0 && (
        <Button loading={busy} onClick={onPay} className="self-start">
          {t('pay', { amount: money(metadata.dueAmount) })}
        </Button>
      )}
    </div>
  );
}

export type { TKey };
