import { Suspense, useLayoutEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../i18n/index.ts';
import { roomPlanPath } from '@pms/contract/staff-page';
import { endFirstScreen } from '../lib/first-screen.ts';
import { ConfirmDialogHost } from '../ui/confirm-dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Toaster } from '../ui/toast.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

/** Ends the written first screen when the app's screen is another one than the plan (after a redirect). */
function FirstScreenHandOver() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname !== roomPlanPath) endFirstScreen();
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <FirstScreenHandOver />
          <Suspense fallback={<Spinner className="min-h-dvh" />}>
            <AppRoutes />
          </Suspense>
          {/* Preact, unlike React, has no root that may wait: what waits for its catalogue needs a boundary. */}
          <Suspense fallback={null}>
            <Toaster />
            <ConfirmDialogHost />
          </Suspense>
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
