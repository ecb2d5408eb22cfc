import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { CreateBookingDialog } from '../../features/bookings/components/create-booking-dialog.tsx';
import { IconButton } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Header } from './header.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { Sidebar } from './sidebar.tsx';
import { useSessionInitialisation } from './use-session-initialisation.ts';

/** The staff area's frame: sidebar (a drawer on phones), header and the current screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = () => setIsMenuOpen(false);
  useSessionInitialisation();

  return (
    <div className="min-h-dvh">
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-gray-200 bg-white lg:block">
        <Sidebar />
      </aside>
      <Dialog open={isMenuOpen} onClose={closeMenu} className="fixed inset-0 z-50 lg:hidden">
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
                onClick={closeMenu}
              />
            </div>
            <Sidebar onNavigate={closeMenu} />
          </DialogPanel>
        </div>
      </Dialog>
      <div className="lg:pl-64">
        <Header onOpenMenu={() => setIsMenuOpen(true)} />
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ScrollToTop />
      <CreateBookingDialog />
    </div>
  );
}
