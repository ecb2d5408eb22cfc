import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  defaultPageSize,
  pageSizes,
  ZPropertyMembership,
  ZSession,
  type TPropertyMembership,
  type TSession,
} from '@pms/contract';

export type TPageSize = (typeof pageSizes)[number];

/** Why the session ended: a logout goes to a plain login, an expired session asks to come back. */
export type TSessionEndReason = 'logout' | 'expired';

export type TSessionState = {
  user: TSession | null;
  property: TPropertyMembership | null;
  properties: TPropertyMembership[];
  pageSize: TPageSize;
  endReason: TSessionEndReason | null;
};

/** The browser storage keys of the client session state (spec section 3). */
const storageKeys = {
  user: 'user',
  property: 'property',
  properties: 'properties',
  pageSize: 'page_size',
} as const;

type TPersisted = keyof typeof storageKeys;

const ZPageSize = z.literal(pageSizes);

function readStored<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

function loadState(): TSessionState {
  return {
    user: readStored(storageKeys.user, ZSession.nullable(), null),
    property: readStored(storageKeys.property, ZPropertyMembership.nullable(), null),
    properties: readStored(storageKeys.properties, z.array(ZPropertyMembership), []),
    pageSize: readStored(storageKeys.pageSize, ZPageSize, defaultPageSize),
    endReason: null,
  };
}

let state = loadState();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function update(patch: Partial<TSessionState>): void {
  state = { ...state, ...patch };
  for (const key of Object.keys(storageKeys) as TPersisted[]) {
    if (!(key in patch)) continue;
    const value = state[key];
    if (value === null) localStorage.removeItem(storageKeys[key]);
    else localStorage.setItem(storageKeys[key], JSON.stringify(value));
  }
  notify();
}

function findProperty(properties: TPropertyMembership[], id: string | undefined): TPropertyMembership | null {
  return properties.find((property) => property.id === id) ?? null;
}

// Another tab logging in or out changes the same storage: follow it.
window.addEventListener('storage', (event) => {
  if (event.key !== null && !Object.values(storageKeys).some((key) => key === event.key)) return;
  const hadUser = state.user !== null;
  state = loadState();
  if (hadUser && !state.user) state.endReason = 'logout';
  notify();
});

/** The signed-in user, their current property and property list, and the table page size. */
export const sessionStore = {
  getState: (): TSessionState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Replaces the user; the current property follows the user's propertyId. */
  setUser(user: TSession): void {
    update({ user, endReason: null, property: findProperty(state.properties, user.propertyId) });
  },

  setProperties(properties: TPropertyMembership[]): void {
    update({ properties, property: findProperty(properties, state.user?.propertyId) });
  },

  /** Takes over a changed name or branding of one property without waiting for the list. */
  updateProperty(
    changed: Pick<TPropertyMembership, 'id' | 'name' | 'slug' | 'timeZone' | 'currency' | 'branding'>,
  ): void {
    const properties = state.properties.map((property) =>
      property.id === changed.id
        ? {
            ...property,
            name: changed.name,
            slug: changed.slug,
            timeZone: changed.timeZone,
            currency: changed.currency,
            branding: changed.branding,
          }
        : property,
    );
    update({ properties, property: findProperty(properties, state.user?.propertyId) });
  },

  requirePasswordChange(): void {
    if (state.user && !state.user.mustChangePassword)
      update({ user: { ...state.user, mustChangePassword: true } });
  },

  /** Forgets the user, property and properties locally; the page size stays. */
  end(reason: TSessionEndReason): void {
    if (!state.user) return;
    update({ user: null, property: null, properties: [], endReason: reason });
  },

  setPageSize(pageSize: TPageSize): void {
    update({ pageSize });
  },
};

export function useSessionState<T>(selector: (current: TSessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => selector(state));
}

/** The signed-in user; only for components below the authenticated guard. */
export function useCurrentUser(): TSession {
  const user = useSessionState((current) => current.user);
  if (!user) throw new Error('useCurrentUser is only available to signed-in screens');
  return user;
}
