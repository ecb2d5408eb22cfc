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

/**
 * The dialog frame every dialog uses: a title, a way in of 200 ms (styles.css). It closes at once: it
 * leaves the page in the render that closes it, so that the screen under it is usable as soon as its
 * work is done (Headless UI's own transition would keep it a few frames longer).
 */
export function Modal({ open, onClose, title, description, size = 'md', children }: TModalProps) {
  if (!open) return null;
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-gray-900/50 motion-safe:animate-fade-in" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            className={clsx(
              'w-full rounded-xl bg-white p-6 shadow-xl motion-safe:animate-dialog-up sm:motion-safe:animate-dialog-grow',
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
