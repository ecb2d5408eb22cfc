import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from './files.service.ts';

describe('sanitizeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitizeFileName('Rechnung 2024-001.pdf')).toBe('Rechnung 2024-001.pdf');
    expect(sanitizeFileName('Gästeblatt Müller.pdf')).toBe('Gästeblatt Müller.pdf');
  });

  it('keeps only the last part of a path, with either slash', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\anna\\scan.png')).toBe('scan.png');
  });

  it('drops control characters and characters that break headers or paths', () => {
    expect(sanitizeFileName('a\u0000b\nc\u001f.png')).toBe('abc.png');
    expect(sanitizeFileName('"quoted"<name>|x:y*?.pdf')).toBe('quotednamexy.pdf');
  });

  it('trims and shortens to 200 characters', () => {
    expect(sanitizeFileName('   scan.png  ')).toBe('scan.png');
    expect(sanitizeFileName(`${'x'.repeat(300)}.png`)).toHaveLength(200);
  });

  it('falls back to "file" when nothing is left', () => {
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('dir/')).toBe('file');
    expect(sanitizeFileName('???')).toBe('file');
  });
});

describe('contentDisposition', () => {
  it('names an ASCII file plainly and in UTF-8', () => {
    expect(contentDisposition('attachment', 'invoice 1001.pdf')).toBe(
      `attachment; filename="invoice 1001.pdf"; filename*=UTF-8''invoice%201001.pdf`,
    );
  });

  it('replaces non-ASCII characters in the plain name and encodes them in filename*', () => {
    expect(contentDisposition('inline', 'Gästeblatt.pdf')).toBe(
      `inline; filename="G_steblatt.pdf"; filename*=UTF-8''G%C3%A4steblatt.pdf`,
    );
  });

  it('cannot be broken out of by quotes or backslashes', () => {
    const header = contentDisposition('inline', 'a"b\\c.png');
    expect(header).toBe(`inline; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`);
  });
});
