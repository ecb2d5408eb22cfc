import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { i18n } from '../i18n/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { errorMessage, isSessionError } from '../lib/error-message.ts';
import { toast } from '../ui/toast.tsx';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The form shows the error itself, next to its fields. */
      isErrorShownInline?: boolean;
      /** The title of the error toast; the catalogue message of the error is its text. */
      errorTitle?: ParseKeys;
    };
  }
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Reads retry twice on network and server errors, never on a refusal. A failed change shows a toast
 * with the catalogue message unless its form shows it inline; session errors are the guards' job.
 */
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.isErrorShownInline || isSessionError(error)) return;
      toast.error(i18n.t(mutation.meta?.errorTitle ?? 'common.actionFailed'), errorMessage(error));
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
    },
  },
});
