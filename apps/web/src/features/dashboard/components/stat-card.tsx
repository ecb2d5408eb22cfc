import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@heroicons/react/24/outline';
import type { TIcon } from '../../../ui/button.tsx';

type TStatCardProps = {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: TIcon;
  /** Where the figure's list is; the whole card links there. */
  to?: string;
};

/** One figure of the day, with what it counts and a link to the list behind it. */
export function StatCard({ label, value, detail, icon: IconComponent, to }: TStatCardProps) {
  const content = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-600">
        <IconComponent aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-gray-500">{label}</span>
        <span className="mt-1 block text-2xl font-semibold tracking-tight text-gray-900">{value}</span>
        {detail && <span className="mt-0.5 block text-xs text-gray-500">{detail}</span>}
      </span>
      {to && <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 self-center text-gray-400" />}
    </>
  );
  const classes = 'flex h-full gap-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-gray-200';
  return (
    <li>
      {to ? (
        <Link
          to={to}
          className={`${classes} transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600`}
        >
          {content}
        </Link>
      ) : (
        <div className={classes}>{content}</div>
      )}
    </li>
  );
}
