import type { TCreateLevyRequest, TLevyVersionRequest } from '@pms/contract/local-tax';
import { collection } from './base-data-collections.ts';

export const levyCollection = collection<TCreateLevyRequest>('/local_tax_levies');

export const levyVersionCollection = (levyId: string) =>
  collection<TLevyVersionRequest>(`/local_tax_levies/${encodeURIComponent(levyId)}/versions`);
