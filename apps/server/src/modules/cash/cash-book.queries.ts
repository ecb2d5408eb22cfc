import { and, asc, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cashDayCloses, cashMovements, cashShifts, users } from '../../db/schema/index.ts';

export type TMovementRow = typeof cashMovements.$inferSelect;
export type TShiftRow = typeof cashShifts.$inferSelect;
export type TDayCloseRow = typeof cashDayCloses.$inferSelect;

export async function insertMovement(
  db: Executor,
  values: typeof cashMovements.$inferInsert,
): Promise<TMovementRow> {
  const [row] = await db.insert(cashMovements).values(values).returning();
  return row!;
}

/** The drawer's balance from every movement before a business date (all of them without one). */
export async function selectBalance(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  before?: string,
): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${cashMovements.amount}), 0)` })
    .from(cashMovements)
    .where(
      and(
        eq(cashMovements.propertyId, propertyId),
        eq(cashMovements.cashRegisterId, cashRegisterId),
        before ? lt(cashMovements.businessDate, before) : undefined,
      ),
    );
  return Number(row?.balance ?? 0);
}

/** A register's movements of business dates within [from, to], in the order they were booked. */
export function selectMovements(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: string; to: string },
) {
  return db
    .select({ movement: cashMovements, createdBy: users.name })
    .from(cashMovements)
    .leftJoin(users, eq(users.id, cashMovements.createdBy))
    .where(
      and(
        eq(cashMovements.propertyId, propertyId),
        eq(cashMovements.cashRegisterId, cashRegisterId),
        gte(cashMovements.businessDate, range.from),
        lte(cashMovements.businessDate, range.to),
      ),
    )
    .orderBy(asc(cashMovements.createdAt), asc(cashMovements.id));
}

export async function selectOpenShift(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
): Promise<TShiftRow | undefined> {
  const [row] = await db
    .select()
    .from(cashShifts)
    .where(
      and(
        eq(cashShifts.propertyId, propertyId),
        eq(cashShifts.cashRegisterId, cashRegisterId),
        isNull(cashShifts.closedAt),
      ),
    );
  return row;
}

export async function insertShift(db: Executor, values: typeof cashShifts.$inferInsert): Promise<TShiftRow> {
  const [row] = await db.insert(cashShifts).values(values).returning();
  return row!;
}

export async function updateShift(
  db: Executor,
  propertyId: string,
  id: string,
  changes: Partial<typeof cashShifts.$inferInsert>,
): Promise<TShiftRow | undefined> {
  const [row] = await db
    .update(cashShifts)
    .set(changes)
    .where(and(eq(cashShifts.propertyId, propertyId), eq(cashShifts.id, id)))
    .returning();
  return row;
}

export async function selectShift(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TShiftRow | undefined> {
  const [row] = await db
    .select()
    .from(cashShifts)
    .where(and(eq(cashShifts.propertyId, propertyId), eq(cashShifts.id, id)));
  return row;
}

/** A register's shifts opened within [from, to) or still open, oldest first. */
export function selectShifts(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: Date; to: Date },
) {
  return db
    .select()
    .from(cashShifts)
    .where(
      and(
        eq(cashShifts.propertyId, propertyId),
        eq(cashShifts.cashRegisterId, cashRegisterId),
        sql`(${cashShifts.closedAt} is null or (${cashShifts.openedAt} < ${range.to} and ${cashShifts.closedAt} >= ${range.from}))`,
      ),
    )
    .orderBy(asc(cashShifts.openedAt));
}

export async function selectDayClose(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  businessDate: string,
): Promise<TDayCloseRow | undefined> {
  const [row] = await db
    .select()
    .from(cashDayCloses)
    .where(
      and(
        eq(cashDayCloses.propertyId, propertyId),
        eq(cashDayCloses.cashRegisterId, cashRegisterId),
        eq(cashDayCloses.businessDate, businessDate),
      ),
    );
  return row;
}

export async function selectDayCloseById(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TDayCloseRow | undefined> {
  const [row] = await db
    .select()
    .from(cashDayCloses)
    .where(and(eq(cashDayCloses.propertyId, propertyId), eq(cashDayCloses.id, id)));
  return row;
}

/** The register's latest closed business date. */
export async function selectLastClosedDate(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
): Promise<TDayCloseRow | undefined> {
  const [row] = await db
    .select()
    .from(cashDayCloses)
    .where(and(eq(cashDayCloses.propertyId, propertyId), eq(cashDayCloses.cashRegisterId, cashRegisterId)))
    .orderBy(desc(cashDayCloses.businessDate))
    .limit(1);
  return row;
}

export function selectDayCloses(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: string; to: string },
) {
  return db
    .select()
    .from(cashDayCloses)
    .where(
      and(
        eq(cashDayCloses.propertyId, propertyId),
        eq(cashDayCloses.cashRegisterId, cashRegisterId),
        gte(cashDayCloses.businessDate, range.from),
        lte(cashDayCloses.businessDate, range.to),
      ),
    )
    .orderBy(asc(cashDayCloses.businessDate));
}

export async function insertDayClose(
  db: Executor,
  values: typeof cashDayCloses.$inferInsert,
): Promise<TDayCloseRow> {
  const [row] = await db.insert(cashDayCloses).values(values).returning();
  return row!;
}

/** The drawer movement a payment made (none for card and other means). */
export async function selectPaymentMovement(db: Executor, propertyId: string, paymentId: string) {
  const [row] = await db
    .select()
    .from(cashMovements)
    .where(and(eq(cashMovements.propertyId, propertyId), eq(cashMovements.paymentId, paymentId)))
    .orderBy(asc(cashMovements.createdAt))
    .limit(1);
  return row;
}
