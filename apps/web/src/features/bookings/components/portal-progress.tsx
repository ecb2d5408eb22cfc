import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { CheckCircleIcon, ClockIcon, XCircleIcon } from '@heroicons/react/20/solid';
import type { TRegistrationField } from '@pms/contract/portal';
import type { TPortalProgress } from '@pms/contract/portal-progress';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { usePortalProgress } from '../api/get-portal-progress.ts';

const linkColors: Record<NonNullable<TPortalProgress['linkState']>, TBadgeColor> = {
  open: 'green',
  expired: 'gray',
  revoked: 'red',
};

/** The translation key of a registration field (its dots would read as nesting). */
const fieldKey = (field: TRegistrationField) => field.replace('.', '_') as 'address_line1';

/** One step of the portal: done (a tick) or not yet (a clock), with what there is to say. */
function Step({ isDone, title, children }: { isDone: boolean; title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const Icon = isDone ? CheckCircleIcon : ClockIcon;
  return (
    <li className="flex gap-3 py-3">
      <Icon
        aria-hidden="true"
        className={isDone ? 'size-5 shrink-0 text-green-600' : 'size-5 shrink-0 text-gray-400'}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-gray-900">
          {title}
          <span className="sr-only">
            {': '}
            {isDone ? t('bookings.progress.done') : t('bookings.progress.open')}
          </span>
        </p>
        {children && <div className="mt-0.5 space-y-1 text-gray-600">{children}</div>}
      </div>
    </li>
  );
}

function ProgressSteps({ progress }: { progress: TPortalProgress }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const { registration, signature, preCheckIn, payment, checkIn, doors } = progress;
  return (
    <ol className="-my-3 divide-y divide-gray-100" aria-label={t('bookings.progress.stepsLabel')}>
      <Step isDone={registration.isComplete} title={t('bookings.progress.registration')}>
        <p>{t(`bookings.progress.forms.${registration.form}`)}</p>
        <ul className="space-y-1">
          {registration.guests.map((guest) => (
            <li key={guest.id}>
              <Link
                to={generatePath('/contacts/:id', { id: guest.id })}
                className="font-medium text-primary-700 hover:underline"
              >
                {guest.name}
              </Link>{' '}
              {guest.isComplete ? (
                <Badge color="green">{t('bookings.progress.complete')}</Badge>
              ) : (
                <span className="text-amber-800">
                  {t('bookings.progress.missing', {
                    fields: guest.missingFields
                      .map((field) => t(`bookings.progress.fields.${fieldKey(field)}`))
                      .join(', '),
                  })}
                </span>
              )}
            </li>
          ))}
        </ul>
      </Step>
      <Step isDone={signature.isSigned} title={t('bookings.progress.signature')}>
        {signature.signedAt && (
          <p>{t('bookings.progress.signedAt', { time: formatDateTime(signature.signedAt) })}</p>
        )}
      </Step>
      <Step isDone={preCheckIn.isDone} title={t('bookings.progress.preCheckIn')}>
        {preCheckIn.at && (
          <p>{t('bookings.progress.confirmedAt', { time: formatDateTime(preCheckIn.at) })}</p>
        )}
      </Step>
      <Step isDone={payment.isPaid} title={t('bookings.progress.payment')}>
        <p>
          {payment.isPaid
            ? t('bookings.progress.paid', { amount: formatMoney(payment.paidAmount) })
            : t('bookings.progress.due', { amount: formatMoney(payment.dueAmount) })}
        </p>
        {payment.portalPayments.map((paid, index) => (
          <p key={index}>
            {t('bookings.progress.paidOnline', {
              amount: formatMoney(paid.amount),
              time: paid.paidAt ? formatDateTime(paid.paidAt) : '–',
            })}
          </p>
        ))}
        {!payment.isOnline && <p>{t('bookings.progress.paymentOffline')}</p>}
      </Step>
      <Step isDone={checkIn.isCheckedIn} title={t('bookings.progress.checkIn')}>
        {checkIn.at && (
          <p>
            {t(`bookings.progress.checkedInBy.${checkIn.by ?? 'staff'}`, {
              time: formatDateTime(checkIn.at),
            })}
          </p>
        )}
      </Step>
      <Step isDone={doors.unlocks.some((unlock) => unlock.isSuccess)} title={t('bookings.progress.doors')}>
        {doors.unlocks.length === 0 ? (
          <p>{doors.hasAccessToken ? t('bookings.progress.noUnlocks') : t('bookings.progress.noKey')}</p>
        ) : (
          <ul className="space-y-1">
            {doors.unlocks.map((unlock) => (
              <li key={`${unlock.at}-${unlock.accessPoint}`} className="flex items-start gap-1.5">
                {unlock.isSuccess ? (
                  <CheckCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
                ) : (
                  <XCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
                )}
                <span>
                  {t(unlock.isSuccess ? 'bookings.progress.unlocked' : 'bookings.progress.unlockFailed', {
                    door: unlock.accessPoint,
                    time: formatDateTime(unlock.at),
                    who: unlock.byGuest ? t('bookings.progress.byGuest') : unlock.actorName,
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Step>
    </ol>
  );
}

/** How far the guest got in the portal: registration, signature, payment, check-in and doors. */
export function PortalProgress({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const progress = usePortalProgress(bookingId);
  const linkState = progress.data?.linkState;
  return (
    <Card
      title={t('bookings.progress.title')}
      actions={
        linkState && <Badge color={linkColors[linkState]}>{t(`bookings.progress.link.${linkState}`)}</Badge>
      }
    >
      {progress.isPending ? (
        <Spinner />
      ) : progress.isError ? (
        <ErrorState error={progress.error} onRetry={() => void progress.refetch()} />
      ) : (
        <ProgressSteps progress={progress.data} />
      )}
    </Card>
  );
}
