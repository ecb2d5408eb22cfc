// The German and English catalogues: the shell's keys (de.json, en.json) plus one file pair per
// feature beside them (<feature>.de.json, <feature>.en.json), each under its own top-level key. A feature adds its pair here.
import de from './de.json';
import en from './en.json';
import baseDataDe from './base-data.de.json';
import baseDataEn from './base-data.en.json';
import roomPlanDe from './room-plan.de.json';
import roomPlanEn from './room-plan.en.json';
import roomLocksDe from './room-locks.de.json';
import roomLocksEn from './room-locks.en.json';
import notesDe from './notes.de.json';
import notesEn from './notes.en.json';
import contactsDe from './contacts.de.json';
import contactsEn from './contacts.en.json';
import groupsDe from './groups.de.json';
import groupsEn from './groups.en.json';
import housekeepingDe from './housekeeping.de.json';
import housekeepingEn from './housekeeping.en.json';
import dashboardDe from './dashboard.de.json';
import dashboardEn from './dashboard.en.json';
import bookingsDe from './bookings.de.json';
import bookingsEn from './bookings.en.json';
import searchDe from './search.de.json';
import searchEn from './search.en.json';

export const catalogues = {
  de: {
    ...de,
    ...baseDataDe,
    ...roomPlanDe,
    ...roomLocksDe,
    ...notesDe,
    ...contactsDe,
    ...groupsDe,
    ...housekeepingDe,
    ...dashboardDe,
    ...bookingsDe,
    ...searchDe,
  },
  en: {
    ...en,
    ...baseDataEn,
    ...roomPlanEn,
    ...roomLocksEn,
    ...notesEn,
    ...contactsEn,
    ...groupsEn,
    ...housekeepingEn,
    ...dashboardEn,
    ...bookingsEn,
    ...searchEn,
  },
};

// Compile-time completeness: both catalogues hold the same keys.
export const german: typeof catalogues.en = catalogues.de;
export const english: typeof catalogues.de = catalogues.en;
