import { and, asc, desc, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  cashDayCloses,
  cashMovements,
  cashRegisterMethods,
  cashRegisters,
  cashShifts,
  fiscalReceipts,
  paymentMethods,
  users,
} from '../../db/schema/index.ts';

export type TRegisterRow = typeof cashRegisters.$inferSelect;
export type TReceiptRow = typeof fiscalReceipts.$inferSelect;
export type TMovementRow = typeof cashMovements.$inferSelect;
export type TShiftRow = typeof cashShifts.$inferSelect;
export type TDayCloseRow = typeof cashDayCloses.$inferSelect;

const live = (propertyId: string) =>
  and(eq(cashRegisters.propertyId, propertyId), isNull(cashRegisters.deletedAt));

export function selectRegisters(db: Executor, propertyId: string): Promise<TRegisterRow[]> {
  return db.select().from(cashRegisters).where(live(propertyId)).orderBy(asc(cashRegisters.name));
}

export async function selectRegister(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TRegisterRow | undefined> {
  const [row] = await db
    .select()
    .from(cashRegisters)
    .where(and(live(propertyId), eq(cashRegisters.id, id)));
  return row;
}

/** The register's row under lock: its receipts are signed one after the other, on any instance. */
export async function lockRegister(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TRegisterRow | undefined> {
  const [row] = await db
    .select()
    .from(cashRegisters)
    .where(and(live(propertyId), eq(cashRegisters.id, id)))
    .for('update');
  return row;
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

// Receipts

export async function insertReceipt(
  db: Executor,
  values: typeof fiscalReceipts.$inferInsert,
): Promise<TReceiptRow> {
  const [row] = await db.insert(fiscalReceipts).values(values).returning();
  return row!;
}

export async function selectReceipt(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.propertyId, propertyId), eq(fiscalReceipts.id, id)));
  return row;
}

/** The register's last receipt. */
export async function selectLastReceipt(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
): Promise<TReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.propertyId, propertyId), eq(fiscalReceipts.cashRegisterId, cashRegisterId)))
    .orderBy(desc(fiscalReceipts.number))
    .limit(1);
  return row;
}

/** The receipts a payment was signed with (its receipt and, once reversed, its storno). */
export function selectPaymentReceipts(db: Executor, propertyId: string, paymentId: string) {
  return db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.propertyId, propertyId), eq(fiscalReceipts.paymentId, paymentId)))
    .orderBy(asc(fiscalReceipts.number));
}

/** A register's receipts of business dates within [from, to], by number. */
export function selectReceiptsOfDates(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: string; to: string },
) {
  return db
    .select()
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.cashRegisterId, cashRegisterId),
        gte(fiscalReceipts.businessDate, range.from),
        lte(fiscalReceipts.businessDate, range.to),
      ),
    )
    .orderBy(asc(fiscalReceipts.number));
}

/** A page of a register's receipts issued in [from, to), after a number: the DEP export reads in pages. */
export function selectReceiptPage(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: Date; to: Date },
  afterNumber: number,
  limit: number,
) {
  return db
    .select({
      number: fiscalReceipts.number,
      compactJws: fiscalReceipts.compactJws,
      tse: fiscalReceipts.tse,
    })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.cashRegisterId, cashRegisterId),
        gte(fiscalReceipts.issuedAt, range.from),
        lt(fiscalReceipts.issuedAt, range.to),
        gt(fiscalReceipts.number, afterNumber),
      ),
    )
    .orderBy(asc(fiscalReceipts.number))
    .limit(limit);
}

/** Notes a receipt's first print; false when it was printed before (this print is a copy). */
export async function markReceiptPrinted(
  db: Executor,
  propertyId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(fiscalReceipts)
    .set({ printedAt: now })
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.id, id),
        isNull(fiscalReceipts.printedAt),
      ),
    )
    .returning({ id: fiscalReceipts.id });
  return rows.length > 0;
}

// Cash book

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

// Shifts

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

// Day closes

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

/** A payment method's name and kind, for the receipt and the drawer. */
export async function selectPaymentMethod(db: Executor, propertyId: string, id: string) {
  const [row] = await db
    .select({ name: paymentMethods.name, kind: paymentMethods.kind })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.propertyId, propertyId), eq(paymentMethods.id, id)));
  return row;
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

/** A German register's stored TSE transactions of receipts issued in [from, to), for the simulator's export. */
export function selectTseTransactions(
  db: Executor,
  propertyId: string,
  cashRegisterId: string,
  range: { from: Date; to: Date },
) {
  return db
    .select({ tse: fiscalReceipts.tse })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.propertyId, propertyId),
        eq(fiscalReceipts.cashRegisterId, cashRegisterId),
        gte(fiscalReceipts.issuedAt, range.from),
        lt(fiscalReceipts.issuedAt, range.to),
      ),
    )
    .orderBy(asc(fiscalReceipts.number));
}
