import { describe, expect, it } from 'vitest';
import { isImpossibleDate, isoOfParts, partsOfIso } from './date-parts.ts';

describe('isoOfParts', () => {
  it('makes the ISO date of day, month and year, padded', () => {
    expect(isoOfParts({ day: '12', month: '4', year: '1985' })).toBe('1985-04-12');
    expect(isoOfParts({ day: '1', month: '12', year: '2001' })).toBe('2001-12-01');
  });

  it('reads two-digit years with the cutoff 60', () => {
    expect(isoOfParts({ day: '1', month: '1', year: '59' })).toBe('2059-01-01');
    expect(isoOfParts({ day: '1', month: '1', year: '60' })).toBe('1960-01-01');
  });

  it('gives nothing while the date is incomplete or does not exist', () => {
    expect(isoOfParts({ day: '12', month: '4', year: '198' })).toBe('');
    expect(isoOfParts({ day: '', month: '4', year: '1985' })).toBe('');
    expect(isoOfParts({ day: '30', month: '2', year: '1985' })).toBe('');
    expect(isoOfParts({ day: '29', month: '2', year: '1985' })).toBe('');
    expect(isoOfParts({ day: '29', month: '2', year: '1984' })).toBe('1984-02-29');
    expect(isoOfParts({ day: '1', month: '13', year: '1985' })).toBe('');
    expect(isoOfParts({ day: '1', month: '1', year: '1850' })).toBe('');
  });
});

describe('isImpossibleDate', () => {
  it('names a date typed in full that does not exist, never one still being typed', () => {
    expect(isImpossibleDate({ day: '31', month: '02', year: '1990' })).toBe(true);
    expect(isImpossibleDate({ day: '1', month: '13', year: '85' })).toBe(true);
    expect(isImpossibleDate({ day: '1', month: '1', year: '1850' })).toBe(true);
    expect(isImpossibleDate({ day: '28', month: '02', year: '1990' })).toBe(false);
    expect(isImpossibleDate({ day: '31', month: '02', year: '199' })).toBe(false);
    expect(isImpossibleDate({ day: '', month: '', year: '' })).toBe(false);
  });
});

describe('partsOfIso', () => {
  it('splits an ISO date and leaves anything else empty', () => {
    expect(partsOfIso('1985-04-12')).toEqual({ day: '12', month: '04', year: '1985' });
    expect(partsOfIso('')).toEqual({ day: '', month: '', year: '' });
  });
});
