import { filePurposes, type TFile, type TPortalGuest, type TUpdatePortalGuestRequest } from '@pms/contract';
import { requireGuest, type TActor, type TGuestActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { changedFields, recordEvent } from '../../lib/events.ts';
import { findProperty } from '../../lib/properties.ts';
import { postStayCharges } from '../bookings/index.ts';
import { sniffFileType, storeBookingFile } from '../files/index.ts';
import {
  deleteGuestFile,
  insertGuestFile,
  markFileDeleted,
  selectBookingGuests,
  updateContactRegistration,
  updateGuestFamilyMember,
} from './portal.queries.ts';
import { assertNotSettled, findPortalBooking, loadGuests } from './portal-stay.ts';

/** Changes one guest's registration; only this booking's guests, and only before check-in. */
export async function updatePortalGuest(
  ctx: AppContext,
  actor: TActor,
  guestId: string,
  input: TUpdatePortalGuestRequest,
): Promise<TPortalGuest> {
  requireGuest(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    const property = await findProperty(tx, actor.propertyId);
    const before = (await loadGuests(tx, property, actor.bookingId)).find((guest) => guest.id === guestId);
    if (!before) throw notFound('guest');
    const { isFamilyMember, ...contactValues } = input;
    if (Object.keys(contactValues).length > 0)
      await updateContactRegistration(tx, guestId, contactValues, ctx.clock.now());
    if (isFamilyMember !== undefined)
      await updateGuestFamilyMember(tx, actor.bookingId, guestId, isFamilyMember);
    const after = (await loadGuests(tx, property, actor.bookingId)).find((guest) => guest.id === guestId)!;
    const changed = changedFields(before, after, Object.keys(input));
    // A guest's age decides a levy's age exemption: the stay's local tax is posted anew.
    if (changed.includes('dateOfBirth')) await postStayCharges(tx, row.booking);
    if (changed.length > 0)
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'contact',
        objectId: guestId,
        type: 'updated',
        data: { changed, bookingId: actor.bookingId },
      });
    return after;
  });
}

async function assertBookingGuest(db: Executor, actor: TGuestActor, contactId: string): Promise<void> {
  const guests = await selectBookingGuests(db, actor.bookingId);
  if (!guests.some((guest) => guest.contact.id === contactId)) throw notFound('guest');
}

/** Uploads an ID document of one of the booking's guests, before check-in. */
export async function uploadGuestDocument(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
  input: { name: string; content: Buffer },
): Promise<TFile> {
  requireGuest(actor);
  const { mimeType, extension } = await sniffFileType(input.content);
  return ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    await assertBookingGuest(tx, actor, contactId);
    let name = input.name;
    if (!name.toLowerCase().endsWith(extension)) name += extension;
    const file = await storeBookingFile(
      ctx,
      actor,
      actor.bookingId,
      { name, extension, mimeType, content: input.content, purpose: filePurposes.idDocument },
      tx,
    );
    await insertGuestFile(tx, actor.propertyId, actor.bookingId, contactId, file.id);
    return file;
  });
}

/** Deletes an ID document of one of the booking's guests, before check-in. */
export async function deleteGuestDocument(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
  fileId: string,
): Promise<void> {
  requireGuest(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    await assertBookingGuest(tx, actor, contactId);
    if (!(await deleteGuestFile(tx, actor.bookingId, contactId, fileId))) throw notFound('file');
    await markFileDeleted(tx, fileId, ctx.clock.now());
  });
}
