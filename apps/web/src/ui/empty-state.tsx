import type { ReactNode } from 'react';
import type { TIcon } from './button.tsx';

type TEmptyStateProps = { icon: TIcon; title: string; text?: ReactNode; action?: ReactNode };

export function EmptyState({ icon: IconComponent, title, text, action }: TEmptyStateProps) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <IconComponent aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-gray-900">{title}</h2>
      {text && <p className="mt-1 max-w-md text-sm text-gray-500">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
