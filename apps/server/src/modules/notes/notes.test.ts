import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNote } from '@pms/contract';
import { ZContact, ZGroup, ZNote, ZPaged } from '@pms/contract';
import {
  demo,
  expectProblem,
  loginAt,
  parsed,
  startDemoApp,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { insertBooking, insertRoom } from '../../../test/front-office-factories.ts';

let t: TTestApp;
let staff: ApiClient;
let austriaId: string;
let germanyId: string;
/** One object of each kind in the Austrian property, by the path of its collection. */
const objects: Record<string, string> = {};

beforeAll(async () => {
  let ids: Record<string, string>;
  ({ t, client: staff, ids } = await startDemoApp(demo.users.staff));
  austriaId = ids[demo.austria]!;
  germanyId = ids[demo.germany]!;
  objects.contacts = parsed(await staff.post('/api/contacts', { name: 'Notizträger' }), ZContact).id;
  objects.groups = parsed(await staff.post('/api/groups', { name: 'Notizgruppe' }), ZGroup).id;
  const booking = await insertBooking(t.db, {
    propertyId: austriaId,
    room: await insertRoom(t.db, austriaId),
    checkIn: '2030-05-01',
    checkOut: '2030-05-03',
  });
  objects.bookings = booking.id;
});
afterAll(async () => {
  await t.close();
});

async function writeNote(client: ApiClient, path: string, text: string): Promise<TNote> {
  const response = await client.post(`/api/${path}/${objects[path]}/notes`, { text });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZNote);
}

async function listNotes(client: ApiClient, path: string): Promise<TNote[]> {
  const response = await client.get(`/api/${path}/${objects[path]}/notes`);
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZPaged(ZNote)).data;
}

describe('notes', () => {
  it.each([
    ['bookings', 'booking'],
    ['contacts', 'contact'],
    ['groups', 'group'],
  ])('writes, lists and deletes notes on %s', async (path, objectType) => {
    const first = await writeNote(staff, path, '  Allergie: Nüsse  ');
    expect(first).toMatchObject({
      objectType,
      objectId: objects[path],
      text: 'Allergie: Nüsse',
      authorName: 'Sabine Rezeption',
    });
    const second = await writeNote(staff, path, 'Spätanreise gegen 22 Uhr');
    expect((await listNotes(staff, path)).map((note) => note.id)).toEqual([second.id, first.id]);

    expect((await staff.delete(`/api/notes/${first.id}`)).statusCode).toBe(204);
    expect(await listNotes(staff, path)).toEqual([second]);
    expectProblem(await staff.delete(`/api/notes/${first.id}`), 404, 'not_found');
  });

  it('keeps the notes of each object apart', async () => {
    const note = await writeNote(staff, 'contacts', 'Nur für den Kontakt');
    const other = await staff.post('/api/contacts', { name: 'Ohne Notizen' });
    const response = await staff.get(`/api/contacts/${parsed(other, ZContact).id}/notes`);
    expect(parsed(response, ZPaged(ZNote)).data).toEqual([]);
    expect((await listNotes(staff, 'contacts')).map((listed) => listed.id)).toContain(note.id);
  });

  it('answers 400 validation for an empty text or a bad id', async () => {
    expectProblem(
      await staff.post(`/api/contacts/${objects.contacts}/notes`, { text: '   ' }),
      400,
      'validation',
    );
    expectProblem(await staff.post(`/api/contacts/${objects.contacts}/notes`, {}), 400, 'validation');
    expectProblem(await staff.get('/api/groups/nope/notes'), 400, 'validation');
    expectProblem(await staff.delete('/api/notes/nope'), 400, 'validation');
  });

  it('uses the access of the object: catering reads booking notes only, cleaning none', async () => {
    const bookingNote = await writeNote(staff, 'bookings', 'Frühstück aufs Zimmer');
    const contactNote = await writeNote(staff, 'contacts', 'Stammgast');
    const catering = await loginAt(t.app, demo.users.catering, austriaId);
    expect((await listNotes(catering, 'bookings')).map((note) => note.id)).toContain(bookingNote.id);
    expectProblem(
      await catering.post(`/api/bookings/${objects.bookings}/notes`, { text: 'X' }),
      403,
      'auth/forbidden',
    );
    expectProblem(await catering.delete(`/api/notes/${bookingNote.id}`), 403, 'auth/forbidden');
    expectProblem(await catering.get(`/api/contacts/${objects.contacts}/notes`), 403, 'auth/forbidden');
    expectProblem(await catering.delete(`/api/notes/${contactNote.id}`), 403, 'auth/forbidden');

    const cleaning = await loginAt(t.app, demo.users.cleaning, austriaId);
    for (const path of ['bookings', 'contacts', 'groups']) {
      expectProblem(await cleaning.get(`/api/${path}/${objects[path]}/notes`), 403, 'auth/forbidden');
    }
    expectProblem(await cleaning.delete(`/api/notes/${bookingNote.id}`), 403, 'auth/forbidden');
    expect((await listNotes(staff, 'bookings')).map((note) => note.id)).toContain(bookingNote.id);
  });

  it("answers 404 for another property's objects and notes", async () => {
    const note = await writeNote(staff, 'groups', 'Busparkplatz reservieren');
    const german = await loginAt(t.app, demo.users.manager, germanyId);
    for (const path of ['bookings', 'contacts', 'groups']) {
      expectProblem(await german.get(`/api/${path}/${objects[path]}/notes`), 404, 'not_found');
      expectProblem(
        await german.post(`/api/${path}/${objects[path]}/notes`, { text: 'X' }),
        404,
        'not_found',
      );
    }
    expectProblem(await german.delete(`/api/notes/${note.id}`), 404, 'not_found');
    expectProblem(await staff.get(`/api/contacts/${crypto.randomUUID()}/notes`), 404, 'not_found');
    expect((await listNotes(staff, 'groups')).map((listed) => listed.id)).toContain(note.id);
  });
});
