// The export of a guest's personal data (GDPR Art. 15) on PGlite with the demo data, through the
// application's own context: a guest with 50 stays, each with an issued invoice (its PDF/A-3 and XML
// rendered), a signed registration form, a signature and an ID picture; then the export job, timed.
import { mkdtempSync, rmSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZCreateBookingRequest,
  ZCreateContactRequest,
  ZCreateInvoiceRequest,
} from '@pms/contract';
import { systemActor } from '../../apps/server/src/actor.ts';
import { bookings, folios, properties, rates, roomTypes } from '../../apps/server/src/db/schema/index.ts';
import { createBooking } from '../../apps/server/src/modules/bookings/index.ts';
import { createContact } from '../../apps/server/src/modules/contacts/contacts.service.ts';
import { storeBookingFile } from '../../apps/server/src/modules/files/index.ts';
import { createInvoice } from '../../apps/server/src/modules/invoices/index.ts';
import { linkContactFile } from '../../apps/server/src/modules/contacts/contacts.service.ts';
import {
  buildPersonalDataExport,
  requestPersonalDataExport,
} from '../../apps/server/src/modules/privacy/personal-data-export.service.ts';
import { selectExport } from '../../apps/server/src/modules/privacy/privacy.queries.ts';
import { jobs } from '../../apps/server/src/db/schema/index.ts';
import { openApp } from './fiscal.ts';

const stays = 50;

/** A photo-sized picture (an ID scan, a signature): noise, so it compresses as a photo does. */
function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919 + (index >> 7)) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A signed one-page form as the check-in renders it: text and the signature picture. */
function formPdf(code: string, signature: Buffer): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  pdf.fontSize(18).text(`Gästeblatt ${code}`).moveDown();
  for (let line = 0; line < 20; line += 1)
    pdf.fontSize(10).text(`Feld ${line + 1}: Stammgast Fünfzig, Getreidegasse 1, 5020 Salzburg`);
  pdf.image(signature, { width: 200 });
  pdf.end();
  return done;
}

export async function benchPersonalDataExport(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-privacy-'));
  const app = await openApp(dataDir);
  try {
    const { ctx } = app;
    const [property] = await ctx.db.select().from(properties).where(eq(properties.name, 'Alpenhof Salzburg'));
    const actor = systemActor(property!.id, 'bench');
    const [roomType] = await ctx.db.select().from(roomTypes).where(eq(roomTypes.propertyId, property!.id));
    const [rate] = await ctx.db.select().from(rates).where(eq(rates.propertyId, property!.id));
    const guest = await createContact(
      ctx,
      actor,
      ZCreateContactRequest.parse({
        name: 'Stammgast Fünfzig',
        email: 'stammgast@example.org',
        dateOfBirth: '1970-01-01',
        nationality: 'at',
        address: { line1: 'Getreidegasse 1', postalCode: '5020', city: 'Salzburg', country: 'at' },
        isDebtor: true,
      }),
    );
    const signatureImage = await picture(400, 150);
    const idImage = await picture(1200, 800);
    const started = performance.now();
    const firstDay = addDays(todayIn(property!.timeZone), 2_000);
    for (let stay = 0; stay < stays; stay += 1) {
      const checkIn = addDays(firstDay, stay * 7);
      const booking = await createBooking(
        ctx,
        actor,
        ZCreateBookingRequest.parse({
          occupancy: 1,
          roomTypeId: roomType!.id,
          rateId: rate!.id,
          checkIn,
          checkOut: addDays(checkIn, 3),
          customerId: guest.id,
        }),
      );
      const [folio] = await ctx.db.select().from(folios).where(eq(folios.bookingId, booking.id));
      await createInvoice(
        ctx,
        actor,
        ZCreateInvoiceRequest.parse({ folioId: folio!.id, closeWithDueAmount: true }),
      );
      const form = await storeBookingFile(ctx, actor, booking.id, {
        name: `registration-${booking.code}.pdf`,
        extension: '.pdf',
        mimeType: 'application/pdf',
        content: await formPdf(booking.code, signatureImage),
        purpose: 'registration',
      });
      const signature = await storeBookingFile(ctx, actor, booking.id, {
        name: 'signature.jpg',
        extension: '.jpg',
        mimeType: 'image/jpeg',
        content: signatureImage,
        purpose: 'signature',
      });
      await ctx.db
        .update(bookings)
        .set({ registrationFileId: form.id, signatureFileId: signature.id })
        .where(eq(bookings.id, booking.id));
      const scan = await storeBookingFile(ctx, actor, booking.id, {
        name: `id-${stay + 1}.jpg`,
        extension: '.jpg',
        mimeType: 'image/jpeg',
        content: idImage,
        purpose: 'id_document',
      });
      await linkContactFile(ctx, actor, guest.id, scan.id, booking.id);
    }
    // The invoices' documents are rendered by their jobs, as the runner does.
    while ((await app.runJobs()) > 0);
    const madeSeconds = (performance.now() - started) / 1000;

    const requested = await requestPersonalDataExport(ctx, actor, guest.id);
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.type, 'privacy.export'));
    const exportStarted = performance.now();
    await buildPersonalDataExport(ctx, job!);
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    const done = (await selectExport(ctx.db, property!.id, requested.id))!;
    const files = done.entries.filter((entry) => entry.name.startsWith('files/')).length;
    console.log(
      [
        `Personal data export of a guest with ${stays} stays (PGlite, demo data; making the stays took ${madeSeconds.toFixed(1)} s):`,
        `  ${done.status}: ${exportSeconds.toFixed(2)} s, ${done.entries.length} entries (${files} files), ZIP ${((done.size ?? 0) / 1024 / 1024).toFixed(1)} MB`,
      ].join('\n'),
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
