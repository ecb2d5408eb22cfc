import { useTranslation } from 'react-i18next';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { IconButton } from '../../ui/button.tsx';
import { Sidebar } from './sidebar.tsx';

/** The sidebar as a drawer on phones. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/50 transition-opacity duration-300 ease-out data-closed:opacity-0 data-leave:duration-200"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className="relative flex w-full max-w-xs flex-col bg-white shadow-xl transition duration-300 ease-out data-closed:-translate-x-full data-leave:duration-200"
        >
          <DialogTitle className="sr-only">{t('nav.menu')}</DialogTitle>
          <div className="absolute top-3 -right-12">
            <IconButton
              label={t('nav.closeMenu')}
              icon={XMarkIcon}
              className="text-white hover:bg-white/10 hover:text-white"
              onClick={onClose}
            />
          </div>
          <Sidebar onNavigate={onClose} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
