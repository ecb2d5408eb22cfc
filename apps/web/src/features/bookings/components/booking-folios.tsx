import { hasBookingDetails, type TBookingView } from '@pms/contract/bookings';
import { FolioBoard } from '../../../shared/folios/index.ts';

/** The booking's folios (and its group's folio), with postings, payments, split folios and invoices. */
export function BookingFolios({ booking }: { booking: TBookingView }) {
  // Catering reads the booking's summary, which names neither group nor customer.
  const details = hasBookingDetails(booking) ? booking : null;
  return (
    <FolioBoard
      owner={{ bookingId: booking.id }}
      groupId={details?.groupId ?? null}
      customerId={details?.customerId ?? null}
    />
  );
}
