import { useSearchParams } from 'react-router';

/** A list's filters in the URL query, so a reload or a shared link keeps them. */
export function useListParams<TKey extends string>(keys: readonly TKey[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, searchParams.get(key) ?? ''])) as Record<
    TKey,
    string
  >;

  /** Sets or (with null or '') removes filters, and starts the list again at page 1. */
  const change = (changes: Partial<Record<TKey, string | null>>) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        for (const [key, value] of Object.entries<string | null | undefined>(changes)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        params.delete('page');
        return params;
      },
      { replace: true },
    );

  return { values, change };
}
