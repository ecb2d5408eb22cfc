import { addDays, todayIn, zonedInstant } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { postStayCharges } from './booking-prices.ts';
import type { TPropertyRow } from '../../lib/properties.ts';
import { setBookingLinkExpiry } from './booking-links.queries.ts';
import { updateBookingRow, type TBookingRow } from './bookings.queries.ts';

/**
 * The check-out date of a stay that ends early: today in the property, but at least one night after
 * check-in (a guest leaving on the arrival day still stayed that night's room). Null when the stay
 * already ends today or earlier.
 */
export function shortenedCheckOut(booking: Pick<TBookingRow, 'checkIn' | 'checkOut'>, today: string) {
  const checkOut = today > booking.checkIn ? today : addDays(booking.checkIn, 1);
  return checkOut < booking.checkOut ? checkOut : null;
}

/**
 * Ends a stay early at check-out: the check-out date becomes today, the rate charges are posted again
 * for the shorter stay (a closed folio keeps its charges) and the portal link expires with the stay.
 */
export async function shortenStayAtCheckOut(
  db: Executor,
  property: TPropertyRow,
  booking: TBookingRow,
  now: Date,
): Promise<{ row: TBookingRow; previousCheckOut: string } | null> {
  const checkOut = shortenedCheckOut(booking, todayIn(property.timeZone, now));
  if (!checkOut) return null;
  const row = await updateBookingRow(db, booking.id, { checkOut });
  await postStayCharges(db, row);
  await setBookingLinkExpiry(
    db,
    booking.id,
    zonedInstant(checkOut, property.checkOutTime, property.timeZone),
  );
  return { row, previousCheckOut: booking.checkOut };
}
