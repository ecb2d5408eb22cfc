import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// The names a booking is shown by, in SQL for answers the database writes: the one place of these
// rules on the server, beside the contract's `bookingDisplayName`. An empty name counts as none.

/** The columns of a booking the name is read from, as the query names them (`bookings.id`, `b.id`). */
export type TBookingNameColumns = { id: SQLWrapper; customerId: SQLWrapper; code: SQLWrapper };

/** The booking customer's name, or null. */
function customerNameSql(booking: TBookingNameColumns): SQL<string | null> {
  return sql<string | null>`nullif((select customer.name from contacts customer
             where customer.id = ${booking.customerId}), '')`;
}

/** The name of the booking's primary guest (else its first), or null. */
function guestNameSql(booking: TBookingNameColumns): SQL<string | null> {
  return sql<string | null>`nullif((select guest.name from booking_guests booking_guest
              join contacts guest on guest.id = booking_guest.contact_id
             where booking_guest.booking_id = ${booking.id}
             order by booking_guest.is_primary desc, booking_guest.created_at
             limit 1), '')`;
}

/** The name of a booking's customer, else of its primary (else first) guest, else null. */
export function bookingNameSql(booking: TBookingNameColumns): SQL<string | null> {
  return sql<string | null>`coalesce(${customerNameSql(booking)}, ${guestNameSql(booking)})`;
}

/** The name a booking is shown by: as `bookingNameSql`, else its code (the contract's `bookingDisplayName`). */
export function bookingDisplayNameSql(booking: TBookingNameColumns): SQL<string> {
  return sql<string>`coalesce(${bookingNameSql(booking)}, ${booking.code})`;
}

/**
 * Who stays: the primary (else first) guest, else the customer, else null. A group's list names its
 * bookings so, because the group's customer (often the travel agency) is the same on every row.
 */
export function bookingGuestNameSql(booking: TBookingNameColumns): SQL<string | null> {
  return sql<string | null>`coalesce(${guestNameSql(booking)}, ${customerNameSql(booking)})`;
}
