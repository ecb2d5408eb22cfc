import { threadId } from 'node:worker_threads';
import { describe, expect, vi } from 'vitest';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { addDays, todayIn, ZContact, ZFolio, ZInvoice, type TInvoice } from '@pms/contract';
import {
  bookings,
  charges,
  files,
  folios,
  invoices,
  items,
  jobs,
  paymentMethods,
  payments,
} from '../../db/schema/index.ts';
import {
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { createEInvoiceValidator } from '../../../test/einvoice-validation.ts';
import { pdfText, squash } from '../../../test/pdf-text.ts';
import { systemActor } from '../../actor.ts';
import type { InvoiceDocumentRenderer } from '../../integrations/invoice-documents/index.ts';
import { formatMoney } from '../../integrations/invoice-documents/texts.ts';
import { renderInvoiceDocuments } from './invoices.service.ts';

// Rendering the documents and running the EN 16931 rules take seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const test = apiTest
  /** The day the charges and payments are booked on: the application's today in Vienna. */
  .extend('today', { scope: 'file' }, ({ demoApp: { t } }) => todayIn('Europe/Vienna', t.clock.now()))
  /** The EN 16931 rules: the first test that asks for them waits for them (see its timeout). */
  .extend('validator', { scope: 'file' }, async ({}) => createEInvoiceValidator());
const money = (cents: number, language: 'de' | 'en') =>
  formatMoney(cents, 'EUR', language, language === 'de' ? 'AT' : 'DE');

/** A customer with a complete address in the client's current property. */
async function customer(client: ApiClient, name: string, country: string): Promise<string> {
  const response = await client.post('/api/contacts', {
    name,
    language: country === 'gb' ? 'en' : 'de',
    address: { line1: 'Hauptstraße 1', postalCode: '1010', city: 'Wien', country },
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZContact).id;
}

/** A folio without booking for the customer, with the charges given (the local tax is transitory). */
async function folio(
  t: TTestApp,
  today: string,
  propertyId: string,
  customerId: string,
  lines: { text: string; gross: number; basisPoints: number; quantity?: number; localTax?: boolean }[],
): Promise<string> {
  const [row] = await t.db.insert(folios).values({ propertyId, customerId }).returning();
  for (const line of lines) {
    const netAmount = Math.round((line.gross * 10000) / (10000 + line.basisPoints));
    await t.db.insert(charges).values({
      propertyId,
      folioId: row!.id,
      text: line.text,
      quantity: line.quantity ?? 1,
      grossAmount: line.gross,
      netAmount,
      taxAmount: line.gross - netAmount,
      taxBasisPoints: line.basisPoints,
      isTransitory: line.localTax ?? false,
      bookedOn: today,
    });
  }
  return row!.id;
}

async function payInCash(
  t: TTestApp,
  today: string,
  propertyId: string,
  folioId: string,
  amount: number,
): Promise<void> {
  const [method] = await t.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.propertyId, propertyId), eq(paymentMethods.kind, 'cash')));
  await t.db
    .insert(payments)
    .values({ propertyId, folioId, paymentMethodId: method!.id, amount, paidOn: today });
}

async function issue(client: ApiClient, folioId: string): Promise<TInvoice> {
  const response = await client.post('/api/invoices', { folioId, closeWithDueAmount: true });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZInvoice);
}

/** Works the job queue until nothing is due. */
async function runJobs(t: TTestApp): Promise<void> {
  await t.app.jobRunner.runDue();
}

async function documents(client: ApiClient, invoice: TInvoice) {
  const pdf = await client.get(`/api/invoices/${invoice.id}/pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  const xml = await client.get(`/api/invoices/${invoice.id}/xml`);
  expect(xml.statusCode, xml.body).toBe(200);
  return { pdf, xml };
}

describe('the demo invoices', () => {
  test(
    'of both properties, a cancellation among them, pass the CII schema and the EN 16931 rules',
    { timeout: 300_000 },
    async ({ demoApp: { t, client: admin, ids }, validator }) => {
      const issued = await t.db
        .select({ id: invoices.id, propertyId: invoices.propertyId, cancels: invoices.cancels })
        .from(invoices)
        .where(isNotNull(invoices.number));
      expect(new Set(issued.map((row) => row.propertyId)).size).toBe(2);
      expect(issued.some((row) => row.cancels)).toBe(true);
      const clients = new Map<string, ApiClient>([[ids[demo.austria]!, admin]]);
      const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
      clients.set(ids[demo.germany]!, german);
      for (const row of issued) {
        await renderInvoiceDocuments(t.app.context, systemActor(row.propertyId, 'test'), row.id);
        const xml = await clients.get(row.propertyId)!.get(`/api/invoices/${row.id}/xml`);
        expect(xml.statusCode, xml.body).toBe(200);
        expect(await validator.problems(xml.body), row.id).toEqual([]);
      }
    },
  );
});

describe('the documents of an issued invoice', () => {
  test('are rendered by a job after the invoice commits: a PDF/A-3 with its e-invoice, and the XML', async ({
    demoApp: { t, client: admin, ids },
    validator,
    today,
  }) => {
    const austria = ids[demo.austria]!;
    const folioId = await folio(t, today, austria, await customer(admin, 'Franz Gast', 'at'), [
      { text: 'Übernachtung Doppelzimmer', gross: 12000, basisPoints: 1000, quantity: 1 },
      { text: 'Getränke Bar', gross: 900, basisPoints: 2000, quantity: 2 },
    ]);
    await payInCash(t, today, austria, folioId, 5000);
    const invoice = await issue(admin, folioId);
    expect(invoice.fileId).toBeNull();
    expectProblem(await admin.get(`/api/invoices/${invoice.id}/pdf`), 409, 'invoice/document_pending');
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'invoices.render'), sql`${jobs.payload}->>'invoiceId' = ${invoice.id}`));
    expect(job).toMatchObject({ status: 'pending', propertyId: austria, payload: { invoiceId: invoice.id } });

    await runJobs(t);
    const stored = parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice);
    expect(stored.fileId).not.toBeNull();
    const { pdf, xml } = await documents(admin, invoice);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Rechnung ${invoice.number}.pdf"`);
    expect(xml.headers['content-type']).toContain('application/xml');

    const { text } = await pdfText(pdf.rawPayload);
    // The totals the API answers are the ones the PDF prints.
    expect(text).toContain(`Summe netto ${squash(money(invoice.netAmount, 'de'))}`);
    expect(text).toContain(`Gesamtbetrag ${squash(money(invoice.totalAmount, 'de'))}`);
    expect(text).toContain(`Bezahlt ${squash(money(invoice.paidAmount, 'de'))}`);
    expect(text).toContain(`Offener Betrag ${squash(money(invoice.dueAmount, 'de'))}`);
    // An Austrian seller: UID and Firmenbuch with its court; money open: the 14 days' payment term.
    expect(text).toContain('UID-Nr. ATU12345678');
    expect(text).toContain('Firmenbuchgericht: Landesgericht Salzburg');
    expect(text).not.toContain('USt-IdNr.');
    const dueDate = addDays(todayIn('Europe/Vienna', new Date(invoice.issuedAt!)), 14);
    expect(text).toContain(`Zahlbar bis ${dueDate.split('-').reverse().join('.')}`);
    expect(xml.body).toContain(`${dueDate.replaceAll('-', '')}</udt:DateTimeString>`);
    for (const field of [
      invoice.number!,
      'Alpenhof Salzburg GmbH',
      'ATU12345678',
      'Getreidegasse 12',
      'Franz Gast',
      'Hauptstraße 1',
      'Übernachtung Doppelzimmer',
      'Getränke Bar',
      '129,00',
    ]) {
      expect(text).toContain(field);
    }
    const loaded = await getDocument({ data: new Uint8Array(pdf.rawPayload) }).promise;
    const attachments = (await loaded.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    const embedded = Object.values(attachments).find((a) => a.filename === 'factur-x.xml');
    expect(Buffer.from(embedded!.content).toString('utf8')).toBe(xml.body);
    await loaded.destroy();

    expect(xml.body).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(xml.body).toContain('<ram:GrandTotalAmount>129.00</ram:GrandTotalAmount>');
    expect(xml.body).toContain('<ram:TotalPrepaidAmount>50.00</ram:TotalPrepaidAmount>');
    expect(await validator.problems(xml.body)).toEqual([]);

    // The job ran once; running again renders nothing new.
    const [done] = await t.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done!.status).toBe('done');
    await t.app.jobRunner.runDue();
    expect(parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice).fileId).toBe(stored.fileId);
  });

  test('of a German invoice with the local tax, in English, and its cancellation pass the EN 16931 rules', async ({
    demoApp: { t, ids },
    validator,
    today,
  }) => {
    const germany = ids[demo.germany]!;
    const client = await loginAt(t.app, demo.users.admin, germany);
    const folioId = await folio(t, today, germany, await customer(client, 'Jane Traveller', 'gb'), [
      { text: 'Accommodation', gross: 19000, basisPoints: 700, quantity: 2 },
      { text: 'Drinks', gross: 1500, basisPoints: 1900 },
      { text: 'City tax', gross: 500, basisPoints: 0, quantity: 2, localTax: true },
    ]);
    await payInCash(t, today, germany, folioId, 21000);
    const invoice = await issue(client, folioId);
    expect(invoice.status).toBe('paid');
    await runJobs(t);
    const before = await documents(client, invoice);
    expect(before.pdf.headers['content-disposition']).toBe(
      `attachment; filename="Invoice ${invoice.number}.pdf"`,
    );
    expect(before.xml.body).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(before.xml.body).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    // A German seller: USt-IdNr. and the register court; paid in full: no due date.
    const invoiceText = (await pdfText(before.pdf.rawPayload)).text;
    expect(invoiceText).toContain('VAT ID (USt-IdNr.) DE123456789');
    expect(invoiceText).toContain('Register court: Amtsgericht Charlottenburg');
    expect(invoiceText).toContain(`Total net ${squash(money(invoice.netAmount, 'en'))}`);
    expect(invoiceText).not.toContain('Payable by');
    expect(before.xml.body).not.toContain('<ram:DueDateDateTime>');
    expect(await validator.problems(before.xml.body)).toEqual([]);

    const cancelled = await client.post(`/api/invoices/${invoice.id}/actions/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const cancellation = parsed(cancelled, ZInvoice);
    await runJobs(t);
    const reversal = await documents(client, cancellation);
    expect(reversal.pdf.headers['content-disposition']).toBe(
      `attachment; filename="Cancellation invoice ${cancellation.number}.pdf"`,
    );
    // The cancellation prints its own (reversed) totals as the API answers them, and no amount owed.
    const cancellationText = (await pdfText(reversal.pdf.rawPayload)).text;
    expect(cancellationText).toContain(`Total ${squash(money(cancellation.totalAmount, 'en'))}`);
    expect(cancellationText).toContain(`Total net ${squash(money(cancellation.netAmount, 'en'))}`);
    expect(cancellationText).toContain(`Local tax ${squash(money(cancellation.localTaxAmount, 'en'))}`);
    expect(cancellationText).not.toContain('Amount due');
    expect(cancellationText).toContain('No amount is owed or to be refunded');
    expect(cancellation).toMatchObject({ paidAmount: 0, dueAmount: 0 });
    expect(reversal.xml.body).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
    expect(reversal.xml.body).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(reversal.xml.body).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    expect(await validator.problems(reversal.xml.body)).toEqual([]);
    expect((await pdfText(reversal.pdf.rawPayload)).text).toContain(invoice.number!);

    // Cancelling left the original's stored documents as they were, byte for byte.
    const after = await documents(client, invoice);
    expect(after.pdf.rawPayload.equals(before.pdf.rawPayload)).toBe(true);
    expect(after.xml.body).toBe(before.xml.body);
  });

  test('leave out a charge moved to another folio, and show a discount in its charge', async ({
    demoApp: { t, client: admin, ids },
    validator,
  }) => {
    const austria = ids[demo.austria]!;
    const [booking] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.propertyId, austria), eq(bookings.status, 'confirmed')))
      .orderBy(desc(bookings.checkIn))
      .limit(1);
    const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, booking!.id));
    const itemOf = async (type: string, name?: string) =>
      (
        await t.db
          .select()
          .from(items)
          .where(
            and(eq(items.propertyId, austria), eq(items.type, type), name ? eq(items.name, name) : undefined),
          )
      )[0]!.id;
    const post = async (itemId: string, unitAmount: number) => {
      const response = await admin.post(`/api/folios/${folio!.id}/charges`, { itemId, unitAmount });
      expect(response.statusCode, response.body).toBe(201);
      return parsed(response, ZFolio).charges.find((c) => c.itemId === itemId && c.kind === 'charge')!;
    };
    const parking = await post(await itemOf('other'), 1500);
    const drinks = await post(await itemOf('food_and_beverage', 'Getränke'), 1000);
    const company = await admin.post('/api/folios', { bookingId: booking!.id, name: 'Firma' });
    expect(company.statusCode, company.body).toBe(201);
    const moved = await admin.post(`/api/folios/${folio!.id}/charges/${parking.id}/move`, {
      targetFolioId: parsed(company, ZFolio).id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const discount = await admin.post(`/api/folios/${folio!.id}/charges/${drinks.id}/allowances`, {
      amount: 400,
      reason: 'Kulanz',
    });
    expect(discount.statusCode, discount.body).toBe(201);

    const invoice = await issue(admin, folio!.id);
    expect(invoice.lines.map((line) => line.text)).not.toContain(parking.text);
    expect(invoice.lines.find((line) => line.text === drinks.text)).toMatchObject({
      quantity: 1,
      grossAmount: 600,
    });
    expect(invoice.lines.every((line) => line.quantity > 0 && line.grossAmount > 0)).toBe(true);
    await runJobs(t);
    const { xml } = await documents(admin, invoice);
    expect(await validator.problems(xml.body)).toEqual([]);
  });

  test('are rendered in the worker thread, leaving the main thread free', async ({
    demoApp: { t, client: admin, ids },
    validator,
    today,
  }) => {
    const renderer = t.app.context.documents as InvoiceDocumentRenderer;
    const austria = ids[demo.austria]!;
    const folioId = await folio(t, today, austria, await customer(admin, 'Walter Werker', 'at'), [
      { text: 'Übernachtung', gross: 11000, basisPoints: 1000 },
    ]);
    const invoice = await issue(admin, folioId);
    const before = renderer.stats.rendered;
    // While the job waits for the worker, this thread keeps answering requests.
    const rendering = runJobs(t);
    const answered = await admin.get(`/api/invoices/${invoice.id}`);
    expect(answered.statusCode, answered.body).toBe(200);
    await rendering;
    expect(renderer.stats.rendered).toBe(before + 1);
    expect(renderer.stats.threadId).not.toBe(threadId);
    const { xml } = await documents(admin, invoice);
    expect(xml.body).toContain('<ram:GrandTotalAmount>110.00</ram:GrandTotalAmount>');
    expect(await validator.problems(xml.body)).toEqual([]);
  });

  test('a deliberately wrong total fails the EN 16931 rules', async ({
    demoApp: { t, client: admin, ids },
    validator,
    today,
  }) => {
    const austria = ids[demo.austria]!;
    const folioId = await folio(t, today, austria, await customer(admin, 'Probe Falsch', 'at'), [
      { text: 'Übernachtung', gross: 10000, basisPoints: 1000 },
    ]);
    const invoice = await issue(admin, folioId);
    await runJobs(t);
    const { xml } = await documents(admin, invoice);
    const wrong = xml.body.replace(
      '<ram:GrandTotalAmount>100.00</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount>101.00</ram:GrandTotalAmount>',
    );
    expect(wrong).not.toBe(xml.body);
    expect(await validator.problems(wrong)).not.toEqual([]);
  });

  test('cannot be deleted, replaced or read from another property; a draft has none', async ({
    demoApp: { t, client: admin, ids },
    today,
  }) => {
    const austria = ids[demo.austria]!;
    const folioId = await folio(t, today, austria, await customer(admin, 'Dora Entwurf', 'at'), [
      { text: 'Frühstück', gross: 1800, basisPoints: 1000 },
    ]);
    const draft = parsed(await admin.post('/api/invoices', { folioId, draft: true }), ZInvoice);
    expectProblem(await admin.get(`/api/invoices/${draft.id}/pdf`), 409, 'invoice/invalid_transition');
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(issued.statusCode, issued.body).toBe(200);
    await runJobs(t);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, draft.id));
    expectProblem(await admin.delete(`/api/files/${row!.fileId}`), 409, 'file/invoice_document');
    expectProblem(await admin.delete(`/api/files/${row!.xmlFileId}`), 409, 'file/invoice_document');
    await expect(
      t.db.update(files).set({ storageKey: 'elsewhere' }).where(eq(files.id, row!.xmlFileId!)),
    ).rejects.toThrow();
    await expect(
      t.db.update(invoices).set({ xmlFileId: row!.fileId }).where(eq(invoices.id, draft.id)),
    ).rejects.toThrow();

    const other = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await other.get(`/api/invoices/${draft.id}/pdf`), 404, 'not_found');
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get(`/api/invoices/${draft.id}/xml`), 403, 'auth/forbidden');
    expectProblem(await admin.get(`/api/invoices/${crypto.randomUUID()}/pdf`), 404, 'not_found');
    expectProblem(await admin.get('/api/invoices/nicht-da/pdf'), 400, 'validation');
  });
});

describe('the documents of an invoice to a company', () => {
  test('print the company, its contact person and VAT ID, and carry them into the e-invoice', async ({
    demoApp: { t, client: admin, ids },
    validator,
    today,
  }) => {
    const austria = ids[demo.austria]!;
    const folioId = await folio(t, today, austria, await customer(admin, 'Maria Muster', 'at'), [
      { text: 'Seminarraum', gross: 1_200_000, basisPoints: 2000 },
    ]);
    const draft = parsed(await admin.post('/api/invoices', { folioId, draft: true }), ZInvoice);
    expectProblem(
      await admin.post(`/api/invoices/${draft.id}/actions/issue`, {}),
      409,
      'invoice/due_amount_unconfirmed',
    );
    const company = await admin.put(`/api/invoices/${draft.id}`, {
      recipientCompany: 'Beispiel Handels GmbH',
      recipientVatId: 'ATU87654321',
    });
    expect(company.statusCode, company.body).toBe(200);
    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(issued.statusCode, issued.body).toBe(200);
    await runJobs(t);
    const { pdf, xml } = await documents(admin, parsed(issued, ZInvoice));
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Beispiel Handels GmbH z. Hd. Maria Muster Hauptstraße 1');
    expect(text).toContain('UID-Nr. des Empfängers: ATU87654321');
    const buyer = /<ram:BuyerTradeParty>([\s\S]*?)<\/ram:BuyerTradeParty>/.exec(xml.body)?.[1] ?? '';
    expect(buyer).toMatch(/<ram:Name>Beispiel Handels GmbH<\/ram:Name>/);
    expect(buyer).toMatch(/<ram:PersonName>Maria Muster<\/ram:PersonName>/);
    expect(buyer).toMatch(/<ram:ID schemeID="VA">ATU87654321<\/ram:ID>/);
    expect(await validator.problems(xml.body)).toEqual([]);
  });
});
