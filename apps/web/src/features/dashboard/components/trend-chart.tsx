import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { TDashboardTrendDay } from '@pms/contract/search';
import { useFormatDate } from '../../../lib/format-date.ts';
import { Card } from '../../../ui/card.tsx';

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip);

type TTrendChartProps = {
  title: string;
  /** The day the dashboard shows: its bar is drawn stronger. */
  today: string;
  days: readonly TDashboardTrendDay[];
  value: (day: TDashboardTrendDay) => number;
  format: (value: number) => string;
  /** The highest value of the scale, when it has one (100 for a percentage). */
  max?: number;
};

/** The brand colour from the palette's CSS variables, with an opacity. */
function brandColor(shade: 300 | 600): string {
  const value = getComputedStyle(document.documentElement)
    .getPropertyValue(`--color-primary-${shade}`)
    .trim();
  return value || (shade === 600 ? '#2563eb' : '#93c5fd');
}

/**
 * One figure over the days around the dashboard's day as bars, the past lighter than today and the
 * days ahead. Screen readers get the same figures as a table.
 */
export function TrendChart({ title, today, days, value, format, max }: TTrendChartProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate('short');
  const formatDay = useFormatDate();
  const data = useMemo(() => {
    const strong = brandColor(600);
    const light = brandColor(300);
    return {
      labels: days.map((day) => formatDate(day.date)),
      datasets: [
        {
          label: title,
          data: days.map(value),
          backgroundColor: days.map((day) => (day.date < today ? light : strong)),
          borderRadius: 3,
        },
      ],
    };
  }, [days, formatDate, title, today, value]);
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        tooltip: { callbacks: { label: (item) => format(item.parsed.y ?? 0) } },
      },
      scales: {
        x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
        y: {
          beginAtZero: true,
          ...(max ? { max } : {}),
          ticks: { callback: (tick) => format(Number(tick)) },
        },
      },
    }),
    [format, max],
  );
  return (
    <Card title={title}>
      <div className="h-56">
        <Bar data={data} options={options} aria-label={t('dashboard.trendLabel', { title })} />
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{format(value(day))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
