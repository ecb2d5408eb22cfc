import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { BanknotesIcon } from '@heroicons/react/24/outline';
import type { TGroup } from '@pms/contract/contacts';
import { FolioBoard } from '../../../shared/folios/index.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { SpinnerIcon } from '../../../ui/spinner.tsx';
import { useGroupBookingAmounts } from '../api/get-group-booking-amounts.ts';

/** The group's own folio (the group folio flag), then the amounts of its bookings' folios. */
export function GroupFolios({ group }: { group: TGroup }) {
  return (
    <div className="space-y-6">
      <FolioBoard owner={{ groupId: group.id }} customerId={group.customerId} />
      <GroupBookingAmounts group={group} />
    </div>
  );
}

/**
 * The charges of the group's bookings, booking by booking; their sum is the group's gross amount.
 * Canceled bookings do not count, as in the group's figures.
 */
function GroupBookingAmounts({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const bookings = (group.bookings ?? []).filter((booking) => booking.status !== 'canceled');
  const amounts = useGroupBookingAmounts(bookings.map((booking) => booking.id));

  return (
    <Card isFlush title={t('groups.folios.title')} description={t('groups.folios.description')}>
      {bookings.length === 0 ? (
        <EmptyState
          icon={BanknotesIcon}
          title={t('groups.folios.emptyTitle')}
          text={t('groups.folios.emptyText')}
        />
      ) : (
        <>
          <ul aria-label={t('groups.folios.title')} className="divide-y divide-gray-100">
            {bookings.map((booking, index) => {
              const amount = amounts[index];
              return (
                <li
                  key={booking.id}
                  className="flex flex-col gap-2 px-5 py-3 text-sm sm:flex-row sm:items-center sm:gap-4"
                >
                  <div className="min-w-0 flex-1">
                    <Link
                      to={generatePath('/bookings/:id', { id: booking.id })}
                      className="font-medium text-primary-700 hover:underline"
                    >
                      {booking.code}
                    </Link>
                    <p className="truncate text-gray-600">
                      {booking.guestName ?? t('groups.bookings.noGuest')}
                    </p>
                  </div>
                  {amount?.isPending && <SpinnerIcon className="size-4 text-gray-400" />}
                  {amount?.isError && (
                    <span className="flex items-center gap-3">
                      <span role="alert" className="text-red-600">
                        {t('groups.folios.notLoaded')}
                      </span>
                      <Button size="sm" variant="secondary" onClick={() => void amount.refetch()}>
                        {t('common.retry')}
                      </Button>
                    </span>
                  )}
                  {amount?.data && (
                    <dl className="grid grid-cols-3 gap-4 sm:text-right">
                      <div>
                        <dt className="text-xs text-gray-500">{t('groups.folios.gross')}</dt>
                        <dd className="font-medium whitespace-nowrap text-gray-900">
                          {formatMoney(amount.data.grossAmount)}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-gray-500">{t('groups.folios.paid')}</dt>
                        <dd className="whitespace-nowrap text-gray-700">
                          {formatMoney(amount.data.paidAmount)}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-gray-500">{t('groups.folios.due')}</dt>
                        <dd className="whitespace-nowrap text-gray-700">
                          {formatMoney(amount.data.dueAmount)}
                        </dd>
                      </div>
                    </dl>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="flex justify-between gap-4 border-t-2 border-gray-200 bg-gray-50 px-5 py-3 text-sm font-semibold text-gray-900">
            <span>{t('groups.folios.total')}</span>
            <span>{formatMoney(group.grossAmount)}</span>
          </p>
        </>
      )}
    </Card>
  );
}
