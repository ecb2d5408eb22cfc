import clsx from 'clsx';
import type { ReactNode } from 'react';
import {
  CheckCircleIcon,
  ExclamationCircleIcon,
  ExclamationTriangleIcon,
  InformationCircleIcon,
} from '@heroicons/react/24/outline';
import type { TIcon } from './button.tsx';

type TAlertType = 'info' | 'success' | 'warning' | 'error';

const alertStyles: Record<TAlertType, { icon: TIcon; className: string }> = {
  info: { icon: InformationCircleIcon, className: 'bg-primary-50 text-primary-900 ring-primary-200' },
  success: { icon: CheckCircleIcon, className: 'bg-green-50 text-green-900 ring-green-200' },
  warning: { icon: ExclamationTriangleIcon, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  error: { icon: ExclamationCircleIcon, className: 'bg-red-50 text-red-900 ring-red-200' },
};

/** A notice inside the page, such as a form's error or a warning to act on. */
export function Alert({
  type,
  title,
  children,
}: {
  type: TAlertType;
  title?: ReactNode;
  children?: ReactNode;
}) {
  const { icon: TypeIcon, className } = alertStyles[type];
  return (
    <div
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      className={clsx('flex gap-3 rounded-lg p-3.5 text-sm ring-1 ring-inset', className)}
    >
      <TypeIcon aria-hidden="true" className="size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
