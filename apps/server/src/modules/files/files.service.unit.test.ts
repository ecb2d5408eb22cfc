import { describe, expect, it } from 'vitest';
import { isAcceptedImageSize, sanitizeFileName } from './files.service.ts';

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

  it('drops trailing dots and names Windows reserves', () => {
    expect(sanitizeFileName('scan.png. ')).toBe('scan.png');
    expect(sanitizeFileName('CON.pdf')).toBe('file');
  });

  it('falls back to "file" when nothing is left', () => {
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('dir/')).toBe('file');
    expect(sanitizeFileName('???')).toBe('file');
  });
});

describe('isAcceptedImageSize', () => {
  it('takes photos, scans and signatures', () => {
    for (const [width, height] of [
      [4032, 3024],
      [3024, 4032],
      [8160, 6120],
      [600, 200],
      [1, 1],
      [10_000, 500],
    ]) {
      expect(isAcceptedImageSize({ width: width!, height: height! }), `${width} × ${height}`).toBe(true);
    }
  });

  it('refuses slivers, sides over 10,000 pixels, more than 50 megapixels and empty images', () => {
    for (const [width, height] of [
      [1, 5_000_000],
      [5_000_000, 1],
      [10_001, 1000],
      [2100, 100],
      [100, 2001],
      [9000, 6000],
      [0, 100],
      [100, 0],
    ]) {
      expect(isAcceptedImageSize({ width: width!, height: height! }), `${width} × ${height}`).toBe(false);
    }
  });
});
