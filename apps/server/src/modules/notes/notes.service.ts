import {
  type TArea,
  type TCreateNoteRequest,
  type TNote,
  type TNoteObjectType,
  type TPageQuery,
  type TPaged,
} from '@pms/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import { bookings, contacts, groups, invoices } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { requireAccess, requireStaff, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { assertOwned } from '../../lib/records.ts';
import { insertNote, markNoteDeleted, selectNote, selectNotePage, type TNoteRow } from './notes.queries.ts';

/** What notes can be written on: the table holding the objects and the area whose access notes need. */
export const noteObjects = {
  booking: { table: bookings, area: 'bookings' },
  contact: { table: contacts, area: 'contacts' },
  group: { table: groups, area: 'groups' },
  invoice: { table: invoices, area: 'invoices' },
} as const satisfies Record<TNoteObjectType, { table: PgTable; area: TArea }>;

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

/** The notes on an object, newest first. */
export async function listNotes(
  ctx: AppContext,
  actor: TActor,
  objectType: TNoteObjectType,
  objectId: string,
  page: TPageQuery,
): Promise<TPaged<TNote>> {
  requireAccess(actor, noteObjects[objectType].area, 'read');
  const { db } = ctx;
  await assertOwned(db, noteObjects[objectType].table, actor.propertyId, objectId, objectType);
  return selectNotePage(db, actor.propertyId, objectType, objectId, page, toNote);
}

/** Writes a note on an object, signed with the caller's name. */
export async function createNote(
  ctx: AppContext,
  actor: TActor,
  objectType: TNoteObjectType,
  objectId: string,
  input: TCreateNoteRequest,
): Promise<TNote> {
  requireAccess(actor, noteObjects[objectType].area, 'write');
  const { db } = ctx;
  await assertOwned(db, noteObjects[objectType].table, actor.propertyId, objectId, objectType);
  const row = await insertNote(db, {
    propertyId: actor.propertyId,
    objectType,
    objectId,
    text: input.text,
    authorName: actor.name,
  });
  return toNote(row);
}

/** Deletes a note (softly); the caller needs write access to the area of the note's object. */
export async function deleteNote(ctx: AppContext, actor: TActor, noteId: string): Promise<void> {
  requireStaff(actor);
  const { db } = ctx;
  const note = await selectNote(db, actor.propertyId, noteId);
  if (!note) throw notFound('note');
  requireAccess(actor, noteObjects[note.objectType as TNoteObjectType].area, 'write');
  await markNoteDeleted(db, noteId, ctx.clock.now());
}
