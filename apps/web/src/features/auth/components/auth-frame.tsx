import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The signed-out screens' frame: the app's monogram, a title and a card. */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary-600 text-lg font-bold text-white shadow-sm">
            {t('app.monogram')}
          </span>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
          <p className="mt-1 text-sm text-gray-500">{subtitle}</p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">{children}</div>
      </div>
    </main>
  );
}
