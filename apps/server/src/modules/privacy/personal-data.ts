import type { Executor } from '../../db/client.ts';
import {
  lockContact,
  selectContactDocumentFiles,
  selectContactNotes,
  selectLiveFiles,
  selectMessagesTo,
  selectPersonEvents,
  selectPersonInvoices,
  selectPersonStays,
} from './privacy.queries.ts';

// What an export of a person's data holds (GDPR Art. 15): their records as JSON and the files that
// name them. Nothing of another guest: a stay's comment, events and signature only where the person
// booked or leads it, and a registration form of several guests is listed but not copied (Art. 15 (4)).

export type TPersonalData = {
  documents: Record<string, unknown>;
  files: { name: string; storageKey: string }[];
};

/** A name safe as a path inside the ZIP. */
function entryName(folder: string, name: string): string {
  return `files/${folder}/${name.replace(/[^\p{L}\p{N}._-]+/gu, '_')}`;
}

export async function gatherPersonalData(
  db: Executor,
  propertyId: string,
  contactId: string,
): Promise<TPersonalData> {
  const contact = (await lockContact(db, propertyId, contactId))!;
  const stays = await selectPersonStays(db, propertyId, contactId);
  const invoices = await selectPersonInvoices(db, propertyId, contactId);
  const addresses = [contact.email, contact.invoiceEmail].filter((address): address is string => !!address);
  const messages = await selectMessagesTo(db, propertyId, addresses);
  const ledStays = stays.filter(
    ({ booking, isPrimary, otherGuests }) =>
      booking.customerId === contactId || isPrimary || otherGuests === 0,
  );
  const events = await selectPersonEvents(
    db,
    propertyId,
    contactId,
    ledStays.map(({ booking }) => booking.id),
  );
  const notes = await selectContactNotes(db, propertyId, contactId);
  const documents = await selectContactDocumentFiles(db, contactId);

  const wanted: { folder: string; fileId: string; name?: string }[] = [];
  for (const { file } of documents)
    if (!file.deletedAt) wanted.push({ folder: 'id-documents', fileId: file.id });
  const registrationForms = [];
  for (const { booking, isGuest, otherGuests } of stays) {
    if (!isGuest || !booking.registrationFileId) continue;
    const isOwn = otherGuests === 0;
    registrationForms.push({
      booking: booking.code,
      arrival: booking.checkIn,
      departure: booking.checkOut,
      copied: isOwn,
      ...(isOwn ? {} : { notCopiedBecause: 'The form names other guests of the stay too.' }),
    });
    if (isOwn) wanted.push({ folder: 'registration-forms', fileId: booking.registrationFileId });
  }
  for (const { booking } of ledStays)
    if (booking.signatureFileId) wanted.push({ folder: 'signatures', fileId: booking.signatureFileId });
  for (const invoice of invoices) {
    if (invoice.status === 'draft') continue;
    for (const fileId of [invoice.fileId, invoice.xmlFileId])
      if (fileId) wanted.push({ folder: 'invoices', fileId });
  }
  const rows = new Map(
    (
      await selectLiveFiles(
        db,
        propertyId,
        wanted.map((entry) => entry.fileId),
      )
    ).map((row) => [row.id, row]),
  );
  const used = new Set<string>();
  const files = [];
  for (const entry of wanted) {
    const row = rows.get(entry.fileId);
    if (!row) continue;
    let name = entryName(entry.folder, row.name);
    for (let n = 2; used.has(name); n += 1) name = entryName(entry.folder, `${n}-${row.name}`);
    used.add(name);
    files.push({ name, storageKey: row.storageKey });
  }

  const { propertyId: _property, ...person } = contact;
  return {
    documents: {
      'contact.json': person,
      'bookings.json': stays.map(({ booking, roomNumber, isGuest, isPrimary, otherGuests }) => {
        const leads = booking.customerId === contactId || isPrimary || otherGuests === 0;
        return {
          code: booking.code,
          status: booking.status,
          arrival: booking.checkIn,
          departure: booking.checkOut,
          room: roomNumber,
          persons: booking.occupancy,
          source: booking.source,
          asGuest: isGuest,
          asCustomer: booking.customerId === contactId,
          checkedInAt: booking.checkedInAt,
          checkedOutAt: booking.checkedOutAt,
          createdAt: booking.createdAt,
          ...(leads ? { comment: booking.comment } : {}),
        };
      }),
      'registration-forms.json': registrationForms,
      'invoices.json': invoices.map((invoice) => ({
        number: invoice.number,
        status: invoice.status,
        issuedAt: invoice.issuedAt,
        recipient: invoice.recipient,
        recipientCompany: invoice.recipientCompany,
        billingAddress: invoice.billingAddress,
        servicePeriod: { from: invoice.serviceFrom, to: invoice.serviceTo },
        totalAmountCents: invoice.totalAmount,
        paidAmountCents: invoice.paidAmount,
      })),
      'messages.json': messages.map((message) => ({
        kind: message.kind,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        status: message.status,
        createdAt: message.createdAt,
        sentAt: message.sentAt,
      })),
      // An event about another guest of the stay (added, changed, removed) is theirs.
      'events.json': events
        .filter((event) => [undefined, contactId].includes(event.data.contactId as string | undefined))
        .map((event) => ({
          at: event.createdAt,
          object: event.objectType,
          type: event.type,
          by: event.actorName,
          data: event.data,
        })),
      'notes.json': notes.map((note) => ({ at: note.createdAt, by: note.authorName, text: note.text })),
    },
    files,
  };
}
