import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TAccessCredentialStatus, TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { accessCredentials, accessPoints, accessTokens, bookings, rooms } from '../../db/schema/index.ts';
import { assertOwned } from '../../db/owned-records.ts';
import { selectPage } from '../../db/paging.ts';

export type TAccessTokenRow = typeof accessTokens.$inferSelect;
export type TAccessPointRow = typeof accessPoints.$inferSelect;
export type TCredentialRow = typeof accessCredentials.$inferSelect & {
  accessPoint: TAccessPointRow;
  bookingCode: string;
};

/** The booking's live token, locked with `lock` (issuing and revoking never race). */
export async function selectLiveToken(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<TAccessTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.propertyId, propertyId),
        eq(accessTokens.bookingId, bookingId),
        isNull(accessTokens.revokedAt),
      ),
    );
  return row;
}

/** The booking's newest token, live or revoked: what staff see of its key, also after check-out. */
export async function selectLatestToken(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<TAccessTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.propertyId, propertyId), eq(accessTokens.bookingId, bookingId)))
    .orderBy(sql`${accessTokens.revokedAt} is null desc`, desc(accessTokens.createdAt))
    .limit(1);
  return row;
}

export async function selectToken(db: Executor, id: string): Promise<TAccessTokenRow | undefined> {
  const [row] = await db.select().from(accessTokens).where(eq(accessTokens.id, id));
  return row;
}

export async function insertToken(
  db: Executor,
  values: typeof accessTokens.$inferInsert,
): Promise<TAccessTokenRow | undefined> {
  const [row] = await db.insert(accessTokens).values(values).onConflictDoNothing().returning();
  return row;
}

export async function revokeTokenRow(db: Executor, id: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)));
}

/** The room's door as an access point, made on first use, named by the room number. */
export async function ensureRoomAccessPoint(
  db: Executor,
  propertyId: string,
  roomId: string,
): Promise<TAccessPointRow> {
  const [room] = await db.select({ number: rooms.number }).from(rooms).where(eq(rooms.id, roomId));
  await db.insert(accessPoints).values({ propertyId, roomId, name: room!.number }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(accessPoints)
    .where(and(eq(accessPoints.roomId, roomId), isNull(accessPoints.deletedAt)));
  return row!;
}

/** The property's entrances: every access point that is not a room's door. */
export function selectEntrances(db: Executor, propertyId: string): Promise<TAccessPointRow[]> {
  return db
    .select()
    .from(accessPoints)
    .where(
      and(
        eq(accessPoints.propertyId, propertyId),
        isNull(accessPoints.roomId),
        isNull(accessPoints.deletedAt),
      ),
    )
    .orderBy(asc(accessPoints.name), asc(accessPoints.id));
}

export async function insertCredentials(
  db: Executor,
  values: (typeof accessCredentials.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(accessCredentials).values(values).onConflictDoNothing();
}

/** A token's credentials with their doors, the room's first, then the entrances by name. */
export async function selectCredentials(db: Executor, tokenId: string): Promise<TCredentialRow[]> {
  const rows = await db
    .select({ credential: accessCredentials, accessPoint: accessPoints, bookingCode: bookings.code })
    .from(accessCredentials)
    .innerJoin(accessPoints, eq(accessPoints.id, accessCredentials.accessPointId))
    .innerJoin(accessTokens, eq(accessTokens.id, accessCredentials.tokenId))
    .innerJoin(bookings, eq(bookings.id, accessTokens.bookingId))
    .where(eq(accessCredentials.tokenId, tokenId))
    .orderBy(sql`${accessPoints.roomId} is null`, asc(accessPoints.name), asc(accessPoints.id));
  return rows.map((row) => ({
    ...row.credential,
    accessPoint: row.accessPoint,
    bookingCode: row.bookingCode,
  }));
}

export async function setCredentialStatus(
  db: Executor,
  ids: string[],
  status: TAccessCredentialStatus,
  lockCredentialId?: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(accessCredentials)
    .set({ status, updatedAt: sql`now()`, ...(lockCredentialId ? { lockCredentialId } : {}) })
    .where(inArray(accessCredentials.id, ids));
}

/** A page of the property's live entrances, by name. */
export function selectEntrancePage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery,
  map: (row: TAccessPointRow) => T,
) {
  return selectPage(
    db,
    accessPoints,
    and(eq(accessPoints.propertyId, propertyId), isNull(accessPoints.roomId), isNull(accessPoints.deletedAt)),
    [asc(sql`lower(${accessPoints.name})`), asc(accessPoints.id)],
    page,
    map,
  );
}

/** A live entrance of the property (not a room's door), locked for the change that follows. */
export async function selectEntranceForUpdate(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TAccessPointRow | undefined> {
  const [row] = await db
    .select()
    .from(accessPoints)
    .where(
      and(
        eq(accessPoints.id, id),
        eq(accessPoints.propertyId, propertyId),
        isNull(accessPoints.roomId),
        isNull(accessPoints.deletedAt),
      ),
    )
    .for('update');
  return row;
}

export async function insertEntrance(
  db: Executor,
  values: { propertyId: string; name: string; lockId: string | null },
): Promise<TAccessPointRow> {
  const [row] = await db.insert(accessPoints).values(values).returning();
  return row!;
}

export async function updateAccessPointRow(
  db: Executor,
  id: string,
  values: { name?: string; lockId?: string | null; deletedAt?: Date },
): Promise<TAccessPointRow> {
  const [row] = await db
    .update(accessPoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(accessPoints.id, id))
    .returning();
  return row!;
}

/** The property's live tokens that have not expired: a new entrance joins each of them. */
export function selectCurrentTokens(db: Executor, propertyId: string, now: Date): Promise<TAccessTokenRow[]> {
  return db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.propertyId, propertyId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.validUntil, now),
      ),
    );
}

/** The credentials of one access point that the lock system still holds or is yet to get. */
export function selectOpenCredentialsOf(db: Executor, accessPointId: string) {
  return db
    .select()
    .from(accessCredentials)
    .where(
      and(
        eq(accessCredentials.accessPointId, accessPointId),
        inArray(accessCredentials.status, ['pending', 'issued']),
      ),
    );
}

/** Refuses a booking that is not the property's: another property's is not found, never an empty answer. */
export function assertBookingOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, bookings, propertyId, id, 'booking');
}
