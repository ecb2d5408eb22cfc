import { useSyncExternalStore } from 'react';

/** A value kept outside React (toasts, the open dialogs, the session, a drag) that components follow. */
export type TStore<T> = {
  get: () => T;
  /** Replaces the value and tells every subscriber. */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): TStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Renders again when the store's value, or the part of it a selector picks, changes. */
export function useStore<T>(store: TStore<T>): T;
export function useStore<T, TSelected>(store: TStore<T>, selector: (value: T) => TSelected): TSelected;
export function useStore<T, TSelected>(store: TStore<T>, selector?: (value: T) => TSelected): T | TSelected {
  return useSyncExternalStore(store.subscribe, () => (selector ? selector(store.get()) : store.get()));
}
