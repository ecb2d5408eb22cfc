import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccountingSettings } from '@pms/contract/settings';
import { api } from '../../../lib/api-client.ts';

/** The DATEV numbers, fiscal year and receivables account of the current property. */
export function getAccountingSettings(): Promise<TAccountingSettings> {
  return api.get<TAccountingSettings>('/settings/accounting');
}

export const accountingSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'accounting'], queryFn: getAccountingSettings });

export function useAccountingSettings() {
  return useQuery(accountingSettingsQueryOptions());
}
