import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import * as keys from './query-keys.ts';

const factories = Object.entries(keys).filter(([name]) => name.endsWith('Keys')) as [
  string,
  { all: readonly unknown[] } & Record<string, unknown>,
][];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => key[index] === part);
const isStale = (change: keys.TChange, key: QueryKey) =>
  keys.staleAfter[change].some((prefix) => startsWith(key, prefix));

describe('query keys', () => {
  it('starts every key of a domain with that domain’s `all`', () => {
    const outside = factories.flatMap(([name, factory]) =>
      Object.entries(factory)
        .filter(([, make]) => typeof make === 'function')
        .map(
          ([part, make]) => [`${name}.${part}`, (make as (...args: unknown[]) => QueryKey)('x', {})] as const,
        )
        .filter(([, key]) => !startsWith(key, factory.all))
        .map(([label]) => label),
    );
    expect(outside).toEqual([]);
  });

  it('gives every domain a prefix of its own', () => {
    const prefixes = factories.map(([, factory]) => factory.all[0]);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('refreshes after a booking change what shows bookings, and leaves the rest', () => {
    const moved = [
      keys.bookingKeys.detail('b1'),
      keys.roomPlanKeys.range({ from: '2026-01-01', to: '2026-01-31' }),
      keys.dashboardKeys.all,
      keys.housekeepingKeys.list('all'),
      keys.contactKeys.bookings('c1', { pageNumber: 1 }),
      keys.groupKeys.detail('g1'),
      keys.folioKeys.owner({ bookingId: 'b1' }),
    ];
    expect(moved.filter((key) => !isStale('booking', key))).toEqual([]);
    expect(
      [['base-data', 'p1'], ['session', 'user'], ['version'], ['settings', 'general']].filter((key) =>
        isStale('booking', key),
      ),
    ).toEqual([]);
  });

  it('refreshes after a payment the folios, invoices, bookings’ amounts due and the dashboard', () => {
    for (const change of ['folio', 'invoicePayment'] as const) {
      const moved = [
        keys.folioKeys.owner({ groupId: 'g1' }),
        keys.invoiceKeys.receivables({}),
        keys.bookingKeys.list({}),
        keys.bookingKeys.amounts('b1'),
        keys.dashboardKeys.all,
      ];
      expect(moved.filter((key) => !isStale(change, key))).toEqual([]);
    }
  });
});
