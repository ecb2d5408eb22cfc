// Every catalogue, by namespace and language, for the types (i18next.d.ts) and the tests. The app
// does not import this module: it loads each namespace on demand (index.ts). A feature adds its
// pair here and its namespace to namespaces.ts.
import de from './de.json';
import en from './en.json';
import baseDataDe from './base-data.de.json';
import baseDataEn from './base-data.en.json';
import billingDe from './billing.de.json';
import billingEn from './billing.en.json';
import bookingsDe from './bookings.de.json';
import bookingsEn from './bookings.en.json';
import cashDe from './cash.de.json';
import cashEn from './cash.en.json';
import contactsDe from './contacts.de.json';
import contactsEn from './contacts.en.json';
import dashboardDe from './dashboard.de.json';
import dashboardEn from './dashboard.en.json';
import groupsDe from './groups.de.json';
import groupsEn from './groups.en.json';
import housekeepingDe from './housekeeping.de.json';
import housekeepingEn from './housekeeping.en.json';
import notesDe from './notes.de.json';
import notesEn from './notes.en.json';
import reportsDe from './reports.de.json';
import reportsEn from './reports.en.json';
import roomLocksDe from './room-locks.de.json';
import roomLocksEn from './room-locks.en.json';
import roomPlanDe from './room-plan.de.json';
import roomPlanEn from './room-plan.en.json';
import searchDe from './search.de.json';
import searchEn from './search.en.json';
import type { shellNamespace, TNamespace } from './namespaces.ts';

/** Compile-time completeness: the English file holds every key of the German one. */
function pair<TCatalogue>(german: TCatalogue, english: NoInfer<TCatalogue>) {
  return { de: german, en: english };
}

export const catalogues = {
  translation: pair(de, en),
  'base-data': pair(baseDataDe, baseDataEn),
  billing: pair(billingDe, billingEn),
  bookings: pair(bookingsDe, bookingsEn),
  cash: pair(cashDe, cashEn),
  contacts: pair(contactsDe, contactsEn),
  dashboard: pair(dashboardDe, dashboardEn),
  groups: pair(groupsDe, groupsEn),
  housekeeping: pair(housekeepingDe, housekeepingEn),
  notes: pair(notesDe, notesEn),
  reports: pair(reportsDe, reportsEn),
  'room-locks': pair(roomLocksDe, roomLocksEn),
  'room-plan': pair(roomPlanDe, roomPlanEn),
  search: pair(searchDe, searchEn),
} satisfies Record<typeof shellNamespace | TNamespace, { de: object; en: object }>;
