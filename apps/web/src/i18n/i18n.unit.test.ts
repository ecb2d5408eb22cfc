import { describe, expect, it } from 'vitest';
import { bookingEventTypes } from '@pms/contract/bookings';
import { errorCodes } from '@pms/contract/errors';
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
