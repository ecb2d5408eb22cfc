import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

type TCardProps = {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Buttons under the content, such as a form's save button. */
  footer?: ReactNode;
  /** Content reaches the edges, as a table does. */
  isFlush?: boolean;
  className?: string;
  children: ReactNode;
};

export function Card({
  title,
  description,
  actions,
  footer,
  isFlush = false,
  className,
  children,
}: TCardProps) {
  const titleId = useId();
  return (
    // A titled card is a region named by its title, so assistive technology can jump to it.
    <section
      aria-labelledby={title ? titleId : undefined}
      className={clsx(
        'rounded-xl bg-white shadow-xs ring-1 ring-gray-200',
        isFlush && 'overflow-hidden',
        className,
      )}
    >
      {(title || actions) && (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-100 px-5 py-4">
          <div className="min-w-0">
            {title && (
              <h2 id={titleId} className="text-base font-semibold text-gray-900">
                {title}
              </h2>
            )}
            {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={clsx(!isFlush && 'px-5 py-5')}>{children}</div>
      {footer && (
        <footer className="flex flex-wrap justify-end gap-3 rounded-b-xl border-t border-gray-100 bg-gray-50 px-5 py-3">
          {footer}
        </footer>
      )}
    </section>
  );
}
