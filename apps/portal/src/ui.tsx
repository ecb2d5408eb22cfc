// The portal's few building blocks, kept here so the guest's bundle carries nothing of the staff app.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useT } from './i18n.tsx';

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-block animate-spin rounded-full border-2 border-current border-r-transparent`}
    />
  );
}

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger';
  loading?: boolean;
};

const variants = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800 disabled:bg-gray-400',
  secondary: 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 disabled:text-gray-500',
  danger: 'border border-red-300 bg-white text-red-800 hover:bg-red-50 disabled:text-gray-500',
};

export function Button({
  variant = 'primary',
  loading,
  disabled,
  children,
  className = '',
  ...rest
}: TButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed ${variants[variant]} ${className}`}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

export function Card({
  title,
  children,
  disabledText,
  headingLevel = 2,
}: {
  title: string;
  children?: ReactNode;
  disabledText?: string | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-disabled={disabledText ? true : undefined}
      className={`rounded-xl border border-gray-200 bg-white p-4 shadow-sm ${disabledText ? 'opacity-75' : ''}`}
    >
      <Heading className="text-base font-semibold text-gray-900">{title}</Heading>
      {disabledText ? <p className="mt-2 text-sm text-gray-700">{disabledText}</p> : children}
    </section>
  );
}

export function Notice({
  kind,
  children,
  onClose,
}: {
  kind: 'success' | 'error' | 'warning';
  children: ReactNode;
  onClose?: () => void;
}) {
  const { t } = useT();
  const colours = {
    success: 'border-green-300 bg-green-50 text-green-900',
    error: 'border-red-300 bg-red-50 text-red-900',
    warning: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  };
  return (
    <div
      role={kind === 'success' ? 'status' : 'alert'}
      className={`flex items-start gap-3 rounded-lg border p-3 text-sm ${colours[kind]}`}
    >
      <div className="flex-1">{children}</div>
      {onClose && (
        <button type="button" onClick={onClose} className="font-semibold underline">
          {t('close')}
        </button>
      )}
    </div>
  );
}

export function FullScreenMessage({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <p className="max-w-sm text-gray-700">{text}</p>
      {action}
    </main>
  );
}

export function Loading() {
  const { t } = useT();
  return (
    <div role="status" className="flex items-center justify-center gap-2 p-8 text-gray-700">
      <Spinner className="size-5" />
      {t('loading')}
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <p className="font-semibold text-gray-900">{t('errorTitle')}</p>
      <p className="text-sm text-gray-700">{t('errorText')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export const inputClass =
  'block w-full min-h-11 rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-primary-600 focus:outline-2 focus:outline-primary-600 disabled:bg-gray-100 aria-invalid:border-red-600';
