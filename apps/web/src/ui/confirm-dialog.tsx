import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../lib/store.ts';
import { Button } from './button.tsx';
import { Modal, ModalActions } from './dialog.tsx';

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

function answer(value: boolean): void {
  confirmState.get().resolve?.(value);
  // The options stay while the dialog fades out.
  confirmState.set({ ...confirmState.get(), isOpen: false, resolve: null });
}

/** Opens the global confirm dialog; resolves true when confirmed, false when cancelled or closed. */
export function openConfirmDialog(options: TConfirmOptions): Promise<boolean> {
  confirmState.get().resolve?.(false);
  return new Promise((resolve) => confirmState.set({ isOpen: true, options, resolve }));
}

export function ConfirmDialogHost() {
  const { t } = useTranslation();
  const { isOpen, options } = useStore(confirmState);
  if (!options) return null;
  return (
    <Modal open={isOpen} onClose={() => answer(false)} title={options.title} description={options.subtitle}>
      {options.content && <div className="text-sm text-gray-700">{options.content}</div>}
      <ModalActions>
        <Button variant="secondary" onClick={() => answer(false)}>
          {options.cancelText ?? t('common.cancel')}
        </Button>
        <Button variant={options.confirmColor ?? 'primary'} onClick={() => answer(true)}>
          {options.confirmText ?? t('common.confirm')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
