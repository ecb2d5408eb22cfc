import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { TBookingView } from '@pms/contract/bookings';
import type { TFolio } from '@pms/contract/folios';
import { describe, expect, it, vi } from 'vitest';
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

describe('settleAfter', () => {
  const totals = (grossAmount: number, paidAmount: number) => ({
    grossAmount,
    paidAmount,
    dueAmount: grossAmount - paidAmount,
  });
  const folio = (id: string, grossAmount: number, paidAmount: number) =>
    ({ id, totals: totals(grossAmount, paidAmount) }) as unknown as TFolio;

  it('shows a folio answered in the lists holding it, with their totals, and reads the lists again', async () => {
    const queryClient = new QueryClient();
    const owner = keys.folioKeys.owner({ bookingId: 'b1' });
    const other = keys.folioKeys.owner({ bookingId: 'b2' });
    queryClient.setQueryData(owner, {
      data: [folio('f1', 100, 0), folio('f2', 50, 50)],
      totals: totals(150, 50),
    });
    queryClient.setQueryData(other, { data: [folio('f3', 10, 0)], totals: totals(10, 0) });
    await keys.settleAfter(queryClient, 'folio', { folio: folio('f1', 130, 100) });
    expect(queryClient.getQueryData(owner)).toEqual({
      data: [folio('f1', 130, 100), folio('f2', 50, 50)],
      totals: totals(180, 150),
    });
    expect(queryClient.getQueryData(other)).toEqual({ data: [folio('f3', 10, 0)], totals: totals(10, 0) });
    expect(queryClient.getQueryState(owner)?.isInvalidated).toBe(true);
  });

  it('keeps a booking answered as its detail without reading it again, and marks the rest stale', async () => {
    const queryClient = new QueryClient();
    const detail = keys.bookingKeys.detail('b1');
    const events = keys.bookingKeys.events('b1');
    const plan = keys.roomPlanKeys.range({ from: '2026-01-01', to: '2026-01-31' });
    for (const key of [detail, events, plan]) queryClient.setQueryData(key, { before: true });
    const booking = { id: 'b1', status: 'checked_in' } as unknown as TBookingView;
    await keys.settleAfter(queryClient, 'booking', { booking });
    expect(queryClient.getQueryData(detail)).toEqual(booking);
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(events)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(plan)?.isInvalidated).toBe(true);
  });

  it('reads again, after the answer is shown, only what is still on screen', async () => {
    const queryClient = new QueryClient();
    const list = keys.bookingKeys.list({ filter: 'check_in_today' });
    const plan = keys.roomPlanKeys.range({ from: '2026-01-01', to: '2026-01-31' });
    let listReads = 0;
    const shown = new QueryObserver(queryClient, {
      queryKey: list,
      queryFn: () => ++listReads,
      staleTime: Infinity,
    });
    const unsubscribe = shown.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryState(list)?.status).toBe('success'));
    queryClient.setQueryData(plan, { before: true });
    const booking = { id: 'b1', status: 'confirmed' } as unknown as TBookingView;
    await keys.settleAfter(queryClient, 'booking', { booking });
    expect(listReads).toBe(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(list)).toBe(2));
    expect(queryClient.getQueryState(plan)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(plan)?.dataUpdateCount).toBe(1);
    unsubscribe();
  });
});
