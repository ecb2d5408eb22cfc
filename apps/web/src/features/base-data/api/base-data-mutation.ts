import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';

type TBaseDataMutationOptions = {
  /** The form shows the error itself; otherwise a toast with this title does. */
  isErrorShownInline?: boolean;
  errorTitle?: ParseKeys;
};

/**
 * A change to base data. It counts as done once the cached base data has loaded again, so every
 * list and every other screen shows the change at once.
 */
export function useBaseDataMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  { isErrorShownInline = false, errorTitle }: TBaseDataMutationOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { isErrorShownInline, errorTitle },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['base-data'] }),
  });
}
