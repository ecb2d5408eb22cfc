import { describe, expect, it } from 'vitest';
import { can, isRoleWithin, permissions, roles, type TArea } from './permissions.ts';

const areas = Object.keys(permissions) as TArea[];

describe('can', () => {
  it('lets the admin do everything that can be done', () => {
    for (const area of areas) {
      expect(can('admin', area, 'read'), area).toBe(true);
      if (permissions[area].write.length > 0) expect(can('admin', area, 'write'), area).toBe(true);
    }
  });

  it('keeps the team, API keys and advanced settings from the manager', () => {
    expect(can('manager', 'team', 'read')).toBe(true);
    expect(can('manager', 'team', 'write')).toBe(false);
    expect(can('manager', 'apiKeys', 'read')).toBe(false);
    expect(can('manager', 'advancedSettings', 'write')).toBe(false);
    expect(can('manager', 'settings', 'write')).toBe(true);
    expect(can('manager', 'properties', 'write')).toBe(true);
  });

  it('gives staff the front desk but not the settings', () => {
    for (const area of [
      'bookings',
      'contacts',
      'groups',
      'folios',
      'invoices',
      'roomPlan',
      'housekeeping',
    ] as const) {
      expect(can('staff', area, 'write'), area).toBe(true);
    }
    expect(can('staff', 'reports', 'read')).toBe(true);
    expect(can('staff', 'reports', 'write')).toBe(false);
    expect(can('staff', 'settings', 'read')).toBe(false);
    expect(can('staff', 'team', 'read')).toBe(false);
  });

  it('limits cleaning to housekeeping and catering to reading bookings and posting to folios', () => {
    expect(can('cleaning', 'housekeeping', 'write')).toBe(true);
    expect(can('cleaning', 'bookings', 'read')).toBe(false);
    expect(can('cleaning', 'files', 'read')).toBe(false);
    expect(can('catering', 'bookings', 'read')).toBe(true);
    expect(can('catering', 'bookings', 'write')).toBe(false);
    expect(can('catering', 'charges', 'write')).toBe(true);
    expect(can('catering', 'folios', 'write')).toBe(false);
    expect(can('catering', 'invoices', 'read')).toBe(false);
    // Catering reads bookings only as their summary: no guest details, link, security code or amounts.
    expect(can('catering', 'bookingDetails', 'read')).toBe(false);
    expect(can('staff', 'bookingDetails', 'read')).toBe(true);
  });

  it('reads by default', () => {
    expect(can('cleaning', 'properties')).toBe(true);
    expect(can('cleaning', 'team')).toBe(false);
  });

  it('never lets a role write an area it cannot read', () => {
    for (const area of areas) {
      for (const role of roles) {
        if (can(role, area, 'write')) expect(can(role, area, 'read'), `${role} ${area}`).toBe(true);
      }
    }
  });
});

describe('isRoleWithin', () => {
  it('holds every role within itself and within the admin', () => {
    for (const role of roles) {
      expect(isRoleWithin(role, role), role).toBe(true);
      expect(isRoleWithin(role, 'admin'), role).toBe(true);
    }
  });

  it('keeps a role from granting more than it has', () => {
    expect(isRoleWithin('admin', 'manager')).toBe(false);
    expect(isRoleWithin('manager', 'staff')).toBe(false);
    expect(isRoleWithin('staff', 'manager')).toBe(true);
    expect(isRoleWithin('catering', 'staff')).toBe(true);
    // Neither of cleaning and catering holds the other's rights.
    expect(isRoleWithin('cleaning', 'catering')).toBe(false);
    expect(isRoleWithin('catering', 'cleaning')).toBe(false);
  });
});
