import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  cashRegisterMethods,
  cashRegisters,
  cashShifts,
  paymentMethods,
  users,
} from '../../db/schema/index.ts';

export type TRegisterRow = typeof cashRegisters.$inferSelect;

const live = (propertyId: string) =>
  and(eq(cashRegisters.propertyId, propertyId), isNull(cashRegisters.deletedAt));

export function selectRegisters(db: Executor, propertyId: string): Promise<TRegisterRow[]> {
  return db.select().from(cashRegisters).where(live(propertyId)).orderBy(asc(cashRegisters.name));
}

export async function insertRegister(
  db: Executor,
  values: typeof cashRegisters.$inferInsert,
): Promise<TRegisterRow> {
  const [row] = await db.insert(cashRegisters).values(values).returning();
  return row!;
}

export async function updateRegister(
  db: Executor,
  propertyId: string,
  id: string,
  changes: Partial<typeof cashRegisters.$inferInsert>,
): Promise<void> {
  await db
    .update(cashRegisters)
    .set(changes)
    .where(and(eq(cashRegisters.propertyId, propertyId), eq(cashRegisters.id, id)));
}

export async function replaceRegisterMethods(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  paymentMethodIds: string[],
): Promise<void> {
  await db
    .delete(cashRegisterMethods)
    .where(
      and(
        eq(cashRegisterMethods.propertyId, propertyId),
        eq(cashRegisterMethods.cashRegisterId, cashRegisterId),
      ),
    );
  if (paymentMethodIds.length === 0) return;
  await db.insert(cashRegisterMethods).values(
    [...new Set(paymentMethodIds)].map((paymentMethodId) => ({
      propertyId,
      cashRegisterId,
      paymentMethodId,
    })),
  );
}

/** Each register's payment methods, by register. */
export async function selectRegisterMethods(
  db: Executor,
  propertyId: string,
): Promise<Map<string, string[]>> {
  const rows = await db
    .select()
    .from(cashRegisterMethods)
    .where(eq(cashRegisterMethods.propertyId, propertyId));
  const byRegister = new Map<string, string[]>();
  for (const row of rows) {
    byRegister.set(row.cashRegisterId, [...(byRegister.get(row.cashRegisterId) ?? []), row.paymentMethodId]);
  }
  return byRegister;
}

/** The live registers that sign a payment method, with their open shift's id (null when closed). */
export function selectRegistersForMethod(db: Executor, propertyId: string, paymentMethodId: string) {
  return db
    .select({ id: cashRegisters.id, openShiftId: cashShifts.id })
    .from(cashRegisterMethods)
    .innerJoin(
      cashRegisters,
      and(
        eq(cashRegisters.propertyId, cashRegisterMethods.propertyId),
        eq(cashRegisters.id, cashRegisterMethods.cashRegisterId),
      ),
    )
    .leftJoin(
      cashShifts,
      and(
        eq(cashShifts.propertyId, cashRegisters.propertyId),
        eq(cashShifts.cashRegisterId, cashRegisters.id),
        isNull(cashShifts.closedAt),
      ),
    )
    .where(
      and(
        eq(cashRegisterMethods.propertyId, propertyId),
        eq(cashRegisterMethods.paymentMethodId, paymentMethodId),
        isNull(cashRegisters.deletedAt),
      ),
    );
}

/** The AT registers that have signed their start receipt: those that owe month and year receipts. */
export function selectStartedAustrianRegisters(db: Executor) {
  return db
    .select({ propertyId: cashRegisters.propertyId, id: cashRegisters.id })
    .from(cashRegisters)
    .where(
      and(
        eq(cashRegisters.country, 'AT'),
        isNull(cashRegisters.deletedAt),
        gt(cashRegisters.receiptCount, 0),
      ),
    );
}

/** The names of users by id. */
export async function selectUserNames(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`${users.id} in ${wanted}`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A payment method's name and kind, for the receipt and the drawer. */
export async function selectPaymentMethod(db: Executor, propertyId: string, id: string) {
  const [row] = await db
    .select({ name: paymentMethods.name, kind: paymentMethods.kind })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.propertyId, propertyId), eq(paymentMethods.id, id)));
  return row;
}
