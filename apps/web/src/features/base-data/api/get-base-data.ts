import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBaseData, type TBaseData } from '@pms/contract';
import { api } from '../../../lib/api-client.ts';
import { sessionStore, useSessionState } from '../../../lib/session-store.ts';

/** Base data is kept in the browser per property, so it is there at once on the next visit. */
const storageKey = (propertyId: string) => `base_data_${propertyId}`;

type TStoredBaseData = { data: TBaseData; updatedAt: number };

function readStored(propertyId: string | null): TStoredBaseData | undefined {
  if (!propertyId) return undefined;
  try {
    const raw = localStorage.getItem(storageKey(propertyId));
    if (raw === null) return undefined;
    const stored = JSON.parse(raw) as { data?: unknown; updatedAt?: unknown };
    const parsed = ZBaseData.safeParse(stored.data);
    if (!parsed.success || typeof stored.updatedAt !== 'number') return undefined;
    return { data: parsed.data, updatedAt: stored.updatedAt };
  } catch {
    return undefined;
  }
}

function writeStored(propertyId: string, data: TBaseData): void {
  try {
    localStorage.setItem(storageKey(propertyId), JSON.stringify({ data, updatedAt: Date.now() }));
  } catch {
    // A full or blocked storage only costs the instant start of the next visit.
  }
}

function currentPropertyId(): string | null {
  return sessionStore.getState().user?.propertyId ?? null;
}

/** Room types, rooms, tax rates, items, payment methods and rates of the current property. */
export async function getBaseData(propertyId = currentPropertyId()): Promise<TBaseData> {
  const baseData = await api.get<TBaseData>('/base_data');
  if (propertyId) writeStored(propertyId, baseData);
  return baseData;
}

/**
 * Cached until reloaded: every base data change invalidates ['base-data'], and the reload button
 * on the base data screen refetches it. The property id in the key gives each property its own
 * cache, so switching the property never shows the other one's rooms.
 */
export const baseDataQueryOptions = (propertyId = currentPropertyId()) =>
  queryOptions({
    queryKey: ['base-data', propertyId],
    queryFn: () => getBaseData(propertyId),
    staleTime: Infinity,
    initialData: () => readStored(propertyId)?.data,
    initialDataUpdatedAt: () => readStored(propertyId)?.updatedAt,
  });

export function useBaseData() {
  const propertyId = useSessionState((state) => state.user?.propertyId ?? null);
  return useQuery(baseDataQueryOptions(propertyId));
}
