import { can } from '@pms/contract/permissions';
import { useCurrentUser } from '../../../lib/session-store.ts';

/** The kinds of base data records; each has the same message keys below baseData.<kind>. */
export type TRecordKind =
  | 'roomTypes'
  | 'rooms'
  | 'taxRates'
  | 'items'
  | 'paymentMethods'
  | 'cashRegisters'
  | 'rates'
  | 'ratePrices'
  | 'rateItems'
  | 'localTax'
  | 'levyVersions'
  | 'entrances';

/** Whether the user may change base data; everyone else sees it read-only. */
export function useCanWriteBaseData(): boolean {
  return can(useCurrentUser().role, 'baseData', 'write');
}
