import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './files.service.ts';

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
