import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCashBook, TCashBookQuery } from '@pms/contract/cash';
import { api } from '../../../lib/api-client.ts';
import { cashKeys } from '../../../shared/query-keys/index.ts';

/** A register's cash book of a period: movements with the running balance, shifts, day closes, receipts. */
export function getCashBook(registerId: string, range: TCashBookQuery): Promise<TCashBook> {
  return api.get<TCashBook>(`/cash_registers/${encodeURIComponent(registerId)}/book`, { query: range });
}

export const cashBookQueryOptions = (registerId: string, range: TCashBookQuery) =>
  queryOptions({
    queryKey: cashKeys.book(registerId, range),
    queryFn: () => getCashBook(registerId, range),
    placeholderData: keepPreviousData,
  });

export function useCashBook(registerId: string | null, range: TCashBookQuery | null) {
  return useQuery({
    ...cashBookQueryOptions(registerId ?? '', range ?? { from: '', to: '' }),
    enabled: registerId !== null && range !== null,
  });
}
