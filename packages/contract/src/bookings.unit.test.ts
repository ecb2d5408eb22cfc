import { describe, expect, it } from 'vitest';
import {
  availableBookingActions,
  bookingActionBlocker,
  isCheckInHeldByDue,
  bookingActions,
  bookingDisplayName,
  bookingEventByAction,
  bookingEventTypes,
  bookingStatuses,
  formatBookingCode,
  nextBookingStatus,
} from './bookings.ts';

describe('booking transitions', () => {
  it('follows the table for every status and action', () => {
    const table = Object.fromEntries(
      bookingStatuses.map((status) => [
        status,
        Object.fromEntries(bookingActions.map((a) => [a, nextBookingStatus(status, a)])),
      ]),
    );
    expect(table.pending).toMatchObject({
      check_in: 'checked_in',
      no_show: 'no_show',
      cancel: 'canceled',
      check_out: null,
      undo_cancel: null,
    });
    expect(table.confirmed).toMatchObject({
      check_in: 'checked_in',
      no_show: 'no_show',
      cancel: 'canceled',
      undo_check_in: null,
    });
    expect(table.checked_in).toMatchObject({
      check_out: 'checked_out',
      undo_check_in: 'confirmed',
      cancel: null,
      no_show: null,
    });
    expect(table.checked_out).toMatchObject({ undo_check_out: 'checked_in', check_in: null, cancel: null });
    expect(table.no_show).toMatchObject({ undo_no_show: 'confirmed', check_in: null });
    expect(table.canceled).toMatchObject({ undo_cancel: 'confirmed', check_in: null, cancel: null });
  });

  it('offers the actions a status allows', () => {
    expect(availableBookingActions('checked_in')).toEqual(['undo_check_in', 'check_out']);
    expect(availableBookingActions('canceled')).toEqual(['undo_cancel']);
  });
});

describe('formatBookingCode', () => {
  it('pads the five random digits and adds prefix and suffix', () => {
    expect(formatBookingCode(42)).toBe('00042');
    expect(formatBookingCode(12345, 'AH-', '/26')).toBe('AH-12345/26');
    expect(formatBookingCode(99999, 'X')).toMatch(/^X\d{5}$/);
  });
});

describe('bookingActionBlocker', () => {
  const today = '2026-11-23';
  const assigned = { roomId: '7f0c4d7e-3a51-4c39-9a43-1f7c2c5b9d10', checkIn: today };

  it('lets check-in and no-show run on the arrival day and later', () => {
    expect(bookingActionBlocker('check_in', assigned, today)).toBeNull();
    expect(bookingActionBlocker('no_show', assigned, today)).toBeNull();
    expect(bookingActionBlocker('no_show', assigned, '2026-11-24')).toBeNull();
  });

  it('refuses check-in and no-show before the arrival day', () => {
    const future = { ...assigned, checkIn: '2026-11-24' };
    expect(bookingActionBlocker('check_in', future, today)).toBe('booking/before_arrival');
    expect(bookingActionBlocker('no_show', future, today)).toBe('booking/before_arrival');
  });

  it('refuses check-in without a room first, and lets the other actions run without one', () => {
    const unassigned = { roomId: null, checkIn: '2026-11-24' };
    expect(bookingActionBlocker('check_in', unassigned, today)).toBe('booking/room_required');
    expect(bookingActionBlocker('no_show', { ...unassigned, checkIn: today }, today)).toBeNull();
    expect(bookingActionBlocker('cancel', unassigned, today)).toBeNull();
  });
});

describe('booking event types', () => {
  it('give every status action an event of its own', () => {
    const recorded = bookingActions.map((action) => bookingEventByAction[action]);
    expect(new Set(recorded).size).toBe(bookingActions.length);
    expect(bookingEventTypes).toEqual(expect.arrayContaining(recorded));
    expect(bookingEventByAction).toMatchObject({ check_in: 'checked_in', no_show: 'marked_no_show' });
  });
});

describe('bookingDisplayName', () => {
  it("is the customer's name first", () => {
    expect(bookingDisplayName({ customerName: 'Eva Kundin', guestName: 'Gerd Gast', code: 'B00042' })).toBe(
      'Eva Kundin',
    );
  });

  it("else the guest's name", () => {
    expect(bookingDisplayName({ customerName: null, guestName: 'Gerd Gast', code: 'B00042' })).toBe(
      'Gerd Gast',
    );
    expect(bookingDisplayName({ customerName: '', guestName: 'Gerd Gast', code: 'B00042' })).toBe(
      'Gerd Gast',
    );
  });

  it('else the booking code', () => {
    expect(bookingDisplayName({ customerName: undefined, guestName: undefined, code: 'B00042' })).toBe(
      'B00042',
    );
    expect(bookingDisplayName({ customerName: null, guestName: '', code: 'B00042' })).toBe('B00042');
  });
});

describe('isCheckInHeldByDue', () => {
  it('holds a check-in with money due unless the booking or its customer is a debtor', () => {
    expect(isCheckInHeldByDue({ dueAmount: 1, isDebtor: false })).toBe(true);
    expect(isCheckInHeldByDue({ dueAmount: 1, isDebtor: true })).toBe(false);
    expect(isCheckInHeldByDue({ dueAmount: 0, isDebtor: false })).toBe(false);
    expect(isCheckInHeldByDue({ dueAmount: -500, isDebtor: false })).toBe(false);
  });
});
