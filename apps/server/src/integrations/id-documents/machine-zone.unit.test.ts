import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDigit, readMachineZone, zoneDate } from './machine-zone.ts';

const today = new Date('2026-11-24T10:00:00Z');
const td3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const td1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];
const germanId = [
  'IDD<<T220001293<<<<<<<<<<<<<<<',
  '6408125<3108011D<<<<<<<<<<<<<2',
  'MUSTERMANN<<ERIKA<<<<<<<<<<<<<',
];
const austrianPassport = [
  'P<AUTHUBER<<JOHANNA<<<<<<<<<<<<<<<<<<<<<<<<<',
  'P123456789AUT9001011F3012316<<<<<<<<<<<<<<00',
];

describe('checkDigit', () => {
  it('weighs digits, letters and fillers by 7, 3, 1 (ICAO 9303 part 3)', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('D23145890')).toBe('7');
    expect(checkDigit('<<<<<<<<<')).toBe('0');
  });
});

describe('readMachineZone', () => {
  it('reads the ICAO TD3 passport specimen', () => {
    const analysis = readMachineZone(td3.join('\n'), today);
    expect(analysis).toEqual({
      type: 'passport',
      format: 'td3',
      documentNumber: 'L898902C3',
      firstName: 'ANNA',
      middleName: 'MARIA',
      lastName: 'ERIKSSON',
      dateOfBirth: '1974-08-12',
      dateOfIssue: null,
      expirationDate: '2012-04-15',
      address: null,
      city: null,
      postalCode: null,
      state: null,
      // Utopia is no ISO country.
      nationality: null,
      sex: 'female',
      issuingCountry: null,
      checks: { documentNumber: true, dateOfBirth: true, expirationDate: true, composite: true },
      isValid: true,
    });
  });

  it('reads the ICAO TD1 card specimen and a German identity card (code D)', () => {
    expect(readMachineZone(td1.join('\n'), today)).toMatchObject({
      type: 'id_card',
      format: 'td1',
      documentNumber: 'D23145890',
      firstName: 'ANNA',
      lastName: 'ERIKSSON',
      isValid: true,
    });
    expect(readMachineZone(germanId.join('\n'), today)).toMatchObject({
      type: 'id_card',
      documentNumber: 'T22000129',
      firstName: 'ERIKA',
      middleName: null,
      lastName: 'MUSTERMANN',
      dateOfBirth: '1964-08-12',
      expirationDate: '2031-08-01',
      nationality: 'de',
      issuingCountry: 'de',
      sex: 'unspecified',
      isValid: true,
    });
  });

  it('maps alpha-3 countries to the lower-case alpha-2 codes of the contract', () => {
    expect(readMachineZone(austrianPassport.join('\n'), today)).toMatchObject({
      nationality: 'at',
      issuingCountry: 'at',
      dateOfBirth: '1990-01-01',
      expirationDate: '2030-12-31',
      isValid: true,
    });
  });

  it('finds the zone among other OCR lines, with spaces, stray characters and missing fillers', () => {
    const text = [
      'PASSPORT UTOPIA',
      'SPECIMEN',
      `I ${td3[0]!.slice(0, 40)}`,
      td3[1]!.replace('<<<<<', '<<< <<'),
      '',
    ];
    expect(readMachineZone(text.join('\n'), today)).toMatchObject({
      documentNumber: 'L898902C3',
      isValid: true,
    });
  });

  it('corrects letters read in numeric positions (dates, check digits)', () => {
    const misread = [td3[0]!, 'L898902C36UTO74O8I22F12O4159ZE184226B<<<<<1O'];
    expect(readMachineZone(misread.join('\n'), today)).toMatchObject({
      dateOfBirth: '1974-08-12',
      expirationDate: '2012-04-15',
      isValid: true,
    });
  });

  it('reads O, I, Z, S, B in the document number as 0, 1, 2, 5, 8 until its check digit passes', () => {
    // 'D23145890' read as 'D2314S89O': two confusions, one spelling passes both check digits.
    const misread = [td1[0]!.replace('D23145890', 'D2314S89O'), td1[1]!, td1[2]!];
    expect(readMachineZone(misread.join('\n'), today)).toMatchObject({
      documentNumber: 'D23145890',
      checks: { documentNumber: true, composite: true },
    });
  });

  it('never reports a corrupted document number as valid', () => {
    // A wrong digit: swapping digits for look-alike letters could make it pass (LB989O3C3 does); that is
    // never tried.
    const corrupted = [td3[0]!, td3[1]!.replace('L898902C3', 'L898903C3')];
    const analysis = readMachineZone(corrupted.join('\n'), today);
    expect(analysis).toMatchObject({
      documentNumber: 'L898903C3',
      checks: { documentNumber: false, composite: false },
      isValid: false,
    });
    // Names carry no check digit: they come as read.
    expect(analysis).toMatchObject({ firstName: 'ANNA', lastName: 'ERIKSSON' });
  });

  it('never checks a number whose wrong digit fails its check digit, wherever OCR put it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 9 }), (position, digit) => {
        const read = 'L898902C3'.slice(0, position) + String(digit) + 'L898902C3'.slice(position + 1);
        const analysis = readMachineZone([td3[0]!, td3[1]!.replace('L898902C3', read)].join('\n'), today);
        expect(analysis?.documentNumber).toBe(read);
        expect(analysis?.checks.documentNumber).toBe(checkDigit(read) === '6');
      }),
    );
  });

  it('finds nothing in text without a zone', () => {
    expect(readMachineZone('WELCOME TO THE ALPINE LODGE\nBREAKFAST 7 TO 10', today)).toBeNull();
    expect(readMachineZone('', today)).toBeNull();
  });
});

describe('zoneDate', () => {
  it('puts birth dates in the past and expiry dates within 20 years ahead', () => {
    expect(zoneDate('260101', today, 'past')).toBe('2026-01-01');
    expect(zoneDate('271231', today, 'past')).toBe('1927-12-31');
    expect(zoneDate('460101', today, 'future')).toBe('2046-01-01');
    expect(zoneDate('470101', today, 'future')).toBe('1947-01-01');
    expect(zoneDate('990231', today, 'past')).toBeNull();
    expect(zoneDate('9902', today, 'past')).toBeNull();
  });
});
