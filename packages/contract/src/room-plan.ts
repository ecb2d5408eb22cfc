import { z } from 'zod';
import { ZId, ZIsoDate, ZTimestamp, ZRecord, ZText } from './common.ts';
import { ZBookingStatus } from './bookings.ts';

export const housekeepingStatuses = ['clean', 'dirty', 'out_of_service'] as const;
export const ZHousekeepingState = z.enum(housekeepingStatuses);
export type THousekeepingState = z.infer<typeof ZHousekeepingState>;

export const ZRoomPlanQuery = z.object({ from: ZIsoDate, to: ZIsoDate });
export type TRoomPlanQuery = z.infer<typeof ZRoomPlanQuery>;

/** A booking as the room plan draws it; its room (or room type, when unassigned) is where it is listed. */
export const ZRoomPlanBooking = z.object({
  id: ZId,
  code: z.string(),
  status: ZBookingStatus,
  checkIn: ZIsoDate,
  checkOut: ZIsoDate,
  occupancy: z.number().int(),
  color: z.string().nullable(),
  displayName: z.string(),
  isRoomFixed: z.boolean(),
});
export type TRoomPlanBooking = z.infer<typeof ZRoomPlanBooking>;

/**
 * The tape chart for [from, to]. Bookings and locks are listed under their room (bookings without a
 * room under their room type), so no room or room type id is repeated per stay: at 300 rooms by 60
 * days that halves the answer. Room types come in their sort order, rooms in room type then natural
 * number order, stays by check-in then code.
 */
export const ZRoomPlan = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  today: ZIsoDate,
  roomTypes: z.array(z.object({ id: ZId, name: z.string(), maxOccupancy: z.number().int() })),
  rooms: z.array(
    z.object({
      id: ZId,
      number: z.string(),
      roomTypeId: ZId,
      housekeepingStatus: ZHousekeepingState,
      bookings: z.array(ZRoomPlanBooking),
      locks: z.array(z.object({ id: ZId, startDate: ZIsoDate, endDate: ZIsoDate, reason: z.string() })),
    }),
  ),
  unassigned: z.array(z.object({ roomTypeId: ZId, bookings: z.array(ZRoomPlanBooking) })),
});
export type TRoomPlan = z.infer<typeof ZRoomPlan>;

export const roomLockStatuses = ['scheduled', 'active', 'ended', 'canceled'] as const;

export const ZRoomLock = ZRecord.extend({
  roomId: ZId,
  room: z.object({ id: ZId, number: z.string() }).optional(),
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  reason: z.string(),
  statusAfterStart: ZHousekeepingState,
  statusAfterEnd: ZHousekeepingState,
  status: z.enum(roomLockStatuses),
  startAppliedAt: ZTimestamp.nullable(),
  endAppliedAt: ZTimestamp.nullable(),
});
export type TRoomLock = z.infer<typeof ZRoomLock>;

export const ZCreateRoomLockRequest = z.object({
  roomId: ZId,
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  reason: ZText.trim().min(1).max(500),
  statusAfterStart: ZHousekeepingState.default('out_of_service'),
  statusAfterEnd: ZHousekeepingState.default('dirty'),
});
export type TCreateRoomLockRequest = z.input<typeof ZCreateRoomLockRequest>;
export const ZUpdateRoomLockRequest = ZCreateRoomLockRequest.partial();
export type TUpdateRoomLockRequest = z.input<typeof ZUpdateRoomLockRequest>;

export const housekeepingFilters = ['clean', 'dirty', 'locked'] as const;
export const ZHousekeepingQuery = z.object({ filter: z.enum(housekeepingFilters).optional() });

export const ZHousekeepingRoom = z.object({
  id: ZId,
  number: z.string(),
  roomTypeName: z.string(),
  housekeepingStatus: ZHousekeepingState,
  isLocked: z.boolean(),
  lockReason: z.string().nullable(),
  /** Who is in the room tonight, if anyone. */
  occupant: z
    .object({ bookingId: ZId, name: z.string(), checkOut: ZIsoDate, status: ZBookingStatus })
    .nullable(),
  isDepartureToday: z.boolean(),
  isArrivalToday: z.boolean(),
});
export type THousekeepingRoom = z.infer<typeof ZHousekeepingRoom>;
export const ZUpdateHousekeepingRequest = z.object({ housekeepingStatus: ZHousekeepingState });
