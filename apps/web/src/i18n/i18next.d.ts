import type { catalogues } from './catalogues.ts';
import type { featureNamespaces } from './namespaces.ts';

type TCatalogues = typeof catalogues;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    fallbackNS: [...typeof featureNamespaces];
    resources: { [Namespace in keyof TCatalogues]: TCatalogues[Namespace]['de'] };
  }
}
