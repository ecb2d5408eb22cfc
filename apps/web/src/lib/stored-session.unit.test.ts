import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSizes } from '@pms/contract/page-sizes';
import {
  ZPropertyMembership,
  ZSession,
  type TPropertyMembership,
  type TSession,
} from '@pms/contract/session';
import { isPageSize, isPropertyMembership, isPropertyMemberships, isSession } from './stored-session.ts';

const session: TSession = {
  isApiKey: false,
  subjectId: '0b6a1c1e-5f3d-4c2a-9e8b-1d2c3b4a5f60',
  propertyId: '018f2b7c-3d4e-7a1b-8c2d-3e4f5a6b7c8d',
  email: 'staff@example.com',
  name: 'Sabine Rezeption',
  avatarUrl: null,
  language: 'de',
  role: 'staff',
  mustChangePassword: false,
};

const membership: TPropertyMembership = {
  id: '018f2b7c-3d4e-7a1b-8c2d-3e4f5a6b7c8d',
  name: 'Alpenhof Salzburg',
  slug: 'alpenhof',
  timeZone: 'Europe/Vienna',
  currency: 'EUR',
  country: 'at',
  roleId: 'staff',
  branding: { logoId: null, logo: null, primaryColor: null },
};

// Values of every kind the fields take or must refuse: wrong types, ids in and out of the uuid
// format, and members and strangers of the contract's lists.
const candidates: unknown[] = [
  undefined,
  null,
  '',
  'text',
  0,
  15,
  true,
  [],
  {},
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0b6a1c1e-5f3d-4c2a-9e8b-1d2c3b4a5f60',
  '0b6a1c1e-5f3d-9c2a-9e8b-1d2c3b4a5f60',
  '0b6a1c1e-5f3d-4c2a-7e8b-1d2c3b4a5f60',
  '0b6a1c1e5f3d4c2a9e8b1d2c3b4a5f60',
  'de',
  'en',
  'fr',
  'admin',
  'catering',
  'owner',
  'at',
  'ch',
  'us',
  { logoId: null, logo: 'https://example.com/logo.png', primaryColor: '{}' },
  { logoId: 'not-an-id', logo: null, primaryColor: null },
  { logo: null, primaryColor: null },
];

/** The valid value with one field (nested ones too) set to each candidate, or left out. */
function variants(valid: Record<string, unknown>): unknown[] {
  return Object.entries(valid).flatMap(([key, value]) => [
    ...candidates.map((candidate) => ({ ...valid, [key]: candidate })),
    Object.fromEntries(Object.entries(valid).filter(([other]) => other !== key)),
    ...(typeof value === 'object' && value !== null && !Array.isArray(value)
      ? variants(value as Record<string, unknown>).map((inner) => ({ ...valid, [key]: inner }))
      : []),
  ]);
}

function expectAgreement(check: (value: unknown) => boolean, schema: z.ZodType, values: unknown[]) {
  const disagreements = values.filter((value) => check(value) !== schema.safeParse(value).success);
  expect(disagreements).toEqual([]);
}

describe('stored session checks', () => {
  it('accept a session and a property entry as the API sends them', () => {
    expect(isSession(session)).toBe(true);
    expect(isPropertyMembership(membership)).toBe(true);
    expect(isPropertyMembership({ ...membership, country: null })).toBe(true);
    expect(isPropertyMemberships([membership, { ...membership, roleId: 'admin' }])).toBe(true);
    expect(isPropertyMemberships([])).toBe(true);
  });

  it('refuse what is not an object of the shape', () => {
    for (const value of [null, undefined, 'session', 42, true, [], [session]]) {
      expect(isSession(value)).toBe(false);
      expect(isPropertyMembership(value)).toBe(false);
    }
    expect(isPropertyMemberships(membership)).toBe(false);
    expect(isPropertyMemberships([membership, { ...membership, roleId: 'owner' }])).toBe(false);
  });

  it('accept and refuse exactly what the contract schemas do', () => {
    expectAgreement(isSession, ZSession, [session, ...variants(session), ...candidates]);
    expectAgreement(isPropertyMembership, ZPropertyMembership, [
      membership,
      ...variants(membership),
      ...candidates,
    ]);
    expectAgreement(isPropertyMemberships, z.array(ZPropertyMembership), [
      [membership],
      ...variants(membership).map((variant) => [membership, variant]),
    ]);
  });

  it('take the page sizes a list offers and nothing else', () => {
    for (const size of pageSizes) expect(isPageSize(size)).toBe(true);
    for (const value of [0, 10, 101, '15', null, undefined]) expect(isPageSize(value)).toBe(false);
  });
});
