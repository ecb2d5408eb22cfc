import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TBookingView } from '@pms/contract/bookings';
import type { TFolio, TFolioList } from '@pms/contract/folios';
import { addFolioTotals } from '@pms/contract/money';
import type { TInvoice } from '@pms/contract/invoices';

/*
 * One factory per domain: `all` is the prefix of every query of that domain, so invalidating it
 * refreshes its lists, details and sub-resources alike. A key is the cache's identity only; the
 * parameters are whatever the query sends.
 */

export const bookingKeys = {
  all: ['bookings'] as const,
  list: (filter: object) => [...bookingKeys.all, 'list', filter] as const,
  detail: (id: string) => [...bookingKeys.all, 'detail', id] as const,
  events: (id: string) => [...bookingKeys.detail(id), 'events'] as const,
  accessToken: (id: string) => [...bookingKeys.detail(id), 'access-token'] as const,
  portalProgress: (id: string) => [...bookingKeys.detail(id), 'portal-progress'] as const,
  /** A group booking's amounts, shown on the group's bookings tab. */
  amounts: (id: string) => [...bookingKeys.detail(id), 'amounts'] as const,
  freeRooms: (query: object) => [...bookingKeys.all, 'free-rooms', query] as const,
  quote: (request: object) => [...bookingKeys.all, 'quote', request] as const,
};

export const folioKeys = {
  all: ['folios'] as const,
  /** The folios of a booking or group. */
  owner: (owner: object) => [...folioKeys.all, owner] as const,
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: object) => [...invoiceKeys.all, 'list', query] as const,
  receivables: (query: object) => [...invoiceKeys.all, 'receivables', query] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  reminders: (id: string) => [...invoiceKeys.detail(id), 'reminders'] as const,
  events: (id: string) => [...invoiceKeys.detail(id), 'events'] as const,
};

export const roomPlanKeys = {
  all: ['room-plan'] as const,
  range: (range: { from: string; to: string }) => [...roomPlanKeys.all, range] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

export const housekeepingKeys = {
  all: ['housekeeping'] as const,
  list: (filter: string) => [...housekeepingKeys.all, 'list', filter] as const,
};

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (query: object) => [...contactKeys.lists(), query] as const,
  detail: (id: string) => [...contactKeys.all, 'detail', id] as const,
  files: (id: string) => [...contactKeys.detail(id), 'files'] as const,
  personalDataExports: (id: string) => [...contactKeys.detail(id), 'personal-data-exports'] as const,
  erasure: (id: string) => [...contactKeys.detail(id), 'erasure'] as const,
  bookings: (id: string, page: object) => [...contactKeys.detail(id), 'bookings', page] as const,
};

export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (query: object) => [...groupKeys.lists(), query] as const,
  detail: (id: string) => [...groupKeys.all, 'detail', id] as const,
};

export const roomLockKeys = {
  all: ['room-locks'] as const,
  list: (page: object) => [...roomLockKeys.all, 'list', page] as const,
  detail: (id: string) => [...roomLockKeys.all, 'detail', id] as const,
};

export const mailKeys = {
  all: ['mail-messages'] as const,
  list: (query: object) => [...mailKeys.all, 'list', query] as const,
  detail: (id: string) => [...mailKeys.all, 'detail', id] as const,
};

export const reportKeys = {
  all: ['reports'] as const,
  guestStatistics: (range: object) => [...reportKeys.all, 'guest-statistics', range] as const,
  items: (filter: object) => [...reportKeys.all, 'items', filter] as const,
  accounting: (range: object) => [...reportKeys.all, 'accounting', range] as const,
  localTax: (months: object) => [...reportKeys.all, 'local-tax', months] as const,
};

/** The channels (booking platforms) with their feeds' last results. */
export const channelKeys = {
  all: ['channels'] as const,
  list: () => [...channelKeys.all, 'list'] as const,
};

/** The cash registers with their drawers' state, and each register's cash book of a period. */
export const cashKeys = {
  all: ['cash'] as const,
  registers: () => [...cashKeys.all, 'registers'] as const,
  book: (id: string, range: object) => [...cashKeys.all, 'book', id, range] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => [...searchKeys.all, query] as const,
};

/*
 * What each kind of change can move: the mutations mark these stale, and only what is on screen
 * refetches now. When unsure whether a screen shows a figure that changes, its key is in.
 *
 * | change          | mutations                                          | stale                                                                                  |
 * |-----------------|----------------------------------------------------|----------------------------------------------------------------------------------------|
 * | booking         | create, update, move, status actions, guests       | bookings, room plan, dashboard, housekeeping, contacts (their bookings), groups,       |
 * |                 |                                                    | folios (stay charges), invoices, reports, search, mail (the confirmation on create)    |
 * | folio           | folio create/update, charges, allowances, moves,   | folios, invoices (a payment settles one), bookings (amounts due), groups, contacts,    |
 * |                 | corrections, payments, refunds                     | dashboard (open balances, revenue), reports, cash (a cash payment's drawer movement)   |
 * | invoice         | create, issue, cancel, delete, update a draft      | invoices, folios (closed or reopened), bookings (read-only, amounts), groups,          |
 * |                 |                                                    | contacts, dashboard, reports, search (invoice numbers)                                 |
 * | invoicePayment  | a payment on an open invoice                       | the same as a folio posting                                                            |
 * | reminder        | a reminder on an open invoice                      | invoices, mail                                                                         |
 * | groupMembership | add a booking to a group, remove it                | groups, bookings                                                                       |
 * | roomLock        | create, update, cancel, delete a lock              | room locks, room plan, housekeeping, dashboard                                         |
 * | roomStatus      | a room's housekeeping status                       | housekeeping, room plan (its status shows there), dashboard                            |
 * | channel         | channel create/update/delete, a room's feed,       | channels                                                                               |
 * |                 | its export address renewed or revoked              |                                                                                        |
 * | channelSync     | sync now (the import of every feed)                | channels (their last results), room locks (closed windows), and all a booking moves   |
 * | cash            | a register's settings, shifts, deposits and        | cash                                                                                   |
 * |                 | withdrawals, day closes, reviews                   |                                                                                        |
 */
const folioEffects = [
  folioKeys.all,
  invoiceKeys.all,
  bookingKeys.all,
  groupKeys.all,
  contactKeys.all,
  dashboardKeys.all,
  reportKeys.all,
  cashKeys.all,
];

export const staleAfter = {
  booking: [
    bookingKeys.all,
    roomPlanKeys.all,
    dashboardKeys.all,
    housekeepingKeys.all,
    contactKeys.all,
    groupKeys.all,
    folioKeys.all,
    invoiceKeys.all,
    reportKeys.all,
    searchKeys.all,
    mailKeys.all,
  ],
  folio: folioEffects,
  invoice: [...folioEffects, searchKeys.all],
  invoicePayment: folioEffects,
  reminder: [invoiceKeys.all, mailKeys.all],
  groupMembership: [groupKeys.all, bookingKeys.all],
  roomLock: [roomLockKeys.all, roomPlanKeys.all, housekeepingKeys.all, dashboardKeys.all],
  roomStatus: [housekeepingKeys.all, roomPlanKeys.all, dashboardKeys.all],
  channel: [channelKeys.all],
  channelSync: [
    channelKeys.all,
    roomLockKeys.all,
    bookingKeys.all,
    roomPlanKeys.all,
    dashboardKeys.all,
    housekeepingKeys.all,
    contactKeys.all,
    groupKeys.all,
    folioKeys.all,
    invoiceKeys.all,
    reportKeys.all,
    searchKeys.all,
  ],
  cash: [cashKeys.all],
} as const satisfies Record<string, readonly QueryKey[]>;

export type TChange = keyof typeof staleAfter;

/**
 * Marks stale every query a change of this kind can move (see the table above), but the one `answered`
 * in full, and waits for those on screen to be read again; with `refetchType` none, reads none.
 */
export async function invalidateAfter(
  queryClient: QueryClient,
  change: TChange,
  answered?: QueryKey,
  refetchType: 'active' | 'none' = 'active',
): Promise<void> {
  const answeredHash = answered && hashKey(answered);
  await Promise.all(
    staleAfter[change].map((queryKey) =>
      queryClient.invalidateQueries({
        queryKey,
        refetchType,
        predicate: (query) => query.queryHash !== answeredHash,
      }),
    ),
  );
}

/**
 * Runs `work` once the browser is idle, that is after the screen a mutation led to has been drawn
 * (within 200 ms at the latest).
 */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 200 });
  else setTimeout(work, 0);
}

/** A mutation's answer that is the record a screen reads: a booking (as its detail reads it), a folio, an invoice. */
export type TAnswer = { booking: TBookingView } | { folio: TFolio } | { invoice: TInvoice };

/**
 * Puts a mutation's answer where the screens read that record, so they show it without a second read;
 * answers the record's own key when the answer is all of it (it need not be read again).
 */
function showAnswer(queryClient: QueryClient, answer: TAnswer): QueryKey | undefined {
  if ('booking' in answer) {
    const key = bookingKeys.detail(answer.booking.id);
    queryClient.setQueryData(key, answer.booking);
    return key;
  }
  if ('invoice' in answer) {
    const key = invoiceKeys.detail(answer.invoice.id);
    queryClient.setQueryData(key, answer.invoice);
    return key;
  }
  const { folio } = answer;
  // Every list holding the folio (its booking's, its group's); they are read again all the same, as
  // a change can move another folio of the list (a moved charge). A new folio comes with that read.
  queryClient.setQueriesData<TFolioList>({ queryKey: folioKeys.all }, (list) => {
    if (!list?.data.some((listed) => listed.id === folio.id)) return list;
    const data = list.data.map((listed) => (listed.id === folio.id ? folio : listed));
    return { data, totals: addFolioTotals(data.map((listed) => listed.totals)) };
  });
  return undefined;
}

/**
 * After a mutation: its answer is shown where its record is read, and what the change can move is
 * marked stale and read again if on screen (see the table above). With an answer shown, the caller
 * does not wait for those reads: the dialog closes and the screen shows the answer as soon as the write
 * is done, and the reads follow once that screen is drawn, for what is still on it (a closed dialog's
 * queries, a list left for the new booking's screen, are read when they are shown again). Without an
 * answer, the mutation stays pending until the screen's reads are back, so that a control showing the
 * pending value (a checkbox, a room's status) never flips back in between.
 */
export function settleAfter(queryClient: QueryClient, change: TChange, answer?: TAnswer): Promise<void> {
  if (!answer) return invalidateAfter(queryClient, change);
  void invalidateAfter(queryClient, change, showAnswer(queryClient, answer), 'none');
  whenIdle(() => {
    for (const queryKey of staleAfter[change])
      // A read a screen started when it was shown (a stale query mounting) is joined, not repeated.
      void queryClient.refetchQueries(
        { queryKey, type: 'active', predicate: (query) => query.state.isInvalidated },
        { cancelRefetch: false },
      );
  });
  return Promise.resolve();
}
