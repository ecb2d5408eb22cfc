import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCharge } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKey } from '../../../shared/bookings/query-keys.ts';

export async function getBookingCharges(id: string): Promise<TCharge[]> {
  const { data } = await api.get<{ data: TCharge[] }>(`/bookings/${encodeURIComponent(id)}/charges`);
  return data;
}

export const bookingChargesQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...bookingKey(id), 'charges'], queryFn: () => getBookingCharges(id) });

export function useBookingCharges(id: string) {
  return useQuery(bookingChargesQueryOptions(id));
}
