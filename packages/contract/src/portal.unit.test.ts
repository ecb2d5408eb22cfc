import { describe, expect, it } from 'vitest';
import {
  isGuestComplete,
  missingRegistrationFields,
  portalLinkState,
  portalWindow,
  registrationFormKind,
  type TRegistrationGuest,
} from './portal.ts';

const austrian: TRegistrationGuest = {
  name: 'Lena Berger',
  gender: 'female',
  dateOfBirth: '1985-04-12',
  nationality: 'at',
  address: { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' },
  documentType: null,
  documentNumber: null,
  documentIssueDate: null,
  documentIssuingAuthority: null,
  isFamilyMember: false,
  isPrimary: true,
  documentCount: 1,
};
const foreignDocument = {
  documentType: 'passport',
  documentNumber: 'C01X00T47',
  documentIssueDate: '2020-02-01',
  documentIssuingAuthority: 'Stadt Köln',
} as const;
const german: TRegistrationGuest = {
  ...austrian,
  name: 'Jonas Weber',
  nationality: 'de',
  address: { line1: 'Hohe Straße 1', postalCode: '50667', city: 'Köln', country: 'de' },
};

describe('guest completeness everywhere (the spec’s rule)', () => {
  it('needs name, date of birth, nationality, the address and a document', () => {
    expect(missingRegistrationFields('ch', austrian)).toEqual([]);
    expect(
      missingRegistrationFields('ch', {
        ...austrian,
        name: '  ',
        dateOfBirth: null,
        nationality: null,
        address: { line1: 'Getreidegasse 9' },
        documentCount: 0,
      }),
    ).toEqual([
      'name',
      'dateOfBirth',
      'nationality',
      'address.postalCode',
      'address.city',
      'address.country',
      'documents',
    ]);
  });

  it('asks no travel document outside Austria and Germany, and not the sex', () => {
    expect(isGuestComplete('ch', { ...german, gender: 'unspecified' })).toBe(true);
    expect(isGuestComplete(null, german)).toBe(true);
  });

  it('asks a family member travelling with the main guest only name and date of birth', () => {
    const child: TRegistrationGuest = {
      ...austrian,
      name: 'Mia Berger',
      isPrimary: false,
      isFamilyMember: true,
      nationality: null,
      address: {},
      documentCount: 0,
      gender: 'unspecified',
    };
    for (const country of ['at', 'de', 'ch']) expect(missingRegistrationFields(country, child)).toEqual([]);
    expect(missingRegistrationFields('at', { ...child, dateOfBirth: null })).toEqual(['dateOfBirth']);
    // The main guest is never a co-traveller.
    expect(missingRegistrationFields('at', { ...child, isPrimary: true })).toContain('nationality');
  });
});

describe('guest completeness in Austria (Gästeblatt, MeldeV Anlage A)', () => {
  it('needs the sex of every guest', () => {
    expect(missingRegistrationFields('at', { ...austrian, gender: 'unspecified' })).toEqual(['gender']);
  });

  it('needs no travel document of an Austrian guest', () => {
    expect(isGuestComplete('at', austrian)).toBe(true);
  });

  it('needs the travel document’s type, number, issue date and authority of a foreign guest', () => {
    expect(missingRegistrationFields('at', german)).toEqual([
      'documentType',
      'documentNumber',
      'documentIssueDate',
      'documentIssuingAuthority',
    ]);
    expect(isGuestComplete('at', { ...german, ...foreignDocument })).toBe(true);
  });
});

describe('guest completeness in Germany (Meldeschein, BMG §30)', () => {
  it('needs no travel document of a German guest', () => {
    expect(isGuestComplete('de', { ...german, gender: 'unspecified' })).toBe(true);
  });

  it('needs the document type and number of a foreign guest, not its issue date', () => {
    expect(missingRegistrationFields('de', austrian)).toEqual(['documentType', 'documentNumber']);
    expect(isGuestComplete('de', { ...austrian, documentType: 'passport', documentNumber: 'P1234567' })).toBe(
      true,
    );
  });
});

describe('registration form', () => {
  it('is the Gästeblatt in Austria, the Meldeschein in Germany only with a foreign guest', () => {
    expect(registrationFormKind('at', ['at'])).toBe('gaesteblatt');
    expect(registrationFormKind('de', ['de', 'de'])).toBe('registration');
    expect(registrationFormKind('de', ['de', 'at'])).toBe('meldeschein');
    expect(registrationFormKind('de', ['de', null])).toBe('meldeschein');
    expect(registrationFormKind('ch', ['at'])).toBe('registration');
  });
});

describe('link window across the change to winter time (2026-10-25, Europe/Vienna)', () => {
  const property = { checkInTime: '15:00', checkOutTime: '11:00', timeZone: 'Europe/Vienna' };
  const stay = { checkIn: '2026-10-24', checkOut: '2026-10-26' };

  it('opens check-in at 15:00 summer time and expires at 11:00 winter time', () => {
    const window = portalWindow(stay, property);
    expect(window.checkInOpensAt.toISOString()).toBe('2026-10-24T13:00:00.000Z');
    expect(window.expiresAt.toISOString()).toBe('2026-10-26T10:00:00.000Z');
  });

  it('is open until the expiry instant and expired from it on', () => {
    const { expiresAt } = portalWindow(stay, property);
    const link = { expiresAt, revokedAt: null };
    expect(portalLinkState(link, new Date('2026-10-26T09:59:59.999Z'))).toBe('open');
    // 10:30 local on the check-out day would still be open an hour earlier in summer time.
    expect(portalLinkState(link, new Date('2026-10-26T09:30:00Z'))).toBe('open');
    expect(portalLinkState(link, new Date('2026-10-26T10:00:00Z'))).toBe('expired');
  });

  it('counts the link revoked from its revocation on, whatever the expiry', () => {
    const { expiresAt } = portalWindow(stay, property);
    const link = { expiresAt, revokedAt: new Date('2026-10-25T08:00:00Z') };
    expect(portalLinkState(link, new Date('2026-10-25T07:59:59Z'))).toBe('open');
    expect(portalLinkState(link, new Date('2026-10-25T08:00:00Z'))).toBe('revoked');
    expect(portalLinkState(link, new Date('2026-10-27T00:00:00Z'))).toBe('revoked');
  });

  it('keeps a stay within one zone offset at the property’s wall-clock times in New York', () => {
    const window = portalWindow(
      { checkIn: '2026-10-31', checkOut: '2026-11-02' },
      { ...property, timeZone: 'America/New_York' },
    );
    expect(window.checkInOpensAt.toISOString()).toBe('2026-10-31T19:00:00.000Z');
    expect(window.expiresAt.toISOString()).toBe('2026-11-02T16:00:00.000Z');
  });
});
