import { describe, expect, it } from 'vitest';
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

  it('answers null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
