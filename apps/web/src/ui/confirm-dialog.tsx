import { lazy, Suspense, type ReactNode } from 'react';
import { createStore, useStore } from '../lib/store.ts';

export type TConfirmColor = 'primary' | 'secondary' | 'red';

export type TConfirmOptions = {
  title: string;
  /** Rich text under the title (the spec's HTML subtitle, as React nodes so nothing is injected). */
  subtitle?: ReactNode;
  content?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  confirmColor?: TConfirmColor;
};

type TConfirmState = {
  isOpen: boolean;
  options: TConfirmOptions | null;
  resolve: ((answer: boolean) => void) | null;
};

const confirmState = createStore<TConfirmState>({ isOpen: false, options: null, resolve: null });

/** Answers the open question: true when confirmed, false when cancelled or closed. */
export function answer(value: boolean): void {
  confirmState.get().resolve?.(value);
  // The options stay while the dialog fades out.
  confirmState.set({ ...confirmState.get(), isOpen: false, resolve: null });
}

/** Opens the global confirm dialog; resolves true when confirmed, false when cancelled or closed. */
export function openConfirmDialog(options: TConfirmOptions): Promise<boolean> {
  confirmState.get().resolve?.(false);
  return new Promise((resolve) => confirmState.set({ isOpen: true, options, resolve }));
}

// The dialog's code (and the dialog library) loads when the first question is asked.
const ConfirmDialog = lazy(async () => ({
  default: (await import('./confirm-dialog-modal.tsx')).ConfirmDialog,
}));

export function ConfirmDialogHost() {
  const state = useStore(confirmState);
  if (!state.options) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog isOpen={state.isOpen} options={state.options} />
    </Suspense>
  );
}
