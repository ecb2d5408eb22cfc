import { describe, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TBookingView } from '@pms/contract';
import { ZBookingView, ZCreatedApiKey, ZPaged, ZRoomPlan } from '@pms/contract';
import { rowsOf, type Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookings,
  notes,
  propertyUsers,
  propertyVersions,
  rooms,
  users,
} from '../../db/schema/index.ts';
import {
  bearer,
  demo,
  expectProblem,
  loginAt,
  parsed,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

/** The Austrian property's id. */
const test = apiTest.extend('propertyId', { scope: 'file' }, ({ demoApp: { ids } }) => ids[demo.austria]!);

async function versionsOf(t: TTestApp, id: string): Promise<{ version: number; bookingsVersion: number }> {
  const [row] = await t.db.select().from(propertyVersions).where(eq(propertyVersions.propertyId, id));
  return row!;
}

async function versionOf(t: TTestApp, id: string): Promise<number> {
  return (await versionsOf(t, id)).version;
}

/** Marks a room of the property dirty or clean, whichever it is not, beside the app. */
async function turnHousekeeping(db: Executor, roomId: string): Promise<void> {
  await db
    .update(rooms)
    .set({
      housekeepingStatus: sql`case when ${rooms.housekeepingStatus} = 'dirty' then 'clean' else 'dirty' end`,
    })
    .where(eq(rooms.id, roomId));
}

async function firstBookings(client: ApiClient): Promise<TBookingView[]> {
  const response = await client.get('/api/bookings', { query: { pageSize: '5' } });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZPaged(ZBookingView)).data;
}

describe("a property's data version", () => {
  test('is counted up by every table that holds a property’s data', async ({ demoApp: { t } }) => {
    const tables = rowsOf<{ name: string }>(
      await t.db.execute(sql`
        select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE'`),
    ).map((row) => row.name);
    const triggers = new Set(
      rowsOf<{ name: string }>(await t.db.execute(sql`select tgname as name from pg_trigger`)).map(
        (row) => row.name,
      ),
    );
    // What changes without changing what a property's answers say, or belongs to no property.
    const uncounted = [
      'sessions',
      'api_keys',
      'jobs',
      'property_versions',
      'stay_changes',
      'payment_events',
      'users',
      'server_keys',
      'rate_limits',
      'login_failures',
      'schema_migrations',
    ];
    const counted = tables.filter((table) => !uncounted.includes(table));
    expect(counted).toEqual(
      expect.arrayContaining(['properties', 'bookings', 'booking_guests', 'contact_files']),
    );
    expect(counted.filter((table) => !triggers.has(`${table}_changes`))).toEqual([]);
  });

  test('counts a booking’s guests for the booking’s property', async ({ demoApp: { t }, propertyId }) => {
    const [guest] = await t.db
      .select({ bookingId: bookingGuests.bookingId, contactId: bookingGuests.contactId })
      .from(bookingGuests)
      .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
      .where(eq(bookings.propertyId, propertyId))
      .limit(1);
    const before = await versionOf(t, propertyId);
    await t.db
      .update(bookingGuests)
      .set({ isPrimary: true })
      .where(
        and(eq(bookingGuests.bookingId, guest!.bookingId), eq(bookingGuests.contactId, guest!.contactId)),
      );
    expect(await versionOf(t, propertyId)).toBe(before + 1);
  });

  test('counts once a transaction, whatever it writes, and not for a rolled back one', async ({
    demoApp: { t, ids },
    propertyId,
  }) => {
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.propertyId, propertyId)).limit(1);
    const before = await versionOf(t, propertyId);
    await t.db.transaction(async (tx) => {
      for (const text of ['Eins', 'Zwei', 'Drei'])
        await tx.insert(notes).values({
          propertyId,
          objectType: 'booking',
          objectId: booking!.id,
          text,
          authorName: 'Rezeption',
        });
      await tx.update(bookings).set({ comment: 'Spätanreise' }).where(eq(bookings.id, booking!.id));
    });
    expect(await versionOf(t, propertyId)).toBe(before + 1);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(bookings).set({ comment: 'verworfen' }).where(eq(bookings.id, booking!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await versionOf(t, propertyId)).toBe(before + 1);
    expect(await versionOf(t, ids[demo.germany]!)).toBeGreaterThanOrEqual(1);
  });
});

describe("a property's bookings version", () => {
  test('is left by a room’s housekeeping status alone and takes the data version of any other change', async ({
    demoApp: { t },
    propertyId,
  }) => {
    const [room] = await t.db.select().from(rooms).where(eq(rooms.propertyId, propertyId)).limit(1);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.propertyId, propertyId)).limit(1);
    const start = await versionsOf(t, propertyId);

    await turnHousekeeping(t.db, room!.id);
    expect(await versionsOf(t, propertyId)).toEqual({
      propertyId,
      version: start.version + 1,
      bookingsVersion: start.bookingsVersion,
    });

    await t.db
      .update(rooms)
      .set({ sortOrder: room!.sortOrder + 1 })
      .where(eq(rooms.id, room!.id));
    expect(await versionsOf(t, propertyId)).toMatchObject({
      version: start.version + 2,
      bookingsVersion: start.version + 2,
    });

    // In one transaction, in either order: once each, to the transaction's data version.
    for (const housekeepingFirst of [true, false]) {
      const before = await versionOf(t, propertyId);
      await t.db.transaction(async (tx) => {
        if (housekeepingFirst) await turnHousekeeping(tx, room!.id);
        await tx.update(bookings).set({ comment: 'Spätanreise' }).where(eq(bookings.id, booking!.id));
        if (!housekeepingFirst) await turnHousekeeping(tx, room!.id);
      });
      expect(await versionsOf(t, propertyId)).toMatchObject({
        version: before + 1,
        bookingsVersion: before + 1,
      });
    }
  });
});

describe('answers kept under the data version', () => {
  test('show a change made beside the app in the very next list and room plan', async ({
    demoApp: { t, client: admin },
  }) => {
    const [first] = await firstBookings(admin);
    await firstBookings(admin);
    const plan = { from: first!.checkIn, to: first!.checkOut };
    expect((await admin.get('/api/room_plan', { query: plan })).statusCode).toBe(200);

    await t.db
      .update(bookings)
      .set({ comment: 'Allergie: Nüsse', color: '#2f855a' })
      .where(eq(bookings.id, first!.id));

    expect((await firstBookings(admin))[0]).toMatchObject({ id: first!.id, comment: 'Allergie: Nüsse' });
    const answer = await admin.get('/api/room_plan', { query: plan });
    const stays = parsed(answer, ZRoomPlan).rooms.flatMap((room) => room.bookings);
    expect(stays.find((stay) => stay.id === first!.id)).toMatchObject({ color: '#2f855a' });
  });

  test('keep the bookings list through a housekeeping change, which the room plan shows at once', async ({
    demoApp: { t, client: admin },
    propertyId,
  }) => {
    const [first] = await firstBookings(admin);
    const [room] = await t.db.select().from(rooms).where(eq(rooms.propertyId, propertyId)).limit(1);
    const plan = { from: first!.checkIn, to: first!.checkOut };
    // Written with the booking's version trigger off: only a list computed afresh shows this comment.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table bookings disable trigger bookings_changes`);
      await tx.update(bookings).set({ comment: 'ungezählt' }).where(eq(bookings.id, first!.id));
      await tx.execute(sql`alter table bookings enable trigger bookings_changes`);
    });

    const marked = await admin.patch(`/api/housekeeping/rooms/${room!.id}`, {
      housekeepingStatus: 'out_of_service',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const planned = parsed(await admin.get('/api/room_plan', { query: plan }), ZRoomPlan);
    expect(planned.rooms.find((planRoom) => planRoom.id === room!.id)).toMatchObject({
      housekeepingStatus: 'out_of_service',
    });
    expect((await firstBookings(admin))[0]).toEqual(first);

    const { number, roomTypeId } = room!;
    const renamed = await admin.put(`/api/rooms/${room!.id}`, { number: `${number}a`, roomTypeId });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await firstBookings(admin))[0]).toMatchObject({ id: first!.id, comment: 'ungezählt' });
    expect((await admin.put(`/api/rooms/${room!.id}`, { number, roomTypeId })).statusCode).toBe(200);
    await t.db
      .update(rooms)
      .set({ housekeepingStatus: room!.housekeepingStatus })
      .where(eq(rooms.id, room!.id));
  });

  test('show a change made through another instance at once', async ({ demoApp: { t, client: admin } }) => {
    const other = await t.startInstance();
    const there = admin.clone(other);
    const [first] = await firstBookings(there);
    const changed = await admin.put(`/api/bookings/${first!.id}`, { comment: 'Zimmer mit Aussicht' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await firstBookings(there))[0]).toMatchObject({ id: first!.id, comment: 'Zimmer mit Aussicht' });
  });

  test('show changes at once between instances when one has nothing to LISTEN on (behind a pooler)', async ({
    demoApp: { t, client: admin },
  }) => {
    const other = await t.startInstance({ listens: false });
    const there = admin.clone(other);
    const [first] = await firstBookings(there);
    const changedHere = await admin.put(`/api/bookings/${first!.id}`, { comment: 'Blick auf den Garten' });
    expect(changedHere.statusCode, changedHere.body).toBe(200);
    expect((await firstBookings(there))[0]).toMatchObject({ id: first!.id, comment: 'Blick auf den Garten' });
    const changedThere = await there.put(`/api/bookings/${first!.id}`, { comment: 'Blick auf den See' });
    expect(changedThere.statusCode, changedThere.body).toBe(200);
    expect((await firstBookings(admin))[0]).toMatchObject({ id: first!.id, comment: 'Blick auf den See' });
    expect((await firstBookings(there))[0]).toMatchObject({ id: first!.id, comment: 'Blick auf den See' });
  });

  test('are made once for requests that miss at once, and show the next change on both instances', async ({
    demoApp: { t, client: admin },
  }) => {
    const there = admin.clone(await t.startInstance());
    const atOnce = (client: ApiClient) =>
      Promise.all(Array.from({ length: 8 }, () => client.get('/api/bookings', { query: { pageSize: '5' } })));
    const before = [...(await atOnce(admin)), ...(await atOnce(there))];
    expect(new Set(before.map((answer) => answer.body)).size).toBe(1);
    const [first] = parsed(before[0]!, ZPaged(ZBookingView)).data;
    const changed = await there.put(`/api/bookings/${first!.id}`, { comment: 'Anreise nach 22 Uhr' });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const client of [admin, there]) {
      for (const answer of await atOnce(client))
        expect(parsed(answer, ZPaged(ZBookingView)).data[0]).toMatchObject({
          id: first!.id,
          comment: 'Anreise nach 22 Uhr',
        });
    }
  });

  test('keep an API key’s answers apart and up to date too', async ({ demoApp: { t, client: admin } }) => {
    const created = await admin.post('/api/api_keys', { name: 'Kanalmanager', roleId: 'staff' });
    expect(created.statusCode, created.body).toBe(201);
    const key = bearer(t.app, parsed(created, ZCreatedApiKey).secret);
    const [first] = await firstBookings(key);
    await t.db.update(bookings).set({ comment: 'über den Kanal' }).where(eq(bookings.id, first!.id));
    expect((await firstBookings(key))[0]).toMatchObject({ id: first!.id, comment: 'über den Kanal' });
  });

  test('come out the same, compressed or not', async ({ demoApp: { client: admin } }) => {
    const plain = await admin.get('/api/bookings', { query: { pageSize: '15' } });
    const compressed = await admin.get('/api/bookings', {
      query: { pageSize: '15' },
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('who may act, on a kept session', () => {
  test('takes a changed role and a removed membership on the next request', async ({
    demoApp: { t },
    propertyId,
  }) => {
    const staff = await loginAt(t.app, demo.users.staff, propertyId);
    const full = await firstBookings(staff);
    expect(full[0]).toHaveProperty('securityCode');
    const [user] = await t.db.select().from(users).where(eq(users.email, demo.users.staff));
    const membership = and(eq(propertyUsers.userId, user!.id), eq(propertyUsers.propertyId, propertyId));

    await t.db.update(propertyUsers).set({ roleId: 'catering' }).where(membership);
    expect((await firstBookings(staff))[0]).not.toHaveProperty('securityCode');

    await t.db.update(propertyUsers).set({ deletedAt: new Date() }).where(membership);
    expectProblem(await staff.get('/api/bookings'), 401, 'auth/unauthenticated');
    await t.db.update(propertyUsers).set({ deletedAt: null, roleId: 'staff' }).where(membership);
  });

  test('refuses a signed-out session at once, on every instance', async ({ demoApp: { t }, propertyId }) => {
    const other = await t.startInstance();
    const manager = await loginAt(t.app, demo.users.manager, propertyId);
    const there = manager.clone(other);
    await firstBookings(manager);
    await firstBookings(there);
    expect((await there.post('/api/session/logout')).statusCode).toBe(204);
    expectProblem(await manager.get('/api/bookings'), 401, 'auth/unauthenticated');
  });
});
