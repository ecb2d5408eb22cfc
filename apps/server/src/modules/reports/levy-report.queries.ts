import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, charges, folios, localTaxLevies, localTaxNights } from '../../db/schema/index.ts';

type TPeriod = { from: string; until: string };

/** What the posting recorded of each levy's nights in a period (`until` exclusive), of live bookings. */
export function selectLevyNights(db: Executor, propertyId: string, period: TPeriod) {
  return db
    .select({
      month: sql<string>`to_char(${localTaxNights.night}, 'YYYY-MM')`,
      levyId: localTaxNights.levyId,
      persons: localTaxNights.persons,
      baseAmount: localTaxNights.baseAmount,
      amount: localTaxNights.amount,
      exempt: localTaxNights.exempt,
    })
    .from(localTaxNights)
    .innerJoin(
      bookings,
      and(eq(bookings.propertyId, localTaxNights.propertyId), eq(bookings.id, localTaxNights.bookingId)),
    )
    .where(
      and(
        eq(localTaxNights.propertyId, propertyId),
        gte(localTaxNights.night, period.from),
        lt(localTaxNights.night, period.until),
        isNull(bookings.deletedAt),
      ),
    );
}

/**
 * What the folios were charged per levy and month of service (`until` exclusive): the levy's charges
 * and the allowances correcting them, which count negative.
 */
export function selectLevyCharges(db: Executor, propertyId: string, period: TPeriod) {
  const levyId = sql<string>`coalesce(${charges.levyId}, (select o.levy_id from ${charges} o
    where o.property_id = ${charges.propertyId} and o.id = ${charges.correctsChargeId}))`;
  return db
    .select({
      month: sql<string>`to_char(${charges.bookedOn}, 'YYYY-MM')`,
      levyId,
      amount: sql<number>`sum(${charges.grossAmount})`.mapWith(Number),
    })
    .from(charges)
    .innerJoin(folios, and(eq(folios.propertyId, charges.propertyId), eq(folios.id, charges.folioId)))
    .where(
      and(
        eq(charges.propertyId, propertyId),
        gte(charges.bookedOn, period.from),
        lt(charges.bookedOn, period.until),
        isNull(charges.deletedAt),
        isNull(folios.deletedAt),
        sql`${levyId} is not null`,
      ),
    )
    .groupBy(sql`1`, sql`2`);
}

/** The names of the property's levies, deleted ones included (their charges are still reported). */
export function selectLevyNames(db: Executor, propertyId: string) {
  return db
    .select({ id: localTaxLevies.id, name: localTaxLevies.name })
    .from(localTaxLevies)
    .where(eq(localTaxLevies.propertyId, propertyId));
}
