import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import {
  CheckCircleIcon,
  ExclamationCircleIcon,
  ExclamationTriangleIcon,
  InformationCircleIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';
import { createStore, useStore } from '../lib/store.ts';
import { IconButton, type TIcon } from './button.tsx';

export type TToastType = 'info' | 'success' | 'warning' | 'error';
type TToast = { id: number; type: TToastType; title: string; message: string | undefined };

const toastLifetimeMs = 10_000;

const toasts = createStore<readonly TToast[]>([]);
let nextId = 1;

function dismiss(id: number): void {
  toasts.set(toasts.get().filter((entry) => entry.id !== id));
}

function show(type: TToastType, title: string, message?: string): void {
  const id = nextId++;
  toasts.set([...toasts.get(), { id, type, title, message }]);
  setTimeout(() => dismiss(id), toastLifetimeMs);
}

/** Shows a notification at the top right; it closes itself after 10 seconds or when closed. */
export const toast = {
  info: (title: string, message?: string) => show('info', title, message),
  success: (title: string, message?: string) => show('success', title, message),
  warning: (title: string, message?: string) => show('warning', title, message),
  error: (title: string, message?: string) => show('error', title, message),
};

/** A mutation's options that say it worked and then close the dialog (or do what comes next). */
export function successThen(title: string, next: () => void): { onSuccess: () => void } {
  return {
    onSuccess: () => {
      toast.success(title);
      next();
    },
  };
}

const typeStyles: Record<TToastType, { icon: TIcon; className: string }> = {
  info: { icon: InformationCircleIcon, className: 'text-primary-600' },
  success: { icon: CheckCircleIcon, className: 'text-green-600' },
  warning: { icon: ExclamationTriangleIcon, className: 'text-amber-500' },
  error: { icon: ExclamationCircleIcon, className: 'text-red-600' },
};

export function Toaster() {
  const { t } = useTranslation();
  const current = useStore(toasts);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-3 p-4 sm:items-end"
    >
      {current.map((entry) => {
        const { icon: TypeIcon, className } = typeStyles[entry.type];
        return (
          <div
            key={entry.id}
            role={entry.type === 'error' ? 'alert' : 'status'}
            className="pointer-events-auto flex w-full max-w-sm gap-3 rounded-xl bg-white p-4 shadow-lg ring-1 ring-gray-900/10"
          >
            <TypeIcon aria-hidden="true" className={clsx('size-6 shrink-0', className)} />
            <div className="min-w-0 flex-1 pt-0.5">
              <p className="text-sm font-semibold text-gray-900">{entry.title}</p>
              {entry.message && <p className="mt-1 text-sm break-words text-gray-600">{entry.message}</p>}
            </div>
            <IconButton
              label={t('common.close')}
              icon={XMarkIcon}
              className="-m-1.5 size-8"
              onClick={() => dismiss(entry.id)}
            />
          </div>
        );
      })}
    </div>
  );
}
