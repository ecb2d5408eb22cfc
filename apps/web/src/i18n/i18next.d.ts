import type { catalogues } from './catalogues.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof catalogues.de };
  }
}
