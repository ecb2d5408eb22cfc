import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The columns of a booking the name is read from, as the query names them (`bookings.id`, `b.id`). */
export type TBookingNameColumns = { id: SQLWrapper; customerId: SQLWrapper; code: SQLWrapper };

/**
 * The name of a booking's customer, else of its primary (else first) guest, else null; an empty name
 * counts as none. The contract's `bookingDisplayName` in SQL, for answers the database writes.
 */
export function bookingNameSql(booking: TBookingNameColumns): SQL<string | null> {
  return sql<string | null>`coalesce(
    nullif((select customer.name from contacts customer where customer.id = ${booking.customerId}), ''),
    nullif((select guest.name from booking_guests booking_guest
              join contacts guest on guest.id = booking_guest.contact_id
             where booking_guest.booking_id = ${booking.id}
             order by booking_guest.is_primary desc, booking_guest.created_at
             limit 1), ''))`;
}

/** The name a booking is shown by: as `bookingNameSql`, else its code (the contract's `bookingDisplayName`). */
export function bookingDisplayNameSql(booking: TBookingNameColumns): SQL<string> {
  return sql<string>`coalesce(${bookingNameSql(booking)}, ${booking.code})`;
}
