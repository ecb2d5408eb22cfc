import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  can,
  type TArea,
  type TCreateNoteRequest,
  type TNote,
  type TNoteObjectType,
  type TPageQuery,
  type TPaged,
} from '@pms/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bookings, contacts, groups, invoices, notes } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { selectPage } from '../../lib/paging.ts';
import type { TAuth } from '../../plugins/auth.ts';

/** What notes can be written on: the table holding the objects and the area whose access notes need. */
export const noteObjects = {
  booking: { table: bookings, area: 'bookings' },
  contact: { table: contacts, area: 'contacts' },
  group: { table: groups, area: 'groups' },
  invoice: { table: invoices, area: 'invoices' },
} as const satisfies Record<TNoteObjectType, { table: PgTable; area: TArea }>;

type TNoteRow = typeof notes.$inferSelect;

function toNote(row: TNoteRow): TNote {
  return {
    id: row.id,
    objectType: row.objectType as TNoteObjectType,
    objectId: row.objectId,
    text: row.text,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses (404) an object that is not a live record of the caller's property. */
async function assertObjectOfProperty(
  db: Db,
  auth: TAuth,
  objectType: TNoteObjectType,
  objectId: string,
): Promise<void> {
  const { table } = noteObjects[objectType];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, objectId), eq(table.propertyId, auth.propertyId), isNull(table.deletedAt)));
  if (!row) throw notFound(objectType);
}

const notesOf = (auth: TAuth, objectType: TNoteObjectType, objectId: string) =>
  and(
    eq(notes.propertyId, auth.propertyId),
    eq(notes.objectType, objectType),
    eq(notes.objectId, objectId),
    isNull(notes.deletedAt),
  );

/** The notes on an object, newest first. */
export async function listNotes(
  db: Db,
  auth: TAuth,
  objectType: TNoteObjectType,
  objectId: string,
  page: TPageQuery,
): Promise<TPaged<TNote>> {
  await assertObjectOfProperty(db, auth, objectType, objectId);
  return selectPage(
    db,
    notes,
    notesOf(auth, objectType, objectId),
    [desc(notes.createdAt), desc(notes.id)],
    page,
    toNote,
  );
}

/** Writes a note on an object, signed with the caller's name. */
export async function createNote(
  db: Db,
  auth: TAuth,
  objectType: TNoteObjectType,
  objectId: string,
  input: TCreateNoteRequest,
): Promise<TNote> {
  await assertObjectOfProperty(db, auth, objectType, objectId);
  const [row] = await db
    .insert(notes)
    .values({ propertyId: auth.propertyId, objectType, objectId, text: input.text, authorName: auth.name })
    .returning();
  return toNote(row!);
}

/** Deletes a note (softly); the caller needs write access to the area of the note's object. */
export async function deleteNote(db: Db, auth: TAuth, noteId: string): Promise<void> {
  const [note] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.propertyId, auth.propertyId), isNull(notes.deletedAt)));
  if (!note) throw notFound('note');
  if (!can(auth.role, noteObjects[note.objectType as TNoteObjectType].area, 'write'))
    throw new AppError('auth/forbidden');
  await db.update(notes).set({ deletedAt: new Date() }).where(eq(notes.id, noteId));
}
