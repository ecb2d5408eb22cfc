import { can, type TBooking, type TBookingSummary, type TBookingView, type TRole } from '@pms/contract';

/** The summary of a booking: what posting food and drinks needs, nothing of the guests' details. */
export function toBookingSummary(booking: TBooking): TBookingSummary {
  const summary: TBookingSummary = {
    id: booking.id,
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
    deletedAt: booking.deletedAt,
    code: booking.code,
    status: booking.status,
    occupancy: booking.occupancy,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    numberOfNights: booking.numberOfNights,
    roomId: booking.roomId,
    roomTypeId: booking.roomTypeId,
    displayName: booking.displayName,
    isReadOnly: booking.isReadOnly,
    foodAndBeveragePerDay: booking.foodAndBeveragePerDay,
    checkedInAt: booking.checkedInAt,
    checkedOutAt: booking.checkedOutAt,
  };
  if (booking.room !== undefined) summary.room = booking.room;
  if (booking.roomType !== undefined) summary.roomType = booking.roomType;
  if (booking.guests !== undefined) {
    summary.guests = booking.guests.map(({ id, name, isPrimary }) => ({ id, name, isPrimary }));
  }
  return summary;
}

/** A booking as the caller's role may read it: whole, or the summary without `bookingDetails`. */
export function toBookingView(role: TRole, booking: TBooking): TBookingView {
  return can(role, 'bookingDetails') ? booking : toBookingSummary(booking);
}
