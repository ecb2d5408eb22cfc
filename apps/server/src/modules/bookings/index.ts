// The public surface of the bookings module: what other modules and the platform use from it.
export {
  checkInBooking,
  performAction,
  type TCheckInAdmission,
  type TDirectBookingAction,
} from './booking-actions.service.ts';
export { assertRoomFree } from './booking-availability.ts';
export { postGuestStayCharges, postStayCharges } from './booking-prices.ts';
export { listBookingEvents } from './booking-records.service.ts';
export { assertBookingOwned, type TBookingRow } from './bookings.queries.ts';
export { createBooking, setChannelConflict, updateBooking, type TBookingOrigin } from './bookings.service.ts';
