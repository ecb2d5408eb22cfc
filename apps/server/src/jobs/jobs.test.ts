import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { addDays, todayIn, ZCreatedRooms, ZRoomLock, ZRoomType } from '@pms/contract';
import { jobs, rooms } from '../db/schema/index.ts';
import { parsed } from '../../test/helpers.ts';
import { apiTest } from '../../test/api-test.ts';
import { recurringJobs } from './job-types.ts';
import type { InvoiceDocumentRenderer } from '../integrations/invoice-documents/index.ts';
import type { IdDocumentReader } from '../integrations/id-documents/id-document-reader.ts';

/** A second instance of the application on the same database, and a room of its own, on a set clock. */
const test = apiTest.extend('twoInstances', { scope: 'file' }, async ({ demoApp: { t, client: admin } }) => {
  const second = await t.startInstance();
  t.clock.set('2027-05-03T20:00:00Z');
  const roomTypeId = parsed(
    await admin.post('/api/room_types', { name: 'Jobzimmer', code: 'JZ', capacity: 1, maxOccupancy: 1 }),
    ZRoomType,
  ).id;
  const created = await admin.post('/api/rooms', { number: '981', roomTypeId });
  return { second, roomId: parsed(created, ZCreatedRooms).data[0]!.id };
});

describe('background jobs on two instances', () => {
  test('runs the room lock job once per due time, whichever instance claims it', async ({
    demoApp: { t, client: admin },
    twoInstances: { second, roomId },
  }) => {
    const today = todayIn('Europe/Vienna', t.clock.now());
    await t.db.update(rooms).set({ housekeepingStatus: 'clean' }).where(eq(rooms.id, roomId));
    const lock = await admin.post('/api/room_locks', {
      roomId,
      startDate: addDays(today, 1),
      endDate: addDays(today, 2),
      reason: 'Malerarbeiten',
    });
    expect(parsed(lock, ZRoomLock).status).toBe('scheduled');

    await Promise.all([t.app.jobRunner.scheduleRecurring(), second.jobRunner.scheduleRecurring()]);
    const recurring = await t.db.select().from(jobs).where(eq(jobs.type, 'room_locks.apply'));
    expect(recurring).toHaveLength(1);

    // The next morning in Vienna: the lock starts, run by exactly one of the two instances (as is each
    // other recurring job).
    t.clock.set('2027-05-04T04:00:00Z');
    const runs = await Promise.all([t.app.jobRunner.runDue(), second.jobRunner.runDue()]);
    expect(runs[0] + runs[1]).toBe(recurringJobs.length);
    const [room] = await t.db.select().from(rooms).where(eq(rooms.id, roomId));
    expect(room!.housekeepingStatus).toBe('out_of_service');
    const started = parsed(await admin.get(`/api/room_locks/${parsed(lock, ZRoomLock).id}`), ZRoomLock);
    expect(started).toMatchObject({ status: 'active', startAppliedAt: '2027-05-04T04:00:00.000Z' });

    // Not again before the next due time; then once more, by one instance.
    expect(await Promise.all([t.app.jobRunner.runDue(), second.jobRunner.runDue()])).toEqual([0, 0]);
    t.clock.advance(60_000);
    const again = await Promise.all([t.app.jobRunner.runDue(), second.jobRunner.runDue()]);
    expect(again[0] + again[1]).toBe(recurringJobs.length);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.type, 'room_locks.apply'));
    expect(job).toMatchObject({ status: 'pending', lastError: null });
    expect(job!.runAt.toISOString()).toBe('2027-05-04T04:02:00.000Z');
  });

  test('stops taking jobs before the document renderers close', async ({ demoApp: { t } }) => {
    const instance = await t.startInstance();
    const order: string[] = [];
    const { jobRunner, context } = instance;
    const stop = jobRunner.stop.bind(jobRunner);
    jobRunner.stop = () => (order.push('job runner'), stop());
    // The context holds the app's own renderer and reader, the ones its onClose hooks close.
    for (const [name, closing] of [
      ['invoice documents', context.documents as InvoiceDocumentRenderer],
      ['ID documents', context.idDocuments as IdDocumentReader],
    ] as const) {
      const close = closing.close.bind(closing);
      closing.close = () => (order.push(name), close());
    }
    await instance.close();
    expect(order[0]).toBe('job runner');
    expect(order).toHaveLength(3);
  });
});
