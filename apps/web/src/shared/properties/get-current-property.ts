import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProperty } from '@pms/contract/properties';
import { api } from '../../lib/api-client.ts';

export function getCurrentProperty(): Promise<TProperty> {
  return api.get<TProperty>('/properties/current');
}

export const currentPropertyQueryOptions = () =>
  queryOptions({ queryKey: ['properties', 'current'], queryFn: getCurrentProperty });

export function useCurrentProperty() {
  return useQuery(currentPropertyQueryOptions());
}
