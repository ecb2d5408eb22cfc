import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../i18n/index.ts';
import { ConfirmDialogHost } from '../ui/confirm-dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Toaster } from '../ui/toast.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<Spinner className="min-h-dvh" />}>
          <RouterProvider router={router} />
        </Suspense>
        <Toaster />
        <ConfirmDialogHost />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
