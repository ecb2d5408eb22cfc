import { describe, expect, it } from 'vitest';
import { create } from 'content-disposition';
import { fileNameFromDisposition } from './content-disposition.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name the server sends beside the ASCII one', () => {
    const header = `attachment; filename="Rechnung_M_ller.pdf"; filename*=UTF-8''Rechnung%20M%C3%BCller.pdf`;
    expect(fileNameFromDisposition(header)).toBe('Rechnung Müller.pdf');
  });

  it('reads a quoted or bare plain filename', () => {
    expect(fileNameFromDisposition('inline; filename="logo.png"')).toBe('logo.png');
    expect(fileNameFromDisposition('attachment; filename=export.csv')).toBe('export.csv');
  });

  it('falls back to the plain name when the extended one is malformed', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('a.pdf');
  });

  it('reads back the names the server writes', () => {
    for (const name of ['Zimmer 12.png', 'Gästeblatt Müller.pdf', 'Rechnung € 2026.pdf', 'a"b.pdf']) {
      expect(fileNameFromDisposition(create(name, { type: 'inline' }))).toBe(name);
    }
  });

  it('answers null without a name or for a header it cannot read', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename')).toBeNull();
  });
});
