import { describe, expect, it } from 'vitest';
import { isGuestComplete, type TGuestFields } from './contacts.ts';

const complete: TGuestFields = {
  name: 'Lena Berger',
  address: { line1: 'Linzer Gasse 4', postalCode: '5020', city: 'Salzburg', country: 'at' },
  dateOfBirth: '1988-04-12',
  nationality: 'at',
};

describe('isGuestComplete', () => {
  it('accepts a guest with every required field and a document', () => {
    expect(isGuestComplete(complete, 1)).toBe(true);
  });

  it('needs at least one document', () => {
    expect(isGuestComplete(complete, 0)).toBe(false);
  });

  it.each(['name', 'dateOfBirth', 'nationality'] as const)('needs %s', (field) => {
    expect(isGuestComplete({ ...complete, [field]: null }, 1)).toBe(false);
    expect(isGuestComplete({ ...complete, [field]: undefined }, 1)).toBe(false);
  });

  it.each(['line1', 'postalCode', 'city', 'country'] as const)('needs address %s', (field) => {
    expect(isGuestComplete({ ...complete, address: { ...complete.address, [field]: null } }, 1)).toBe(false);
  });

  it('does not need the optional address lines', () => {
    expect(
      isGuestComplete({ ...complete, address: { ...complete.address, line2: null, state: null } }, 1),
    ).toBe(true);
  });

  it('treats blank text as missing', () => {
    expect(isGuestComplete({ ...complete, name: '   ' }, 1)).toBe(false);
    expect(isGuestComplete({ ...complete, address: { ...complete.address, city: '' } }, 1)).toBe(false);
  });

  it('treats a missing address as incomplete', () => {
    expect(isGuestComplete({ ...complete, address: null }, 1)).toBe(false);
    expect(isGuestComplete({ name: 'Lena Berger' }, 3)).toBe(false);
  });
});
