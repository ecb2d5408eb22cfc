import { todayIn } from '@pms/contract/dates';
import { useSessionState } from './session-store.ts';

const defaultTimeZone = 'Europe/Vienna';

/** Today's date (YYYY-MM-DD) in the current property's time zone. */
export function usePropertyToday(): string {
  const timeZone = useSessionState((state) => state.property?.timeZone) ?? defaultTimeZone;
  return todayIn(timeZone);
}
