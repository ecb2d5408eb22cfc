import { z } from 'zod';
import { ZAddress } from './addresses.ts';
import { ZExpandQuery, ZId, ZInteger, ZIsoDate, ZRecord, ZText, ZTimestamp } from './common.ts';
import type { TErrorCode } from './errors.ts';
import { ZGuestLevy } from './local-tax.ts';
import { ZPageQuery } from './paging.ts';

export const bookingStatuses = [
  'pending',
  'confirmed',
  'no_show',
  'checked_in',
  'checked_out',
  'canceled',
] as const;
export const ZBookingStatus = z.enum(bookingStatuses);
export type TBookingStatus = z.infer<typeof ZBookingStatus>;

export const bookingActions = [
  'check_in',
  'undo_check_in',
  'check_out',
  'undo_check_out',
  'no_show',
  'undo_no_show',
  'cancel',
  'undo_cancel',
] as const;
export const ZBookingAction = z.enum(bookingActions);
export type TBookingAction = z.infer<typeof ZBookingAction>;

/**
 * The booking status machine: for each action, the statuses it may start from and the status it
 * leads to. Confirming a pending booking is its own call (several at once), not an action here.
 */
export const bookingTransitions: Record<
  TBookingAction,
  { from: readonly TBookingStatus[]; to: TBookingStatus }
> = {
  check_in: { from: ['pending', 'confirmed'], to: 'checked_in' },
  undo_check_in: { from: ['checked_in'], to: 'confirmed' },
  check_out: { from: ['checked_in'], to: 'checked_out' },
  undo_check_out: { from: ['checked_out'], to: 'checked_in' },
  no_show: { from: ['pending', 'confirmed'], to: 'no_show' },
  undo_no_show: { from: ['no_show'], to: 'confirmed' },
  cancel: { from: ['pending', 'confirmed'], to: 'canceled' },
  undo_cancel: { from: ['canceled'], to: 'confirmed' },
};

/** The status an action leads to, or null when the action is not allowed from this status. */
export function nextBookingStatus(status: TBookingStatus, action: TBookingAction): TBookingStatus | null {
  const transition = bookingTransitions[action];
  return transition.from.includes(status) ? transition.to : null;
}

/** The actions a booking in this status offers. */
export function availableBookingActions(status: TBookingStatus): TBookingAction[] {
  return bookingActions.filter((action) => nextBookingStatus(status, action) !== null);
}

/** Actions that need a room assigned to the booking. */
const roomRequiredActions: ReadonlySet<TBookingAction> = new Set(['check_in']);

/** Actions possible only from the arrival day on: nobody checks in, or fails to arrive, earlier. */
const arrivalDayActions: ReadonlySet<TBookingAction> = new Set(['check_in', 'no_show']);

export type TBookingActionBlocker = Extract<TErrorCode, 'booking/room_required' | 'booking/before_arrival'>;

/**
 * What keeps an action the status allows from running now: no room assigned, or the arrival day
 * (in the property's time zone) not reached yet. Null when nothing does.
 */
export function bookingActionBlocker(
  action: TBookingAction,
  booking: { roomId: string | null; checkIn: string },
  today: string,
): TBookingActionBlocker | null {
  if (roomRequiredActions.has(action) && !booking.roomId) return 'booking/room_required';
  if (arrivalDayActions.has(action) && today < booking.checkIn) return 'booking/before_arrival';
  return null;
}

/**
 * Whether money due keeps a booking from checking in: it does unless the booking or its customer is a
 * debtor (spec section 5). The desk asks before its confirm dialog; the server refuses with
 * `booking/payment_due`.
 */
export function isCheckInHeldByDue(booking: { dueAmount: number; isDebtor: boolean }): boolean {
  return booking.dueAmount > 0 && !booking.isDebtor;
}

/**
 * Statuses whose booking holds its room; a pending booking is an unconfirmed request. The database
 * trigger `sync_booking_occupancy` names the same list (a test compares them).
 */
export const roomHoldingStatuses: readonly TBookingStatus[] = ['confirmed', 'checked_in', 'checked_out'];

/** Statuses of a booking that does not take place: it has no charges and shows on no plan or day list. */
export const droppedBookingStatuses: readonly TBookingStatus[] = ['canceled', 'no_show'];

export const bookingSources = ['internal', 'walk_in'] as const;

export const bookingFilters = [
  'check_in_today',
  'check_in_tomorrow',
  'check_in_yesterday',
  'check_out_today',
  'check_out_tomorrow',
  'check_out_yesterday',
  'in_house',
] as const;
export const ZBookingFilter = z.enum(bookingFilters);
export type TBookingFilter = z.infer<typeof ZBookingFilter>;

export const bookingCodeDigits = 5;

/** A booking code: five random digits between the property's prefix and suffix. */
export function formatBookingCode(digits: number, prefix = '', suffix = ''): string {
  return `${prefix}${String(digits).padStart(bookingCodeDigits, '0')}${suffix}`;
}

/**
 * The name a booking is shown by (lists, room plan, dashboard, housekeeping, search): its
 * customer's, else its primary guest's (else the first guest's), else its code. An empty name counts
 * as none. The server's `bookingDisplayNameSql` is the same rule for answers the database writes.
 */
export function bookingDisplayName(names: {
  customerName: string | null | undefined;
  guestName: string | null | undefined;
  code: string;
}): string {
  return names.customerName || names.guestName || names.code;
}

export const ZBookingLink = z.object({ id: z.string(), url: z.string(), expiresAt: ZTimestamp });
export type TBookingLink = z.infer<typeof ZBookingLink>;

export const ZBookingGuest = z.object({
  id: ZId,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  address: ZAddress,
  isPrimary: z.boolean(),
  /** A family member travelling with the primary guest: registered with name and date of birth alone. */
  isFamilyMember: z.boolean(),
  /** The local tax exemption reason staff picked for the guest (one a levy accepts), with a note. */
  localTaxExemptionReason: z.string().nullable(),
  localTaxExemptionNote: z.string().nullable(),
  /** What each levy charged the guest over the stay, or why not (as posted on the folio). */
  localTax: z.array(ZGuestLevy),
});
export type TBookingGuest = z.infer<typeof ZBookingGuest>;

/** What staff change of a booking's guest (the guest's own details are the contact's). */
export const ZUpdateBookingGuestRequest = z.strictObject({
  isFamilyMember: z.boolean().optional(),
  /** A local tax exemption reason with a note, or null to clear it; the stay's local tax is posted anew. */
  localTaxExemption: z
    .object({ reason: ZText.trim().min(1).max(100), note: ZText.trim().max(500).nullable().default(null) })
    .nullable()
    .optional(),
});
export type TUpdateBookingGuestRequest = z.infer<typeof ZUpdateBookingGuestRequest>;

const ZRef = z.object({ id: ZId, name: z.string() });

export const ZBooking = ZRecord.extend({
  externalId: z.string().nullable(),
  code: z.string(),
  status: ZBookingStatus,
  occupancy: z.number().int(),
  source: z.string(),
  securityCode: z.string(),
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  numberOfNights: z.number().int(),
  roomId: ZId.nullable(),
  room: z
    .object({ id: ZId, number: z.string(), roomTypeId: ZId, maxOccupancy: z.number().int() })
    .nullable()
    .optional(),
  roomTypeId: ZId,
  roomType: z.object({ id: ZId, name: z.string(), code: z.string() }).optional(),
  rateId: ZId.nullable(),
  rate: z.object({ id: ZId, name: z.string(), code: z.string() }).nullable().optional(),
  customerId: ZId.nullable(),
  customer: ZRef.extend({ email: z.string().nullable() }).nullable().optional(),
  groupId: ZId.nullable(),
  group: ZRef.nullable().optional(),
  guests: z.array(ZBookingGuest).optional(),
  link: ZBookingLink.nullable().optional(),
  /** The name shown on the room plan and lists: see bookingDisplayName. */
  displayName: z.string(),
  grossAmount: z.number().int(),
  paidAmount: z.number().int(),
  dueAmount: z.number().int(),
  externalCode: z.string().nullable(),
  comment: z.string().nullable(),
  color: z.string().nullable(),
  isDebtor: z.boolean(),
  isRoomFixed: z.boolean(),
  /** A work or business stay: the levies' work-stay rules apply. */
  isWorkStay: z.boolean(),
  /** The booking platform it was imported from (channel sync), else null. */
  channelId: ZId.nullable(),
  /** Imported over a stay already in its room: held without a room until staff resolve it. */
  isChannelConflict: z.boolean(),
  isReadOnly: z.boolean(),
  foodAndBeveragePerDay: z.number().int().nullable(),
  signatureFileId: ZId.nullable(),
  checkedInAt: ZTimestamp.nullable(),
  checkedOutAt: ZTimestamp.nullable(),
});
export type TBooking = z.infer<typeof ZBooking>;

/**
 * A booking as a role without `bookingDetails` (catering) sees it: what posting food and drinks
 * needs (code, stay, room, guest names, the food and beverage allowance), without the portal link,
 * security code, guests' contact details, customer, comment or amounts.
 */
export const ZBookingSummary = ZBooking.pick({
  id: true,
  createdAt: true,
  updatedAt: true,
  deletedAt: true,
  code: true,
  status: true,
  occupancy: true,
  checkIn: true,
  checkOut: true,
  numberOfNights: true,
  roomId: true,
  room: true,
  roomTypeId: true,
  roomType: true,
  displayName: true,
  isReadOnly: true,
  foodAndBeveragePerDay: true,
  checkedInAt: true,
  checkedOutAt: true,
}).extend({
  guests: z.array(ZBookingGuest.pick({ id: true, name: true, isPrimary: true })).optional(),
});
export type TBookingSummary = z.infer<typeof ZBookingSummary>;

/** What the booking reads answer: the whole booking, or the summary for roles without its details. */
export const ZBookingView = z.union([ZBooking, ZBookingSummary]);
export type TBookingView = z.infer<typeof ZBookingView>;

/** Whether a booking read carries the booking's details (the caller's role may see them). */
export function hasBookingDetails(booking: TBookingView): booking is TBooking {
  return 'securityCode' in booking;
}

const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const ZNewCustomer = z.object({
  name: ZText.trim().min(1).max(200),
  email: z.email().max(254).optional(),
  phone: ZText.max(50).optional(),
});

const editableBookingFields = {
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  occupancy: z.number().int().min(1).max(20),
  roomId: ZId.nullable(),
  roomTypeId: ZId,
  rateId: ZId.nullable(),
  customerId: ZId.nullable(),
  groupId: ZId.nullable(),
  externalId: ZText.max(100).nullable(),
  externalCode: ZText.max(100).nullable(),
  comment: ZText.max(5000).nullable(),
  color: ZColor.nullable(),
  isDebtor: z.boolean(),
  isRoomFixed: z.boolean(),
  /** A work or business stay: the levies' work-stay rules apply. */
  isWorkStay: z.boolean(),
  foodAndBeveragePerDay: ZInteger.min(0).nullable(),
};

export const ZCreateBookingRequest = z.object({
  ...editableBookingFields,
  roomId: ZId.nullable().optional(),
  roomTypeId: ZId.optional(),
  rateId: ZId.nullable().optional(),
  customerId: ZId.nullable().optional(),
  /** A new customer contact created with the booking, instead of customerId. */
  customer: ZNewCustomer.optional(),
  groupId: ZId.nullable().optional(),
  externalId: ZText.max(100).nullable().optional(),
  externalCode: ZText.max(100).nullable().optional(),
  comment: ZText.max(5000).nullable().optional(),
  color: ZColor.nullable().optional(),
  isDebtor: z.boolean().optional(),
  isRoomFixed: z.boolean().optional(),
  isWorkStay: z.boolean().optional(),
  foodAndBeveragePerDay: ZInteger.min(0).nullable().optional(),
  source: ZText.trim().min(1).max(50).default('internal'),
  status: z.enum(['pending', 'confirmed']).default('confirmed'),
});
export type TCreateBookingRequest = z.input<typeof ZCreateBookingRequest>;

export const ZUpdateBookingRequest = z.object(editableBookingFields).partial();
export type TUpdateBookingRequest = z.infer<typeof ZUpdateBookingRequest>;

export const ZBookingListQuery = ZPageQuery.extend({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  filter: ZBookingFilter.optional(),
  status: ZBookingStatus.optional(),
  /** Only the bookings imported from this channel (channel sync). */
  channelId: ZId.optional(),
  query: ZText.max(100).optional(),
  expand: ZExpandQuery.shape.expand,
});
export type TBookingListQuery = z.infer<typeof ZBookingListQuery>;

export const ZBookingActionParams = z.object({ id: ZId, action: ZBookingAction });

/**
 * Options of a status action: `shortenStay` on a check-out before the booked check-out date makes
 * the stay end today and reposts its charges; `confirmDueAmount` lets a check-out with money due go ahead.
 */
export const ZBookingActionQuery = z.object({
  /** The relations the answer carries, as on `GET /bookings/{id}`: the screen needs no second read. */
  ...ZExpandQuery.shape,
  shortenStay: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** On a check-out with money due: staff confirm that the guest leaves owing it (recorded in the event). */
  confirmDueAmount: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type TBookingActionQuery = z.input<typeof ZBookingActionQuery>;

/** A stay to price before it is booked: the rate's charges for these dates, room type and persons. */
export const ZBookingQuoteRequest = z.object({
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  occupancy: z.number().int().min(1).max(20),
  roomTypeId: ZId,
  /** The rate; without one, the property's standard rate. */
  rateId: ZId.nullable().optional(),
});
export type TBookingQuoteRequest = z.infer<typeof ZBookingQuoteRequest>;

export const ZBookingQuote = z.object({
  /** The rate the price comes from; null when the property has no standard rate. */
  rateId: ZId.nullable(),
  numberOfNights: z.number().int(),
  /** Gross cents of every charge the booking would get. */
  grossAmount: z.number().int(),
});
export type TBookingQuote = z.infer<typeof ZBookingQuote>;

/** The rooms nobody holds during a stay (no booking that holds its room, no room lock). */
export const ZFreeRoomsQuery = z.object({
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  /** A booking whose own stay does not count (when its dates or room change). */
  bookingId: ZId.optional(),
});
export type TFreeRoomsQuery = z.infer<typeof ZFreeRoomsQuery>;

export const ZFreeRoom = z.object({
  id: ZId,
  number: z.string(),
  roomTypeId: ZId,
  /** Dirty while the stay begins today: it needs cleaning before the guest arrives. */
  needsCleaning: z.boolean(),
});
export type TFreeRoom = z.infer<typeof ZFreeRoom>;

export const ZConfirmBookingsRequest = z.object({ ids: z.array(ZId).min(1).max(100) });

export const ZAssignGuestRequest = z.union([
  z.object({ contactId: ZId }),
  z.object({
    name: ZText.trim().min(1).max(200),
    email: z.email().max(254).optional(),
    phone: ZText.max(50).optional(),
  }),
]);
export type TAssignGuestRequest = z.infer<typeof ZAssignGuestRequest>;

/** Every event type recorded on a booking; the booking's events tab translates each of them. */
export const bookingEventTypes = [
  'created',
  'updated',
  'checked_in',
  'check_in_undone',
  'checked_out',
  'check_out_undone',
  'marked_no_show',
  'no_show_undone',
  'canceled',
  'cancellation_undone',
  'confirmed',
  'guest_assigned',
  'guest_unassigned',
  'deleted',
  'mail_sent',
  'mail_failed',
  'access_token_issued',
  'access_token_revoked',
  'door_unlocked',
  'door_unlock_failed',
  'pre_checked_in',
  'channel_imported',
  'channel_changed',
  'channel_canceled',
] as const;
export type TBookingEventType = (typeof bookingEventTypes)[number];

export function isBookingEventType(type: string): type is TBookingEventType {
  return (bookingEventTypes as readonly string[]).includes(type);
}

/** The event each status action records. */
export const bookingEventByAction: Record<TBookingAction, TBookingEventType> = {
  check_in: 'checked_in',
  undo_check_in: 'check_in_undone',
  check_out: 'checked_out',
  undo_check_out: 'check_out_undone',
  no_show: 'marked_no_show',
  undo_no_show: 'no_show_undone',
  cancel: 'canceled',
  undo_cancel: 'cancellation_undone',
};

export const ZEvent = z.object({
  id: ZId,
  type: z.string(),
  actorType: z.enum(['user', 'api_key', 'system', 'guest']),
  actorName: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: ZTimestamp,
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZCharge = z.object({
  id: ZId,
  itemId: ZId.nullable(),
  quantity: z.number().int(),
  text: z.string(),
  netAmount: z.number().int(),
  taxAmount: z.number().int(),
  taxPercentage: z.number(),
  grossAmount: z.number().int(),
  default: z.boolean(),
  bookedOn: ZIsoDate,
});
export type TCharge = z.infer<typeof ZCharge>;
