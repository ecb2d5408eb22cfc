import { describe, expect, it } from 'vitest';
import { containsPattern } from './text-search.ts';

describe('containsPattern', () => {
  it('wraps the text in wildcards', () => {
    expect(containsPattern('Huber')).toBe('%Huber%');
  });

  it('escapes the wildcards and the escape character of the text itself', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('c:\\temp')).toBe('%c:\\\\temp%');
  });
});
