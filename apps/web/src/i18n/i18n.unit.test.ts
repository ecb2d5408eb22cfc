import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bookingEventTypes } from '@pms/contract/bookings';
import { errorCodes } from '@pms/contract/errors';
import { catalogues } from './catalogues.ts';
import { i18n, loadNamespaces, resolveLanguage } from './index.ts';
import { featureNamespaces } from './namespaces.ts';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]: [string, unknown]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('catalogues', () => {
  it.each(Object.entries(catalogues))('%s holds the same keys in German and English', (_, { de, en }) => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });

  it('are every catalogue file beside them, one pair per namespace', () => {
    const files = readdirSync(fileURLToPath(new URL('.', import.meta.url))).filter((file) =>
      file.endsWith('.json'),
    );
    const expected = [
      'de.json',
      'en.json',
      ...featureNamespaces.flatMap((ns) => [`${ns}.de.json`, `${ns}.en.json`]),
    ];
    expect(files.sort()).toEqual(expected.sort());
    expect(Object.keys(catalogues).sort()).toEqual(['translation', ...featureNamespaces].sort());
  });

  it('keep each top-level key in one namespace, so the fallback lookup finds the only one', () => {
    const owners = Object.values(catalogues).flatMap(({ de }) => Object.keys(de));
    expect(owners).toEqual([...new Set(owners)]);
  });

  it('have a message for every error code of the contract', () => {
    for (const code of errorCodes) {
      expect(catalogues.translation.de.errors).toHaveProperty([code]);
      expect(catalogues.translation.en.errors).toHaveProperty([code]);
    }
  });

  it('name every booking event type of the contract', () => {
    for (const type of bookingEventTypes) {
      expect(catalogues.bookings.de.bookings.events.types).toHaveProperty([type]);
      expect(catalogues.bookings.en.bookings.events.types).toHaveProperty([type]);
    }
  });
});

describe('loading namespaces', () => {
  it('reads a feature key once its namespace is loaded, in the current language', async () => {
    await i18n.changeLanguage('en');
    await loadNamespaces(['bookings']);
    expect(i18n.t('bookings.title')).toBe(catalogues.bookings.en.bookings.title);
    expect(i18n.t('common.save')).toBe(catalogues.translation.en.common.save);
  });

  it('loads the loaded namespaces again on a change of language', async () => {
    await i18n.changeLanguage('en');
    await loadNamespaces(['groups']);
    await i18n.changeLanguage('de');
    expect(i18n.t('groups.title')).toBe(catalogues.groups.de.groups.title);
  });
});

describe('resolveLanguage', () => {
  it("takes the user's language first", () => {
    expect(resolveLanguage('en', ['de-AT'])).toBe('en');
  });

  it("else the browser's first supported language", () => {
    expect(resolveLanguage(null, ['fr-FR', 'en-GB', 'de'])).toBe('en');
  });

  it('else German', () => {
    expect(resolveLanguage(null, ['fr-FR'])).toBe('de');
    expect(resolveLanguage(undefined, [])).toBe('de');
  });
});

describe('messages with counts and conflicts', () => {
  it('say one person, not one persons', () => {
    const t = i18n.getFixedT('de');
    const params = { roomNumber: '101', occupancy: 2 };
    expect(t('errors.booking/occupancy_exceeds_room', { ...params, maxOccupancy: 1 })).toBe(
      'Zimmer 101 bietet Platz für höchstens 1 Person, die Buchung hat 2.',
    );
    expect(t('errors.booking/occupancy_exceeds_room', { ...params, occupancy: 3, maxOccupancy: 2 })).toBe(
      'Zimmer 101 bietet Platz für höchstens 2 Personen, die Buchung hat 3.',
    );
    expect(
      i18n.getFixedT('en')('errors.booking/occupancy_exceeds_room', { ...params, maxOccupancy: 1 }),
    ).toBe('Room 101 takes at most 1 person; the booking has 2.');
  });

  it('name the booking or the lock a stay meets, and say less when the server names nothing', () => {
    const t = i18n.getFixedT('de');
    const conflict = { roomNumber: '204', bookingCode: 'AH-01234' };
    expect(t('errors.booking/overlap_detected', { ...conflict, context: 'booking' })).toBe(
      'Zimmer 204 ist in diesem Zeitraum bereits durch Buchung AH-01234 belegt.',
    );
    expect(t('errors.booking/overlap_detected', { roomNumber: '204', context: 'room_lock' })).toBe(
      'Zimmer 204 ist in diesem Zeitraum gesperrt.',
    );
    expect(t('errors.booking/overlap_detected', { context: undefined })).toBe(
      catalogues.translation.de.errors['booking/overlap_detected'],
    );
  });
});
