import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDashboardTrendDay } from '@pms/contract/search';
import {
  ArrowLeftEndOnRectangleIcon,
  ArrowRightStartOnRectangleIcon,
  BanknotesIcon,
  ChartPieIcon,
  SparklesIcon,
  UsersIcon,
} from '@heroicons/react/24/outline';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { ChannelConflicts } from '../components/channel-conflicts.tsx';
import { StatCard } from '../components/stat-card.tsx';
import { StayList } from '../components/stay-list.tsx';
import { TrendChart } from '../components/trend-chart.tsx';

const occupancyOf = (day: TDashboardTrendDay) => day.percent;
const revenueOf = (day: TDashboardTrendDay) => day.revenue;

/** The front desk's day at a glance. */
export function DashboardRoute() {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const dashboard = useDashboard();
  const formatPercent = useCallback(
    (percent: number) =>
      new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(
        percent / 100,
      ),
    [i18n.language],
  );

  const content = () => {
    if (dashboard.isPending) return <Spinner />;
    if (dashboard.isError)
      return (
        <Card>
          <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </Card>
      );
    const day = dashboard.data;
    return (
      <div className="space-y-6">
        {day.channelConflicts.length > 0 && <ChannelConflicts stays={day.channelConflicts} />}
        <ul aria-label={t('dashboard.figuresLabel')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <StatCard
            icon={ArrowLeftEndOnRectangleIcon}
            label={t('dashboard.arrivals')}
            value={day.arrivals.length}
            to="/bookings?filter=check_in_today"
          />
          <StatCard
            icon={ArrowRightStartOnRectangleIcon}
            label={t('dashboard.departures')}
            value={day.departures.length}
            to="/bookings?filter=check_out_today"
          />
          <StatCard
            icon={UsersIcon}
            label={t('dashboard.inHouse')}
            value={day.guestsInHouse}
            detail={t('dashboard.inHouseBookings', { count: day.inHouse.length })}
            to="/bookings?filter=in_house"
          />
          <StatCard
            icon={ChartPieIcon}
            label={t('dashboard.occupancy')}
            value={formatPercent(day.occupancy.percent)}
            detail={t('dashboard.occupiedRooms', {
              occupied: day.occupancy.occupiedRooms,
              total: day.occupancy.totalRooms,
            })}
          />
          <StatCard
            icon={SparklesIcon}
            label={t('dashboard.roomsToClean')}
            value={day.roomsToClean}
            to="/housekeeping?filter=dirty"
          />
          <StatCard
            icon={BanknotesIcon}
            label={t('dashboard.openBalances')}
            value={formatMoney(day.openBalances.amount)}
            detail={t('dashboard.openFolios', { count: day.openBalances.count })}
          />
        </ul>
        <div className="grid gap-6 lg:grid-cols-2">
          <TrendChart
            title={t('dashboard.occupancyTrend')}
            today={day.date}
            days={day.trend}
            value={occupancyOf}
            format={formatPercent}
            max={100}
          />
          <TrendChart
            title={t('dashboard.revenueTrend')}
            today={day.date}
            days={day.trend}
            value={revenueOf}
            format={formatMoney}
          />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <StayList
            title={t('dashboard.arrivalsToday')}
            stays={day.arrivals}
            allTo="/bookings?filter=check_in_today"
            emptyIcon={ArrowLeftEndOnRectangleIcon}
            emptyTitle={t('dashboard.noArrivals')}
          />
          <StayList
            title={t('dashboard.departuresToday')}
            stays={day.departures}
            allTo="/bookings?filter=check_out_today"
            emptyIcon={ArrowRightStartOnRectangleIcon}
            emptyTitle={t('dashboard.noDepartures')}
          />
        </div>
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={
          dashboard.data ? t('dashboard.date', { date: formatDate(dashboard.data.date) }) : undefined
        }
      />
      {content()}
    </>
  );
}
