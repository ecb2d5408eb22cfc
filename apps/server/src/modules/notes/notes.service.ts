import {
  type TArea,
  type TCreateNoteRequest,
  type TNote,
  type TNoteObjectType,
  type TPageQuery,
  type TPaged,
} from '@pms/contract';
import { notFound } from '../../errors.ts';
import { requireAccess, requireStaff, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { assertBookingOwned } from '../bookings/index.ts';
import { assertContactOwned } from '../contacts/index.ts';
import { assertGroupOwned } from '../groups/index.ts';
import { assertInvoiceOwned } from '../invoices/index.ts';
import { insertNote, markNoteDeleted, selectNote, selectNotePage, type TNoteRow } from './notes.queries.ts';

/** What notes can be written on: the owning module's check that the object is the property's, and the area whose access notes need. */
export const noteObjects = {
  booking: { assertOwned: assertBookingOwned, area: 'bookings' },
  contact: { assertOwned: assertContactOwned, area: 'contacts' },
  group: { assertOwned: assertGroupOwned, area: 'groups' },
  invoice: { assertOwned: assertInvoiceOwned, area: 'invoices' },
} as const satisfies Record<
  TNoteObjectType,
  { assertOwned: (db: Executor, propertyId: string, id: string) => Promise<void>; area: TArea }
>;

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
  await noteObjects[objectType].assertOwned(db, actor.propertyId, objectId);
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
  await noteObjects[objectType].assertOwned(db, actor.propertyId, objectId);
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
