import clsx from 'clsx';
import type { ReactNode } from 'react';

export type TBadgeColor = 'gray' | 'primary' | 'green' | 'amber' | 'red';

const colorClasses: Record<TBadgeColor, string> = {
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  primary: 'bg-primary-50 text-primary-700 ring-primary-600/20',
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
};

export function Badge({ color = 'gray', children }: { color?: TBadgeColor; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        colorClasses[color],
      )}
    >
      {children}
    </span>
  );
}
