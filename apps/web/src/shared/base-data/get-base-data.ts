import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBaseData, type TBaseData } from '@pms/contract/base-data';
import { api } from '../../lib/api-client.ts';
import { sessionStore, useSessionState } from '../../lib/session-store.ts';

/** Base data is kept in the browser per property, so it is there at once on the next visit. */
const storageKey = (propertyId: string) => `base_data_${propertyId}`;

type TStoredBaseData = { data: TBaseData; updatedAt: number };

function readStored(propertyId: string | null): TStoredBaseData | undefined {
  if (!propertyId) return undefined;
  try {
    const raw = localStorage.getItem(storageKey(propertyId));
    if (raw === null) return undefined;
    const stored = JSON.parse(raw) as { data?: unknown; updatedAt?: unknown };
    // What an older version of the app stored may no longer fit: then it loads afresh.
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
 * Cached until reloaded: every base data change invalidates ['base-data'] and the base data
 * screen has a reload button. The property id in the key gives each property its own cache, so
 * another property's rooms never show after a switch.
 */
export const baseDataQueryOptions = (propertyId = currentPropertyId()) => {
  let stored: TStoredBaseData | undefined | null = null;
  const readOnce = () => (stored === null ? (stored = readStored(propertyId)) : stored);
  return queryOptions({
    queryKey: ['base-data', propertyId],
    queryFn: () => getBaseData(propertyId),
    staleTime: Infinity,
    gcTime: Infinity,
    initialData: () => readOnce()?.data,
    initialDataUpdatedAt: () => readOnce()?.updatedAt,
  });
};

/** The current property's base data, from the browser's copy at once and else from the server. */
export function useBaseData() {
  const propertyId = useSessionState((state) => state.user?.propertyId ?? null);
  return useQuery(baseDataQueryOptions(propertyId));
}
