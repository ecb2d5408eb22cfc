import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { maxRoomNumberLength } from '@pms/contract';

/**
 * The natural order of room numbers, as ORDER BY terms: 2 before 10 before 101, A1 before A2 before
 * A10, numbers before letters. Each run of digits compares as a number (zero-padded to the longest a
 * room number may be), every other run by its characters with ASCII letters in lower case; the number
 * itself breaks ties (`01` before `1`), so the order never depends on the query plan. Every list of
 * rooms the server answers is sorted by it. Migration 0020 writes the same as the SQL function
 * `room_number_order`, whose value each room stores (see roomNumberOrderStored).
 */
export function roomNumberOrder(number: SQLWrapper): SQL[] {
  const width = sql.raw(String(maxRoomNumberLength));
  return [
    sql`(select string_agg(
          case when part[1] ~ '^[0-9]' then lpad(part[1], ${width}, '0') else lower(part[1] collate "C") end,
          '' order by position)
        from regexp_matches(${number}, '[0-9]+|[^0-9]+', 'g') with ordinality as parts(part, position)) collate "C"`,
    sql`${number} collate "C"`,
  ];
}

/** The same order as one SQL list, for queries written out in SQL. */
export function roomNumberOrderList(number: SQLWrapper): SQL {
  return sql.join(roomNumberOrder(number), sql`, `);
}

/**
 * The same order as a list of ORDER BY terms, from the order a room stores (`rooms.number_order`,
 * migration 0020) and its number: cheaper where many rooms are sorted on a hot path.
 */
export function roomNumberOrderStored(numberOrder: SQLWrapper, number: SQLWrapper): SQL {
  return sql`${numberOrder} collate "C", ${number} collate "C"`;
}
