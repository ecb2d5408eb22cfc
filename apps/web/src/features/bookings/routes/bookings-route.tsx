import { useTranslation } from 'react-i18next';
import { BookOpenIcon } from '@heroicons/react/24/outline';
import { Card } from '../../../ui/card.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';

/** The landing screen; the bookings list replaces the placeholder once bookings exist. */
export function BookingsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('bookings.title')} description={t('bookings.description')} />
      <Card>
        <EmptyState icon={BookOpenIcon} title={t('bookings.emptyTitle')} text={t('bookings.emptyText')} />
      </Card>
    </>
  );
}
