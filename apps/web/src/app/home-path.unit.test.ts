import { describe, expect, it } from 'vitest';
import { roles } from '@pms/contract/permissions';
import { homePathFor } from './home-path.ts';

describe('homePathFor', () => {
  it('leads roles that may see bookings to the bookings list', () => {
    for (const role of ['admin', 'manager', 'staff', 'catering'] as const)
      expect(homePathFor(role)).toBe('/bookings');
  });

  it('leads the cleaning role to housekeeping', () => {
    expect(homePathFor('cleaning')).toBe('/housekeeping');
  });

  it('gives every role a start page', () => {
    for (const role of roles) expect(homePathFor(role)).toMatch(/^\//);
  });
});
