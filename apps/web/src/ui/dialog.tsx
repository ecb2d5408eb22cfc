import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';

type TModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'md' | 'lg';
  children?: ReactNode;
};

/** The dialog frame every dialog uses: a title, a transition of 200 ms in; it closes at once, so the screen under it is usable as soon as its work is done. */
export function Modal({ open, onClose, title, description, size = 'md', children }: TModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/50 transition-opacity duration-200 ease-out data-closed:opacity-0 data-leave:duration-0"
      />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className={clsx(
              'w-full rounded-xl bg-white p-6 shadow-xl transition duration-200 ease-out',
              'data-closed:translate-y-4 data-closed:opacity-0 data-leave:duration-0',
              'sm:data-closed:translate-y-0 sm:data-closed:scale-95',
              size === 'md' ? 'max-w-lg' : 'max-w-2xl',
            )}
          >
            <DialogTitle className="text-lg font-semibold text-gray-900">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm text-gray-600">{description}</Description>}
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}
