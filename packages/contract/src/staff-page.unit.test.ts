import { describe, expect, it } from 'vitest';
import { parsePlanViewport } from './staff-page.ts';

describe('parsePlanViewport', () => {
  it('reads the width and height the app wrote', () => {
    expect(parsePlanViewport('1180x640')).toEqual({ width: 1180, height: 640 });
    expect(parsePlanViewport('10000x10000')).toEqual({ width: 10_000, height: 10_000 });
  });

  it('ignores what no screen could be, and what is not a size', () => {
    for (const value of [
      undefined,
      '',
      '1180',
      'x640',
      '1180x',
      '-5x640',
      '1180x640x2',
      '99999x640',
      '5x640',
      '1180 x 640',
      '1e3x640',
    ])
      expect(parsePlanViewport(value), String(value)).toBeNull();
  });
});
