import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The natural order of room numbers, as ORDER BY terms: 2 before 10 before 101, A1 before A2 before
 * A10, numbers before letters. The rule is the SQL function `room_number_order` (migration 0020,
 * `db/functions/room_number_order.sql`), whose value each room stores as `rooms.number_order`; the
 * number itself breaks ties (`01` before `1`), so the order never depends on the query plan. Every
 * list of rooms the server answers is sorted by it.
 */
export function roomOrder(room: { numberOrder: SQLWrapper; number: SQLWrapper }): SQL[] {
  return [sql`${room.numberOrder} collate "C"`, sql`${room.number} collate "C"`];
}

/** The same order as one SQL list, for queries written out in SQL. */
export function roomOrderList(room: { numberOrder: SQLWrapper; number: SQLWrapper }): SQL {
  return sql.join(roomOrder(room), sql`, `);
}
