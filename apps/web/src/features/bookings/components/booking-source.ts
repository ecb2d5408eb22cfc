import { bookingSources } from '@pms/contract/bookings';
import { i18n } from '../../../i18n/index.ts';

function isKnownSource(source: string): source is (typeof bookingSources)[number] {
  return (bookingSources as readonly string[]).includes(source);
}

/** Internal and walk-in in the user's language; any other source (a channel's name) as it is. */
export function sourceLabel(source: string): string {
  return isKnownSource(source) ? i18n.t(`bookings.sources.${source}`) : source;
}
