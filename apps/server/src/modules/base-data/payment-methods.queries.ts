import type { Executor } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema/index.ts';
import { type TPaymentMethodRow, ofProperty } from './base-data.queries.ts';

type TPaymentMethodValues = Pick<TPaymentMethodRow, 'name' | 'kind' | 'bookingText' | 'accountNumber'>;

/** Stores a payment method; returns it. */
export async function insertPaymentMethod(
  db: Executor,
  values: typeof paymentMethods.$inferInsert,
): Promise<TPaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

/** Changes a live payment method of the property; the rows changed (none when it has none by that id). */
export function updatePaymentMethodRows(
  db: Executor,
  propertyId: string,
  id: string,
  changes: TPaymentMethodValues,
) {
  return db
    .update(paymentMethods)
    .set(changes)
    .where(ofProperty(paymentMethods, propertyId, id))
    .returning();
}
