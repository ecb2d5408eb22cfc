import { lazy, type ComponentType } from 'react';
import { loadNamespaces } from './index.ts';
import type { TNamespace } from './namespaces.ts';

/**
 * A component whose code and catalogue namespaces load together when it first renders: the nearest
 * Suspense boundary shows its fallback meanwhile, so the screen never shows untranslated keys.
 */
export function lazyWithNamespaces<TProps extends object>(
  load: () => Promise<ComponentType<TProps>>,
  namespaces: readonly TNamespace[],
) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { default: component };
  });
}
