import { describe, expect, it } from 'vitest';
import { fillPlaceholders, findPlaceholders, mailPlaceholders, unknownPlaceholders } from './mail.ts';

describe('findPlaceholders', () => {
  it('names each placeholder once, in order', () => {
    expect(findPlaceholders('{guestName}, {link} {guestName}')).toEqual(['guestName', 'link']);
  });

  it('ignores braces that hold no name', () => {
    expect(findPlaceholders('{} { link } {1x} {{')).toEqual([]);
    expect(findPlaceholders('{{link}}')).toEqual(['link']);
  });
});

describe('unknownPlaceholders', () => {
  it('accepts what the kind fills in and refuses the rest', () => {
    expect(unknownPlaceholders('link', 'Hallo {guestName}: {link} ({checkIn}–{checkOut})')).toEqual([]);
    expect(unknownPlaceholders('confirmation', '{bookingCode} {propertyName}')).toEqual([]);
    expect(unknownPlaceholders('invoice', '{invoiceNumber} {invoiceAmount}')).toEqual([]);
    expect(unknownPlaceholders('confirmation', '{invoiceNumber} {name} {guestName}')).toEqual([
      'invoiceNumber',
      'name',
    ]);
    expect(unknownPlaceholders('invoice', '{link}')).toEqual(['link']);
  });

  it('is case-sensitive', () => {
    expect(unknownPlaceholders('link', '{GuestName}')).toEqual(['GuestName']);
  });

  it('lists the same names for the link and the confirmation', () => {
    expect(mailPlaceholders.link).toEqual(mailPlaceholders.confirmation);
  });
});

describe('fillPlaceholders', () => {
  it('replaces every occurrence', () => {
    expect(fillPlaceholders('{a} and {a}, {b}', { a: 'x', b: 'y' })).toBe('x and x, y');
  });

  it('leaves a placeholder without value as written', () => {
    expect(fillPlaceholders('Hi {guestName} {other}', { guestName: 'Eva' })).toBe('Hi Eva {other}');
  });

  it('fills in an empty value', () => {
    expect(fillPlaceholders('Link: {link}.', { link: '' })).toBe('Link: .');
  });

  it('does not fill in placeholders that a value brings along', () => {
    expect(fillPlaceholders('{guestName} {link}', { guestName: '{link}', link: 'https://x' })).toBe(
      '{link} https://x',
    );
  });

  it('keeps dollar signs and other replacement patterns of values literally', () => {
    expect(fillPlaceholders('{guestName}', { guestName: "$& $1 $' O'Brien" })).toBe("$& $1 $' O'Brien");
  });

  it('does not read names off the prototype', () => {
    expect(fillPlaceholders('{toString} {constructor}', {})).toBe('{toString} {constructor}');
  });
});
