import { PGlite, type PGliteOptions, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mapQueryOptions, openDatabase, rowsOf, type Database } from './client.ts';

describe('the embedded database (PGlite)', () => {
  const sent: (QueryOptions | undefined)[] = [];
  let database: Database;
  beforeAll(async () => {
    // Every statement as it reaches PGlite, with the options it is given, in a transaction and outside:
    // recorded on the client as it is created, below what the database makes of it.
    const create = PGlite.create.bind(PGlite) as (options?: PGliteOptions) => Promise<PGlite>;
    const recording = async (options?: PGliteOptions) => {
      const client = await create(options);
      mapQueryOptions(client, (given) => (sent.push(given), given));
      return client;
    };
    vi.spyOn(PGlite, 'create').mockImplementation(recording as typeof PGlite.create);
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
