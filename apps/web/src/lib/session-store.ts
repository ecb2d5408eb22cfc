import { defaultPageSize, type TPageSize } from '@pms/contract/page-sizes';
import type { TPropertyMembership, TSession } from '@pms/contract/session';
import { createStore, useStore } from './store.ts';
import { isPageSize, isPropertyMembership, isPropertyMemberships, isSession } from './stored-session.ts';

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

/** A stored value that passes its check, else the fallback (nothing stored, malformed JSON or data). */
function readStored<T, TFallback extends T | null>(
  key: string,
  isValid: (value: unknown) => value is T,
  fallback: TFallback,
): T | TFallback {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

function loadState(): TSessionState {
  return {
    user: readStored(storageKeys.user, isSession, null),
    property: readStored(storageKeys.property, isPropertyMembership, null),
    properties: readStored(storageKeys.properties, isPropertyMemberships, []),
    pageSize: readStored(storageKeys.pageSize, isPageSize, defaultPageSize),
    endReason: null,
  };
}

const store = createStore(loadState());

function update(patch: Partial<TSessionState>): void {
  const state = { ...store.get(), ...patch };
  for (const key of Object.keys(storageKeys) as TPersisted[]) {
    if (!(key in patch)) continue;
    const value = state[key];
    if (value === null) localStorage.removeItem(storageKeys[key]);
    else localStorage.setItem(storageKeys[key], JSON.stringify(value));
  }
  store.set(state);
}

function findProperty(properties: TPropertyMembership[], id: string | undefined): TPropertyMembership | null {
  return properties.find((property) => property.id === id) ?? null;
}

// Another tab logging in or out changes the same storage: follow it (in a browser; the server's
// render of the first screen has neither).
globalThis.window?.addEventListener('storage', (event) => {
  if (event.key !== null && !Object.values(storageKeys).some((key) => key === event.key)) return;
  const hadUser = store.get().user !== null;
  const state = loadState();
  if (hadUser && !state.user) state.endReason = 'logout';
  store.set(state);
});

/** The signed-in user, their current property and property list, and the table page size. */
export const sessionStore = {
  getState: store.get,
  subscribe: store.subscribe,

  /**
   * The user and their properties for the server's render of a page (`ssr.tsx`), kept in memory only:
   * the browser's own storage is the app's when it takes over.
   */
  hold(user: TSession, properties: TPropertyMembership[]): void {
    store.set({ ...store.get(), user, properties, property: findProperty(properties, user.propertyId) });
  },

  /** Replaces the user; the current property follows the user's propertyId. */
  setUser(user: TSession): void {
    update({ user, endReason: null, property: findProperty(store.get().properties, user.propertyId) });
  },

  setProperties(properties: TPropertyMembership[]): void {
    update({ properties, property: findProperty(properties, store.get().user?.propertyId) });
  },

  /** Takes over a changed name or branding of one property without waiting for the list. */
  updateProperty(
    changed: Pick<TPropertyMembership, 'id' | 'name' | 'slug' | 'timeZone' | 'currency' | 'branding'>,
  ): void {
    const properties = store.get().properties.map((property) =>
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
    update({ properties, property: findProperty(properties, store.get().user?.propertyId) });
  },

  requirePasswordChange(): void {
    const { user } = store.get();
    if (user && !user.mustChangePassword) update({ user: { ...user, mustChangePassword: true } });
  },

  /** Forgets the user, property and properties locally; the page size stays. */
  end(reason: TSessionEndReason): void {
    if (!store.get().user) return;
    update({ user: null, property: null, properties: [], endReason: reason });
  },

  setPageSize(pageSize: TPageSize): void {
    update({ pageSize });
  },
};

export function useSessionState<T>(selector: (current: TSessionState) => T): T {
  return useStore(store, selector);
}

/** The signed-in user; only for components below the authenticated guard. */
export function useCurrentUser(): TSession {
  const user = useSessionState((current) => current.user);
  if (!user) throw new Error('useCurrentUser is only available to signed-in screens');
  return user;
}
