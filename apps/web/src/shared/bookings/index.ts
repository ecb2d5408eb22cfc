export { BookingStatusBadge } from './booking-status-badge.tsx';
export {
  closeCreateBooking,
  openCreateBooking,
  useCreateBookingState,
  type TCreateBookingInitial,
} from './create-booking.ts';
export { useBookings, type TBookingsFilter } from './get-bookings.ts';
export { updateBooking, useUpdateBooking } from './update-booking.ts';
