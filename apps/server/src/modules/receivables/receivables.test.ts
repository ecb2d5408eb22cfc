import { describe, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import {
  addDays,
  todayIn,
  ZEvent,
  ZFolio,
  ZInvoice,
  ZInvoiceReminder,
  ZInvoiceReminderList,
  ZReceivables,
  type TEvent,
  type TInvoice,
  type TReceivables,
} from '@pms/contract';
import { z } from 'zod';
import { invoiceReminders, mailMessages, paymentMethods } from '../../db/schema/index.ts';
import { MailFixtures } from '../../../test/mail-fixtures.ts';
import { formatMailDate } from '../mail/index.ts';
import {
  demo,
  expectProblem,
  loginAt,
  parsed,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { pdfText } from '../../../test/pdf-text.ts';

/** The answer of GET /api/invoices/:id/events. */
const ZEvents = z.object({ data: z.array(ZEvent) });

const test = apiTest.extend('receivable', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin, ids } = demoApp;
  const fixtures = new MailFixtures(t, admin);
  await fixtures.setUp('RV');
  const customerId = await fixtures.contact({
    name: 'Firma Bergbau GmbH',
    email: 'buchhaltung@bergbau.example',
    language: 'de',
  });
  const [transfer] = await t.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.propertyId, ids[demo.austria]!), eq(paymentMethods.kind, 'transfer')));
  const transferMethodId = transfer!.id;
  return { fixtures, customerId, transferMethodId };
});
test.afterEach(({ demoApp: { t } }) => {
  t.clock.reset();
});

const vienna = (t: TTestApp, instant = t.clock.now()) => todayIn('Europe/Vienna', instant);

/** Sets the clock to noon in Vienna of the day `days` after `from` (the clock's today). */
function travel(t: TTestApp, days: number, from = vienna(t)): string {
  const day = addDays(from, days);
  t.clock.set(`${day}T11:00:00Z`);
  return day;
}

/** An issued invoice over a fresh booking of the customer, closed with its whole amount open. */
async function openInvoice(fixtures: MailFixtures, customer: string): Promise<TInvoice> {
  const booking = await fixtures.booking(customer);
  const invoice = await fixtures.issuedInvoice(booking.id);
  expect(invoice.status).toBe('open');
  return invoice;
}

async function receivables(client: ApiClient, query: Record<string, string> = {}): Promise<TReceivables> {
  const response = await client.get('/api/receivables', { query });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZReceivables);
}

async function events(admin: ApiClient, invoiceId: string): Promise<TEvent[]> {
  const response = await admin.get(`/api/invoices/${invoiceId}/events`);
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZEvents).data;
}

describe('the receivables list', () => {
  test('lists open invoices with their age, due day and next reminder, and sums them per bracket', async ({
    demoApp: { t, client: admin },
    receivable: { fixtures, customerId },
  }) => {
    const invoice = await openInvoice(fixtures, customerId);
    const today = vienna(t);
    expect(invoice.dueOn).toBe(addDays(today, 14));
    const list = await receivables(admin);
    const row = list.data.find((entry) => entry.id === invoice.id)!;
    expect(row).toMatchObject({
      number: invoice.number,
      issuedOn: today,
      ageDays: 0,
      bucket: '0-30',
      overdueDays: 0,
      dueAmount: invoice.totalAmount,
      lastReminder: null,
      nextReminder: { level: 1, from: addDays(today, 15) },
    });
    expect(row.bookingCode).toBeTruthy();
    expect(list.asOf).toBe(today);
    expect(list.total.dueAmount).toBe(list.data.reduce((sum, entry) => sum + entry.dueAmount, 0));
    expect(list.buckets.map((bucket) => bucket.bucket)).toEqual(['0-30', '31-60', '61-90', '90+']);
    expect(list.buckets.reduce((sum, bucket) => sum + bucket.dueAmount, 0)).toBe(list.total.dueAmount);

    // 45 days later the same invoice is in the second bracket and 31 days overdue.
    travel(t, 45);
    const later = (await receivables(admin, { bucket: '31-60' })).data.find(
      (entry) => entry.id === invoice.id,
    );
    expect(later).toMatchObject({ ageDays: 45, bucket: '31-60', overdueDays: 31 });
    expect((await receivables(admin, { bucket: '0-30' })).data.map((entry) => entry.id)).not.toContain(
      invoice.id,
    );

    const found = await receivables(admin, { search: invoice.number! });
    expect(found.data.map((entry) => entry.id)).toEqual([invoice.id]);
  });

  test('holds the demo company’s overdue seminar invoices, ready for a reminder', async ({
    demoApp: { client: admin },
  }) => {
    const list = await receivables(admin);
    const seminars = list.data.filter((entry) => entry.recipientCompany === 'Alpen Consulting GmbH');
    expect(seminars.map((entry) => [entry.bucket, entry.nextReminder?.level])).toEqual([
      ['61-90', 1],
      ['31-60', 1],
    ]);
    for (const seminar of seminars) expect(seminar.overdueDays).toBeGreaterThan(0);
  });

  test('is the property’s own and closed to roles without invoices', async ({
    demoApp: { t, client: admin, ids },
    receivable: { fixtures, customerId },
  }) => {
    const invoice = await openInvoice(fixtures, customerId);
    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expect((await receivables(germany)).data.map((entry) => entry.id)).not.toContain(invoice.id);
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    expectProblem(await cleaning.get('/api/receivables'), 403, 'auth/forbidden');
    expectProblem(await admin.get('/api/receivables', { query: { bucket: '100+' } }), 400, 'validation');
  });
});

describe('a payment on an open invoice after its folio closed', () => {
  test('is booked on the folio, never more than is open, and pays the invoice once covered', async ({
    demoApp: { client: admin },
    receivable: { fixtures, customerId, transferMethodId },
  }) => {
    const invoice = await openInvoice(fixtures, customerId);
    const payment = { paymentMethodId: transferMethodId, reference: 'Überweisung 4711' };
    const first = await admin.post(`/api/invoices/${invoice.id}/payments`, { ...payment, amount: 5000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(parsed(first, ZInvoice)).toMatchObject({
      status: 'open',
      paidAmount: 5000,
      dueAmount: invoice.totalAmount - 5000,
    });
    const listed = (await receivables(admin)).data.find((entry) => entry.id === invoice.id)!;
    expect(listed.dueAmount).toBe(invoice.totalAmount - 5000);

    const tooMuch = expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/payments`, { ...payment, amount: invoice.totalAmount }),
      400,
      'payment/exceeds_due',
    );
    expect(tooMuch.params).toMatchObject({ dueAmount: invoice.totalAmount - 5000 });

    const rest = await admin.post(`/api/invoices/${invoice.id}/payments`, {
      ...payment,
      amount: invoice.totalAmount - 5000,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(parsed(rest, ZInvoice)).toMatchObject({ status: 'paid', dueAmount: 0 });
    expect((await receivables(admin)).data.map((entry) => entry.id)).not.toContain(invoice.id);
    const types = (await events(admin, invoice.id)).map((event) => event.type);
    expect(types.filter((type) => type === 'payment_received')).toHaveLength(2);
    expect(types).toContain('paid');

    expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/payments`, { ...payment, amount: 100 }),
      409,
      'invoice/invalid_transition',
    );
  });

  test('takes one of two payments of the whole amount sent at once', async ({
    demoApp: { client: admin },
    receivable: { fixtures, customerId, transferMethodId },
  }) => {
    const invoice = await openInvoice(fixtures, customerId);
    const body = { paymentMethodId: transferMethodId, amount: invoice.totalAmount };
    const answers = await Promise.all([
      admin.post(`/api/invoices/${invoice.id}/payments`, body),
      admin.post(`/api/invoices/${invoice.id}/payments`, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const folio = await admin.get(`/api/folios/${invoice.folioId}`);
    expect(parsed(folio, ZFolio).totals.paidAmount).toBe(invoice.totalAmount);
  });

  test('refuses a draft, bad input, another property’s invoice and roles without the folio', async ({
    demoApp: { t, client: admin, ids },
    receivable: { fixtures, customerId, transferMethodId },
  }) => {
    const booking = await fixtures.booking(customerId);
    const draft = await fixtures.draftInvoice(booking.id);
    const body = { paymentMethodId: transferMethodId, amount: 100 };
    expectProblem(
      await admin.post(`/api/invoices/${draft.id}/payments`, body),
      409,
      'invoice/invalid_transition',
    );
    const invoice = await openInvoice(fixtures, customerId);
    for (const bad of [
      { ...body, amount: 0 },
      { ...body, amount: -5 },
      { ...body, amount: 1.5 },
      { amount: 100 },
    ])
      expectProblem(await admin.post(`/api/invoices/${invoice.id}/payments`, bad), 400, 'validation');
    expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/payments`, {
        ...body,
        paymentMethodId: crypto.randomUUID(),
      }),
      404,
      'not_found',
    );
    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await germany.post(`/api/invoices/${invoice.id}/payments`, body), 404, 'not_found');
    const catering = await loginAt(t.app, demo.users.catering, ids[demo.austria]!);
    expectProblem(await catering.post(`/api/invoices/${invoice.id}/payments`, body), 403, 'auth/forbidden');
    expect(parsed(await admin.get(`/api/invoices/${invoice.id}`), ZInvoice).paidAmount).toBe(0);
  });
});

describe('payment reminders', () => {
  test('sends the reminder after the due day and the dunning letter after its deadline, each once', async ({
    demoApp: { t, client: admin },
    receivable: { fixtures, customerId },
  }) => {
    const invoice = await openInvoice(fixtures, customerId);
    const issuedOn = vienna(t);
    const early = expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/reminders`, {}),
      409,
      'invoice/reminder_not_due',
    );
    expect(early.params).toMatchObject({ level: 1, from: addDays(issuedOn, 15) });

    const reminderDay = travel(t, 15, issuedOn);
    const created = await admin.post(`/api/invoices/${invoice.id}/reminders`, {});
    expect(created.statusCode, created.body).toBe(201);
    const reminder = parsed(created, ZInvoiceReminder);
    expect(reminder).toMatchObject({
      level: 1,
      issuedOn: reminderDay,
      payBy: addDays(reminderDay, 10),
      dueAmount: invoice.totalAmount,
    });
    expect(reminder.mailMessageId).toBeTruthy();

    // The e-mail: the reminder's text, its letter and the invoice attached, both PDFs.
    await fixtures.ensureInvoiceDocument(invoice.id);
    await t.app.jobRunner.runDue();
    const [sent] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, reminder.mailMessageId!));
    expect(sent).toMatchObject({
      kind: 'reminder',
      status: 'sent',
      toAddress: 'buchhaltung@bergbau.example',
    });
    const parsedMail = await simpleParser(sent!.raw);
    expect(parsedMail.subject).toBe(`Zahlungserinnerung zur Rechnung ${invoice.number}`);
    expect(parsedMail.text).toContain(
      `Bitte überweisen Sie den Betrag bis ${formatMailDate(reminder.payBy, 'de-AT')}`,
    );
    expect(parsedMail.html).toBeTruthy();
    const pdfs = parsedMail.attachments.filter((file) => file.contentType === 'application/pdf');
    expect(pdfs.map((file) => file.filename)).toEqual([
      `Zahlungserinnerung ${invoice.number}.pdf`,
      `${invoice.number}.pdf`,
    ]);
    const letter = (await pdfText(pdfs[0]!.content)).text;
    expect(letter).toContain('Zahlungserinnerung');
    expect(letter).toContain(`Rechnung Nr. ${invoice.number} vom ${formatGerman(issuedOn)}`);
    expect(letter).toContain(`war am ${formatGerman(invoice.dueOn!)} fällig`);
    expect(letter).toContain(`bis spätestens ${formatGerman(reminder.payBy)}`);
    expect(letter).toMatch(/IBAN/);

    const download = await admin.get(`/api/invoices/${invoice.id}/reminders/${reminder.id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(download.rawPayload)).text).toBe(letter);

    // The dunning letter waits for the reminder's deadline.
    const waiting = expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/reminders`, {}),
      409,
      'invoice/reminder_not_due',
    );
    expect(waiting.params).toMatchObject({ level: 2, from: addDays(reminder.payBy, 1) });
    const dunningDay = travel(t, 11, reminderDay);
    const dunning = await admin.post(`/api/invoices/${invoice.id}/reminders`, { send: false });
    expect(dunning.statusCode, dunning.body).toBe(201);
    expect(parsed(dunning, ZInvoiceReminder)).toMatchObject({
      level: 2,
      issuedOn: dunningDay,
      mailMessageId: null,
    });
    const dunningLetter = await admin.get(
      `/api/invoices/${invoice.id}/reminders/${parsed(dunning, ZInvoiceReminder).id}/pdf`,
    );
    const dunningText = (await pdfText(dunningLetter.rawPayload)).text;
    expect(dunningText).toContain('Mahnung');
    expect(dunningText).toContain(`trotz unserer Zahlungserinnerung vom ${formatGerman(reminderDay)}`);

    expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/reminders`, {}),
      409,
      'invoice/reminders_exhausted',
    );
    const list = await admin.get(`/api/invoices/${invoice.id}/reminders`);
    expect(parsed(list, ZInvoiceReminderList).data.map((entry) => entry.level)).toEqual([1, 2]);
    const row = (await receivables(admin)).data.find((entry) => entry.id === invoice.id)!;
    expect(row).toMatchObject({ lastReminder: { level: 2, issuedOn: dunningDay }, nextReminder: null });
    const types = (await events(admin, invoice.id)).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['reminder_created', 'dunning_created', 'mail_sent']));
  });

  test('writes the reminder in English for an English customer, and to the address asked for', async ({
    demoApp: { t, client: admin },
    receivable: { fixtures },
  }) => {
    const english = await fixtures.contact({ name: 'Jane Payer', email: 'jane@example.com', language: 'en' });
    const invoice = await openInvoice(fixtures, english);
    travel(t, 15);
    const created = await admin.post(`/api/invoices/${invoice.id}/reminders`, { to: 'ap@example.com' });
    expect(created.statusCode, created.body).toBe(201);
    const message = await fixtures.message(parsed(created, ZInvoiceReminder).mailMessageId!);
    expect(message).toMatchObject({ kind: 'reminder', language: 'en', to: 'ap@example.com' });
    expect(message.subject).toBe(`Payment reminder for invoice ${invoice.number}`);
    const letter = await admin.get(
      `/api/invoices/${invoice.id}/reminders/${parsed(created, ZInvoiceReminder).id}/pdf`,
    );
    expect((await pdfText(letter.rawPayload)).text).toContain('Payment reminder');
  });

  test('writes nothing when the e-mail has no address, and refuses what cannot be reminded', async ({
    demoApp: { t, client: admin, ids },
    receivable: { fixtures, customerId, transferMethodId },
  }) => {
    const silent = await fixtures.contact({ name: 'Ohne Adresse' });
    const invoice = await openInvoice(fixtures, silent);
    travel(t, 15);
    expectProblem(await admin.post(`/api/invoices/${invoice.id}/reminders`, {}), 400, 'mail/no_recipient');
    expect(
      await t.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id)),
    ).toEqual([]);
    const printed = await admin.post(`/api/invoices/${invoice.id}/reminders`, { send: false });
    expect(printed.statusCode, printed.body).toBe(201);

    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await germany.post(`/api/invoices/${invoice.id}/reminders`, {}), 404, 'not_found');
    expectProblem(await germany.get(`/api/invoices/${invoice.id}/reminders`), 404, 'not_found');
    expectProblem(
      await germany.get(`/api/invoices/${invoice.id}/reminders/${parsed(printed, ZInvoiceReminder).id}/pdf`),
      404,
      'not_found',
    );
    expectProblem(await germany.get(`/api/invoices/${invoice.id}/events`), 404, 'not_found');
    expectProblem(
      await admin.get(`/api/invoices/${invoice.id}/reminders/${crypto.randomUUID()}/pdf`),
      404,
      'not_found',
    );
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    expectProblem(await cleaning.post(`/api/invoices/${invoice.id}/reminders`, {}), 403, 'auth/forbidden');
    expectProblem(
      await admin.post(`/api/invoices/${invoice.id}/reminders`, { to: 'not-an-address' }),
      400,
      'validation',
    );

    const paid = await openInvoice(fixtures, customerId);
    await admin.post(`/api/invoices/${paid.id}/payments`, {
      paymentMethodId: transferMethodId,
      amount: paid.totalAmount,
    });
    expectProblem(
      await admin.post(`/api/invoices/${paid.id}/reminders`, {}),
      409,
      'invoice/invalid_transition',
    );
  });

  test('sends one reminder when two are asked for at once', async ({
    demoApp: { t, client: admin },
    receivable: { fixtures, customerId },
  }) => {
    const invoice = await openInvoice(fixtures, customerId);
    travel(t, 15);
    const answers = await Promise.all([
      admin.post(`/api/invoices/${invoice.id}/reminders`, { send: false }),
      admin.post(`/api/invoices/${invoice.id}/reminders`, { send: false }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });
});

function formatGerman(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}
