import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TGroup } from '@pms/contract/contacts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatDateTime } from '../../../lib/format.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { contactPath } from '../../../shared/contacts/index.ts';

/** The group's figures (canceled bookings do not count) and its customer. */
export function GroupOverview({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const customer = group.customer;

  const figures = [
    { label: t('groups.figures.bookings'), value: group.bookingCount },
    { label: t('groups.figures.guests'), value: group.guestCount },
    { label: t('groups.figures.nights'), value: group.nights },
    { label: t('groups.figures.rooms'), value: group.roomCount },
    {
      label: t('groups.figures.earliestCheckIn'),
      value: group.earliestCheckIn ? formatDate(group.earliestCheckIn) : '–',
    },
    {
      label: t('groups.figures.latestCheckOut'),
      value: group.latestCheckOut ? formatDate(group.latestCheckOut) : '–',
    },
    { label: t('groups.figures.grossAmount'), value: formatMoney(group.grossAmount) },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card
        title={t('groups.figures.title')}
        description={t('groups.figures.description')}
        className="lg:col-span-2"
      >
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg bg-gray-50 px-4 py-3">
              <dt className="text-xs font-medium text-gray-500">{figure.label}</dt>
              <dd className="mt-1 text-lg font-semibold text-gray-900">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title={t('groups.customer')}>
        {customer ? (
          <div className="space-y-1 text-sm">
            <Link to={contactPath(customer.id)} className="font-semibold text-primary-700 hover:underline">
              {customer.name}
            </Link>
            {customer.email && <p className="text-gray-600">{customer.email}</p>}
            {customer.phone && <p className="text-gray-600">{customer.phone}</p>}
          </div>
        ) : (
          <p className="text-sm text-gray-500">{t('groups.noCustomer')}</p>
        )}
        <p className="mt-4 border-t border-gray-100 pt-4 text-xs text-gray-500">
          {t('common.created')}: {formatDateTime(group.createdAt)}
        </p>
      </Card>
    </div>
  );
}
