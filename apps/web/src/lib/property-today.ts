import { todayIn } from '@pms/contract/dates';
import type { TPropertyMembership } from '@pms/contract/session';
import { useSessionState } from './session-store.ts';

const defaultTimeZone = 'Europe/Vienna';

/** Today's date (YYYY-MM-DD) in a property's time zone. */
export function propertyToday(property: Pick<TPropertyMembership, 'timeZone'> | null): string {
  return todayIn(property?.timeZone ?? defaultTimeZone);
}

/** Today's date (YYYY-MM-DD) in the current property's time zone. */
export function usePropertyToday(): string {
  return propertyToday(useSessionState((state) => state.property));
}
