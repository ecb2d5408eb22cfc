import { useTranslation } from 'react-i18next';
import { LockOpenIcon } from '@heroicons/react/24/outline';
import type { TAccessCredentialStatus, TAccessToken } from '@pms/contract/doors';
import { useFormatDateTime } from '../../../lib/format.ts';
import { Badge, type TBadgeColor } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useAccessToken } from '../api/get-access-token.ts';
import { useUnlockAccessPoint } from '../api/unlock-access-point.ts';

const statusColors: Record<TAccessCredentialStatus, TBadgeColor> = {
  pending: 'amber',
  issued: 'green',
  revoking: 'amber',
  revoked: 'red',
};

function KeyDoors({
  bookingId,
  token,
  canOpen,
}: {
  bookingId: string;
  token: TAccessToken;
  canOpen: boolean;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const unlock = useUnlockAccessPoint();
  const open = (accessPointId: string, name: string) =>
    unlock.mutate(
      { bookingId, accessPointId },
      { onSuccess: () => toast.success(t('bookings.doors.opened', { name })) },
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">
        {t('bookings.doors.validity', {
          from: formatDateTime(token.validFrom),
          until: formatDateTime(token.validUntil),
        })}
        {token.revokedAt && (
          <>
            {' '}
            <Badge color="red">
              {t('bookings.doors.revoked', { time: formatDateTime(token.revokedAt) })}
            </Badge>
          </>
        )}
      </p>
      <ul
        className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200"
        aria-label={t('bookings.doors.listLabel')}
      >
        {token.credentials.map(({ accessPoint, status }) => {
          const isOpenable = canOpen && !token.revokedAt && (status === 'pending' || status === 'issued');
          return (
            <li key={accessPoint.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-gray-900">{accessPoint.name}</p>
                <p className="text-xs text-gray-500">
                  {accessPoint.isRoom ? t('bookings.doors.roomDoor') : t('bookings.doors.entrance')}
                </p>
              </div>
              <Badge color={statusColors[status]}>{t(`bookings.doors.statuses.${status}`)}</Badge>
              {isOpenable && (
                <Button
                  size="sm"
                  variant="secondary"
                  icon={LockOpenIcon}
                  isLoading={unlock.isPending && unlock.variables.accessPointId === accessPoint.id}
                  aria-label={t('bookings.doors.openLabel', { name: accessPoint.name })}
                  onClick={() => open(accessPoint.id, accessPoint.name)}
                >
                  {t('bookings.doors.open')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The booking's key: its window, each door's credential at the lock system, and opening a door. */
export function BookingKey({ bookingId, canOpen }: { bookingId: string; canOpen: boolean }) {
  const { t } = useTranslation();
  const token = useAccessToken(bookingId);
  return (
    <Card title={t('bookings.doors.title')}>
      {token.isPending ? (
        <Spinner />
      ) : token.isError ? (
        <ErrorState error={token.error} onRetry={() => void token.refetch()} />
      ) : token.data ? (
        <KeyDoors bookingId={bookingId} token={token.data} canOpen={canOpen} />
      ) : (
        <p className="text-sm text-gray-500">{t('bookings.doors.noKey')}</p>
      )}
    </Card>
  );
}
