import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, rowsOf, type Database } from './client.ts';

describe('the embedded database (PGlite)', () => {
  const sent: (QueryOptions | undefined)[] = [];
  let database: Database;
  beforeAll(async () => {
    // Every statement as it reaches PGlite, with the options it is given, in a transaction and outside.
    const query = Reflect.get<PGlite, 'query'>(PGlite.prototype, 'query');
    const transaction = Reflect.get<PGlite, 'transaction'>(PGlite.prototype, 'transaction');
    vi.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, text, params, options) {
      sent.push(options);
      return query.call(this, text, params, options);
    });
    vi.spyOn(PGlite.prototype, 'transaction').mockImplementation(function (this: PGlite, callback) {
      return transaction.call(this, (tx) => {
        const own: Pick<typeof tx, 'query'> = {
          query: (text, params, options) => {
            sent.push(options);
            return tx.query(text, params, options);
          },
        };
        return callback(Object.assign(Object.create(tx) as typeof tx, own));
      });
    });
    database = await openDatabase({});
    vi.restoreAllMocks();
  });
  afterAll(() => database.close());

  const read = sql`select '2026-11-28'::date as day, '2026-11-28 07:30:00'::timestamp as at,
    '2026-11-28 07:30:00+00'::timestamptz as at_utc, '1 day'::interval as span,
    array['2026-11-28'::date] as days, 42::int as count`;

  it('reads dates, timestamps and intervals as their text, in a transaction and outside one, and never gives PGlite parsers with a statement', async () => {
    sent.length = 0;
    const outside = rowsOf(await database.db.execute(read));
    const inside = rowsOf(await database.db.transaction((tx) => tx.execute(read)));
    const expected = {
      day: '2026-11-28',
      at: '2026-11-28 07:30:00',
      at_utc: '2026-11-28 07:30:00+00',
      span: '1 day',
      days: '{2026-11-28}',
      count: 42,
    };
    expect(outside).toEqual([expected]);
    expect(inside).toEqual([expected]);
    expect(sent).toHaveLength(2);
    expect(sent.filter((options) => options?.parsers !== undefined)).toEqual([]);
  });
});
