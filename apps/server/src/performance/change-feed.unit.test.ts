import { describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from './change-feed.ts';
import type { Database, TListener } from '../db/client.ts';

/** A listening connection under the test's control, as PostgreSQL's would behave. */
class FakeListener implements TListener {
  isImmediate = false;
  readonly handlers = new Map<string, (payload: string) => void>();
  readonly sent: { channel: string; payload: string }[] = [];
  lost: ((error: Error) => void) | null = null;

  listen(channel: string, onPayload: (payload: string) => void): Promise<void> {
    this.handlers.set(channel, onPayload);
    return Promise.resolve();
  }
  notify(channel: string, payload: string): Promise<void> {
    this.sent.push({ channel, payload });
    return Promise.resolve();
  }
  onLost(onLost: (error: Error) => void): void {
    this.lost = onLost;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  /** Delivers a notification, as the database does after a commit. */
  deliver(channel: string, payload: string): void {
    this.handlers.get(channel)?.(payload);
  }
  /** Delivers the self-addressed notifications sent so far, in order. */
  deliverSyncs(): void {
    for (const { channel, payload } of this.sent.splice(0)) this.deliver(channel, payload);
  }
}

async function openFeed(...listeners: FakeListener[]): Promise<ChangeFeed> {
  const database = {
    openListener: () => Promise.resolve(listeners.shift()!),
    db: {
      select: () => ({ from: () => Promise.resolve([{ propertyId: 'p1', version: 3, bookingsVersion: 2 }]) }),
    },
  } as unknown as Database;
  return ChangeFeed.open(database);
}

/** Whether the promise has settled by the time pending callbacks ran. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('the change feed', () => {
  it('starts from the stored versions and follows the announced ones, never going back', async () => {
    const listener = new FakeListener();
    const feed = await openFeed(listener);
    expect(feed.versionsOf('p1')).toEqual({ data: 3, bookings: 2 });
    const changed: string[] = [];
    feed.onDataChange((propertyId) => changed.push(propertyId));
    // A housekeeping change (the bookings version stays), then a booking's in the same transaction.
    listener.deliver('property_changes', 'p1 5 2');
    listener.deliver('property_changes', 'p1 5 5');
    listener.deliver('property_changes', 'p1 4 4');
    listener.deliver('property_changes', 'p2 1 1');
    expect([feed.versionsOf('p1'), feed.versionsOf('p2'), feed.versionsOf('p3')]).toEqual([
      { data: 5, bookings: 5 },
      { data: 1, bookings: 1 },
      null,
    ]);
    // Told once for each data version that went up from one it knew: not for one already known or
    // older, nor for a property it meets first.
    expect(changed).toEqual(['p1']);
    listener.deliver('property_changes', 'p2 2 1');
    expect(changed).toEqual(['p1', 'p2']);
  });

  it('has caught up when its own notification came back; requests meanwhile share the next round trip', async () => {
    const listener = new FakeListener();
    const feed = await openFeed(listener);
    // Requests of one turn of the event loop share one round trip, sent after the turn.
    const first = [feed.caughtUp(), feed.caughtUp()];
    expect(listener.sent).toEqual([]);
    expect(await isSettled(first[0]!)).toBe(false);
    expect(listener.sent).toHaveLength(1);

    // Arriving while that round trip is under way, these may have missed a change that commits now.
    const second = feed.caughtUp();
    const third = feed.caughtUp();
    listener.deliver('property_changes', 'p1 9 9');
    listener.deliverSyncs();
    expect(await Promise.all(first)).toEqual([true, true]);
    expect(await isSettled(second)).toBe(false);
    expect(listener.sent).toHaveLength(1);

    listener.deliverSyncs();
    expect([await second, await third]).toEqual([true, true]);
    // After the turn: no one is waiting, so no further round trip goes out.
    await isSettled(second);
    expect(listener.sent).toEqual([]);
    expect(feed.versionsOf('p1')?.data).toBe(9);
  });

  it('stops vouching when its connection breaks: waiting and later requests read the database', async () => {
    const listener = new FakeListener();
    const feed = await openFeed(listener);
    let accessChanges = 0;
    feed.onAccessChange(() => accessChanges++);
    const waiting = feed.caughtUp();
    listener.lost!(new Error('connection terminated'));
    expect(await waiting).toBe(false);
    expect(await feed.caughtUp()).toBe(false);
    expect(feed.versionsOf('p1')).toBeNull();
    expect(accessChanges).toBe(1);
    await feed.close();
  });

  it('connects again after a while, and vouches again once it has read the versions', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const [broken, fresh] = [new FakeListener(), new FakeListener()];
      const feed = await openFeed(broken, fresh);
      broken.lost!(new Error('connection terminated'));
      expect(await feed.caughtUp()).toBe(false);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(feed.versionsOf('p1')?.data).toBe(3);
      const caughtUp = feed.caughtUp();
      expect(await isSettled(caughtUp)).toBe(false);
      fresh.deliverSyncs();
      expect(await caughtUp).toBe(true);
      // The old connection's late goodbye changes nothing.
      broken.lost!(new Error('connection terminated'));
      expect(feed.versionsOf('p1')?.data).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is caught up at once where notifications come with the commit', async () => {
    const listener = new FakeListener();
    listener.isImmediate = true;
    const feed = await openFeed(listener);
    expect(await feed.caughtUp()).toBe(true);
    expect(listener.sent).toEqual([]);
  });
});
