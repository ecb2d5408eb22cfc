import type { ReactNode } from 'react';

type TPageHeaderProps = { title: ReactNode; description?: ReactNode; actions?: ReactNode; back?: ReactNode };

export function PageHeader({ title, description, actions, back }: TPageHeaderProps) {
  return (
    <div className="mb-6">
      {back && <div className="mb-3">{back}</div>}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
          {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      </div>
    </div>
  );
}
