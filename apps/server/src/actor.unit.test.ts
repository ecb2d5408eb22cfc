import { describe, expect, it } from 'vitest';
import { permissions, roles, type TArea } from '@pms/contract';
import {
  requireAccess,
  requireBookingAccess,
  requireGuest,
  requireStaff,
  requireUser,
  systemActor,
  type TActor,
  type TApiKeyActor,
  type TGuestActor,
  type TUserActor,
} from './actor.ts';

const propertyId = '00000000-0000-4000-8000-000000000001';
const user = (role: TUserActor['role']): TUserActor => ({
  kind: 'user',
  id: 'user',
  propertyId,
  role,
  name: 'Ute',
  email: 'ute@example.com',
  language: null,
  sessionId: 'session',
});
const apiKey: TApiKeyActor = { kind: 'api_key', id: 'key', propertyId, role: 'staff', name: 'Channel' };
const guest: TGuestActor = { kind: 'guest', id: 'link', propertyId, bookingId: 'booking', name: 'Guest' };
const areas = Object.keys(permissions) as TArea[];

const refusal = (check: () => void) => {
  try {
    check();
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('requireAccess', () => {
  it('lets a staff user do what the role matrix gives their role, and nothing else', () => {
    // One case per role and area written out: staff write bookings, cleaning read no bookings.
    expect(refusal(() => requireAccess(user('staff'), 'bookings', 'write'))).toBeNull();
    expect(refusal(() => requireAccess(user('cleaning'), 'bookings', 'read'))).toBe('auth/forbidden');
    expect(refusal(() => requireAccess(user('catering'), 'bookings', 'read'))).toBeNull();
    expect(refusal(() => requireAccess(user('catering'), 'bookings', 'write'))).toBe('auth/forbidden');
    expect(refusal(() => requireAccess(user('manager'), 'apiKeys', 'read'))).toBe('auth/forbidden');
    expect(refusal(() => requireAccess(user('admin'), 'apiKeys', 'write'))).toBeNull();
  });

  it('judges an API key by its role like a user', () => {
    expect(refusal(() => requireAccess(apiKey, 'contacts', 'write'))).toBeNull();
    expect(refusal(() => requireAccess(apiKey, 'team', 'read'))).toBe('auth/forbidden');
  });

  it('gives a guest no staff area at all', () => {
    for (const area of areas) {
      for (const access of ['read', 'write'] as const) {
        expect(refusal(() => requireAccess(guest, area, access))).toBe('auth/forbidden');
      }
    }
  });

  it('lets the system act as an administrator of its property', () => {
    const system = systemActor(propertyId, 'room_locks.apply');
    expect(system).toMatchObject({ kind: 'system', propertyId, id: null, name: 'System' });
    for (const area of areas)
      expect(
        refusal(() => requireAccess(system, area, 'read')),
        area,
      ).toBeNull();
    expect(refusal(() => requireAccess(system, 'roomLocks', 'write'))).toBeNull();
    expect(refusal(() => requireAccess(system, 'invoices', 'write'))).toBeNull();
  });

  it('keeps the own-account calls to users, and the staff calls to users and keys', () => {
    const actors: TActor[] = [...roles.map(user), apiKey, guest, systemActor(propertyId, 'job')];
    expect(actors.map((actor) => refusal(() => requireUser(actor)) ?? 'ok')).toEqual([
      ...roles.map(() => 'ok'),
      'auth/forbidden',
      'auth/forbidden',
      'auth/forbidden',
    ]);
    expect(actors.map((actor) => refusal(() => requireStaff(actor)) ?? 'ok')).toEqual([
      ...roles.map(() => 'ok'),
      'ok',
      'auth/forbidden',
      'auth/forbidden',
    ]);
  });
});

describe('requireBookingAccess', () => {
  it('admits the guest of that very booking, whatever the area, and no other booking', () => {
    expect(refusal(() => requireBookingAccess(guest, 'invoices', 'write', 'booking'))).toBeNull();
    expect(refusal(() => requireBookingAccess(guest, 'team', 'write', 'booking'))).toBeNull();
    expect(refusal(() => requireBookingAccess(guest, 'invoices', 'read', 'other'))).toBe('not_found');
  });

  it('judges staff by the role matrix, for any booking', () => {
    expect(refusal(() => requireBookingAccess(user('staff'), 'invoices', 'write', 'other'))).toBeNull();
    expect(refusal(() => requireBookingAccess(user('cleaning'), 'invoices', 'read', 'booking'))).toBe(
      'auth/forbidden',
    );
    expect(refusal(() => requireBookingAccess(apiKey, 'folios', 'read', 'booking'))).toBeNull();
  });

  it('keeps the portal calls to guests', () => {
    expect(refusal(() => requireGuest(guest))).toBeNull();
    expect(refusal(() => requireGuest(user('admin')))).toBe('auth/forbidden');
    expect(refusal(() => requireGuest(systemActor(propertyId, 'job')))).toBe('auth/forbidden');
  });
});
