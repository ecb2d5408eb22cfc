import { describe, expect } from 'vitest';
import type { TNote } from '@pms/contract';
import { ZContact, ZGroup, ZNote, ZPaged } from '@pms/contract';
import { demo, expectProblem, loginAt, parsed, type ApiClient } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { insertBooking, insertRoom } from '../../../test/front-office-factories.ts';

/** The staff member's client, and one object of each kind in the Austrian property by the path of its collection. */
const test = apiTest
  .override('user', demo.users.staff)
  .extend('noted', { scope: 'file' }, async ({ demoApp }) => {
    const { t, client: staff, ids } = demoApp;
    const objects: Record<string, string> = {
      contacts: parsed(await staff.post('/api/contacts', { name: 'Notizträger' }), ZContact).id,
      groups: parsed(await staff.post('/api/groups', { name: 'Notizgruppe' }), ZGroup).id,
    };
    const austriaId = ids[demo.austria]!;
    const room = await insertRoom(t.db, austriaId);
    objects.bookings = (
      await insertBooking(t.db, {
        propertyId: austriaId,
        room,
        checkIn: '2030-05-01',
        checkOut: '2030-05-03',
      })
    ).id;
    return { staff, objects, austriaId, germanyId: ids[demo.germany]! };
  });

async function writeNote(
  client: ApiClient,
  objects: Record<string, string>,
  path: string,
  text: string,
): Promise<TNote> {
  const response = await client.post(`/api/${path}/${objects[path]}/notes`, { text });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZNote);
}

async function listNotes(client: ApiClient, objects: Record<string, string>, path: string): Promise<TNote[]> {
  const response = await client.get(`/api/${path}/${objects[path]}/notes`);
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZPaged(ZNote)).data;
}

describe('notes', () => {
  test.for([
    ['bookings', 'booking'],
    ['contacts', 'contact'],
    ['groups', 'group'],
  ] as const)(
    'writes, lists and deletes notes on %s',
    async ([path, objectType], { noted: { staff, objects } }) => {
      const first = await writeNote(staff, objects, path, '  Allergie: Nüsse  ');
      expect(first).toMatchObject({
        objectType,
        objectId: objects[path],
        text: 'Allergie: Nüsse',
        authorName: 'Sabine Rezeption',
      });
      const second = await writeNote(staff, objects, path, 'Spätanreise gegen 22 Uhr');
      expect((await listNotes(staff, objects, path)).map((note) => note.id)).toEqual([second.id, first.id]);

      expect((await staff.delete(`/api/notes/${first.id}`)).statusCode).toBe(204);
      expect(await listNotes(staff, objects, path)).toEqual([second]);
      expectProblem(await staff.delete(`/api/notes/${first.id}`), 404, 'not_found');
    },
  );

  test('keeps the notes of each object apart', async ({ noted: { staff, objects } }) => {
    const note = await writeNote(staff, objects, 'contacts', 'Nur für den Kontakt');
    const other = await staff.post('/api/contacts', { name: 'Ohne Notizen' });
    const response = await staff.get(`/api/contacts/${parsed(other, ZContact).id}/notes`);
    expect(parsed(response, ZPaged(ZNote)).data).toEqual([]);
    expect((await listNotes(staff, objects, 'contacts')).map((listed) => listed.id)).toContain(note.id);
  });

  test('answers 400 validation for an empty text or a bad id', async ({ noted: { staff, objects } }) => {
    expectProblem(
      await staff.post(`/api/contacts/${objects.contacts}/notes`, { text: '   ' }),
      400,
      'validation',
    );
    expectProblem(await staff.post(`/api/contacts/${objects.contacts}/notes`, {}), 400, 'validation');
    expectProblem(await staff.get('/api/groups/nope/notes'), 400, 'validation');
    expectProblem(await staff.delete('/api/notes/nope'), 400, 'validation');
  });

  test('uses the access of the object: catering reads booking notes only, cleaning none', async ({
    demoApp: { t },
    noted: { staff, objects, austriaId },
  }) => {
    const bookingNote = await writeNote(staff, objects, 'bookings', 'Frühstück aufs Zimmer');
    const contactNote = await writeNote(staff, objects, 'contacts', 'Stammgast');
    const catering = await loginAt(t.app, demo.users.catering, austriaId);
    expect((await listNotes(catering, objects, 'bookings')).map((note) => note.id)).toContain(bookingNote.id);
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
    expect((await listNotes(staff, objects, 'bookings')).map((note) => note.id)).toContain(bookingNote.id);
  });

  test("answers 404 for another property's objects and notes", async ({
    demoApp: { t },
    noted: { staff, objects, germanyId },
  }) => {
    const note = await writeNote(staff, objects, 'groups', 'Busparkplatz reservieren');
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
    expect((await listNotes(staff, objects, 'groups')).map((listed) => listed.id)).toContain(note.id);
  });
});
