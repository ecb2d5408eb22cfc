import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { lazyWithNamespaces } from '../../i18n/lazy-with-namespaces.ts';
import { useCreateBookingState } from '../../shared/bookings/index.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { screenNamespaces } from '../screen-namespaces.ts';
import { Header } from './header.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { Sidebar } from './sidebar.tsx';
import { useSessionInitialisation } from './use-session-initialisation.ts';

// The phone's menu drawer loads when it is first opened.
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.tsx')).MobileMenu }));

// The create-booking dialog's code and catalogues load when it is first opened, from any screen.
const CreateBookingDialog = lazyWithNamespaces(
  async () =>
    (await import('../../features/bookings/components/create-booking-dialog.tsx')).CreateBookingDialog,
  screenNamespaces.bookings,
);

/** The staff area's frame: sidebar (a drawer on phones), header and the current screen. */
export function MainLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const openMenu = () => {
    setHasOpenedMenu(true);
    setIsMenuOpen(true);
  };
  const closeMenu = () => setIsMenuOpen(false);
  const hasOpenedCreateBooking = useCreateBookingState().openCount > 0;
  useSessionInitialisation();

  return (
    <div className="min-h-dvh">
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-gray-200 bg-white lg:block">
        <Sidebar />
      </aside>
      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <MobileMenu open={isMenuOpen} onClose={closeMenu} />
        </Suspense>
      )}
      <div className="lg:pl-64">
        <Header onOpenMenu={openMenu} />
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ScrollToTop />
      {hasOpenedCreateBooking && (
        <Suspense fallback={null}>
          <CreateBookingDialog />
        </Suspense>
      )}
    </div>
  );
}
