import { describe, expect, it } from 'vitest';
import { parseExpand } from './common.ts';

describe('parseExpand', () => {
  it('reads comma-separated relation names', () => {
    expect(parseExpand('room,guests,link')).toEqual(new Set(['room', 'guests', 'link']));
  });

  it('ignores blanks, spaces and repeats', () => {
    expect(parseExpand(' room , ,guests,room,')).toEqual(new Set(['room', 'guests']));
  });

  it('is empty without a value', () => {
    expect(parseExpand(undefined).size).toBe(0);
    expect(parseExpand('').size).toBe(0);
  });
});
