import { describe, expect, it } from 'vitest';
import { bookingEventTypes, errorCodes } from '@pms/contract';
import { catalogues } from './catalogues.ts';

const { de, en } = catalogues;
import { resolveLanguage } from './index.ts';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('catalogues', () => {
  it('hold the same keys in German and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });

  it('have a message for every error code of the contract', () => {
    for (const code of errorCodes) {
      expect(de.errors).toHaveProperty([code]);
      expect(en.errors).toHaveProperty([code]);
    }
  });

  it('name every booking event type of the contract', () => {
    for (const type of bookingEventTypes) {
      expect(de.bookings.events.types).toHaveProperty([type]);
      expect(en.bookings.events.types).toHaveProperty([type]);
    }
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
  it('say one person, not one persons', async () => {
    const { i18n } = await import('./index.ts');
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

  it('name the booking or the lock a stay meets, and say less when the server names nothing', async () => {
    const { i18n } = await import('./index.ts');
    const t = i18n.getFixedT('de');
    const conflict = { roomNumber: '204', bookingCode: 'AH-01234' };
    expect(t('errors.booking/overlap_detected', { ...conflict, context: 'booking' })).toBe(
      'Zimmer 204 ist in diesem Zeitraum bereits durch Buchung AH-01234 belegt.',
    );
    expect(t('errors.booking/overlap_detected', { roomNumber: '204', context: 'room_lock' })).toBe(
      'Zimmer 204 ist in diesem Zeitraum gesperrt.',
    );
    expect(t('errors.booking/overlap_detected', { context: undefined })).toBe(
      de.errors['booking/overlap_detected'],
    );
  });
});
