import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { ZMailMessage, ZMailMessageListItem, ZMailTemplate, ZPaged } from '@pms/contract';
import { bookingLinks, events, jobs, mailMessages } from '../../db/schema/index.ts';
import { demo, expectProblem, loginAt, parsed, type TTestApp } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { MailFixtures } from '../../../test/mail-fixtures.ts';

/** The mail fixtures of the file (rooms and rate 'MA'), and a guest with an English e-mail address. */
const test = apiTest.extend('mail', { scope: 'file' }, async ({ demoApp: { t, client: admin } }) => {
  const fixtures = new MailFixtures(t, admin);
  await fixtures.setUp('MA');
  const guestId = await fixtures.contact({ name: 'Emma Gast', email: 'emma@example.com', language: 'en' });
  return { fixtures, guestId };
});

async function bookingEvents(t: TTestApp, bookingId: string) {
  return t.db
    .select()
    .from(events)
    .where(and(eq(events.objectType, 'booking'), eq(events.objectId, bookingId)));
}

describe('sending the booking link', () => {
  test('queues the link e-mail in the guest’s language and answers it as an .eml file', async ({
    demoApp: { t, client: admin },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const response = await admin.post(`/api/bookings/${booking.id}/links/${booking.link.id}/send`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('message/rfc822');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=${booking.code}.eml`);
    const raw = response.body;
    expect(raw).toMatch(/^To: emma@example\.com\r$/m);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Your stay at Alpenhof Salzburg');
    expect(parsed.text).toContain(booking.link.url);

    const messageId = String(response.headers.location).split('/').pop()!;
    const message = await fixtures.message(messageId);
    expect(message).toMatchObject({
      kind: 'link',
      language: 'en',
      to: 'emma@example.com',
      status: 'queued',
      attempts: 0,
      bookingId: booking.id,
      invoiceId: null,
      transport: null,
    });
    expect(message.text).toContain('Dear Emma Gast');
    expect(message.text).toMatch(/from \d{1,2} [A-Z][a-z]+ \d{4} to/);
    // The stored message is byte for byte the one answered.
    expect((await admin.get(`/api/mail_messages/${messageId}/eml`)).body).toBe(raw);

    // Without SMTP_URL the runner keeps it in the development outbox, delivered there.
    await t.app.jobRunner.runDue();
    expect(await fixtures.message(messageId)).toMatchObject({
      status: 'sent',
      transport: 'outbox',
      attempts: 1,
      lastError: null,
    });
    expect((await admin.get(`/api/mail_messages/${messageId}/eml`)).body).toBe(raw);
    const sent = (await bookingEvents(t, booking.id)).filter((event) => event.type === 'mail_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ actorType: 'system', data: { mailMessageId: messageId, kind: 'link' } });
    const tab = await admin.get(`/api/bookings/${booking.id}/events`);
    expect(JSON.stringify(tab.json())).toContain('mail_sent');
  });

  test('uses the general settings’ German text with its placeholders, and the address asked for', async ({
    demoApp: { client: admin },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const patch = await admin.patch('/api/settings/general', {
      linkEmailSubject: 'Buchung {bookingCode}',
      linkEmailBody: 'Hallo {guestName}, {link} ({checkIn} bis {checkOut}, {propertyName})',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const response = await admin.post(`/api/bookings/${booking.id}/links/${booking.link.id}/send`, {
      to: 'front@example.org',
      language: 'de',
    });
    expect(response.statusCode, response.body).toBe(200);
    const message = await fixtures.message(String(response.headers.location).split('/').pop()!);
    expect(message.to).toBe('front@example.org');
    expect(message.subject).toBe(`Buchung ${booking.code}`);
    expect(message.text).toMatch(
      new RegExp(
        `^Hallo Emma Gast, ${booking.link.url} \\(\\d{1,2}\\. \\S+ \\d{4} bis .+, Alpenhof Salzburg\\)$`,
      ),
    );
  });

  test('refuses unknown placeholders in the general settings', async ({ demoApp: { client: admin } }) => {
    expectProblem(
      await admin.patch('/api/settings/general', { linkEmailBody: 'Hallo {name}, {link}' }),
      400,
      'mail/unknown_placeholder',
    );
    expectProblem(
      await admin.patch('/api/settings/general', { linkEmailSubject: 'Rechnung {invoiceNumber}' }),
      400,
      'mail/unknown_placeholder',
    );
  });

  test('refuses a booking without an address, a revoked or unknown link, and bad input', async ({
    demoApp: { t, client: admin },
    mail: { fixtures, guestId },
  }) => {
    const nobody = await fixtures.booking(await fixtures.contact({ name: 'Ohne Adresse' }));
    const url = `/api/bookings/${nobody.id}/links/${nobody.link.id}/send`;
    expectProblem(await admin.post(url, {}), 400, 'mail/no_recipient');
    expectProblem(await admin.post(url, { to: 'not-an-address' }), 400, 'validation');
    expectProblem(await admin.post(url, { language: 'fr' }), 400, 'validation');
    expectProblem(await admin.post(url, { to: 'x@example.com' }, { xsrf: false }), 403, 'auth/xsrf_invalid');
    expectProblem(
      await admin.post(`/api/bookings/${nobody.id}/links/unknown-link/send`, { to: 'x@example.com' }),
      404,
      'not_found',
    );
    const other = await fixtures.booking(guestId);
    expectProblem(
      await admin.post(`/api/bookings/${nobody.id}/links/${other.link.id}/send`, { to: 'x@example.com' }),
      404,
      'not_found',
    );
    await t.db.update(bookingLinks).set({ revokedAt: new Date() }).where(eq(bookingLinks.id, other.link.id));
    expectProblem(
      await admin.post(`/api/bookings/${other.id}/links/${other.link.id}/send`, {}),
      409,
      'mail/link_inactive',
    );
    const queued = await t.db.select().from(mailMessages).where(eq(mailMessages.bookingId, nobody.id));
    expect(queued).toEqual([]);
  });

  test('answers 404 for another property’s booking and refuses roles without bookings write', async ({
    demoApp: { t, ids },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const url = `/api/bookings/${booking.id}/links/${booking.link.id}/send`;
    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await germany.post(url, {}), 404, 'not_found');
    for (const role of ['cleaning', 'catering'] as const) {
      const user = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      expectProblem(await user.post(url, {}), 403, 'auth/forbidden');
    }
    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    expect((await staff.post(url, {})).statusCode).toBe(200);
  });
});

describe('the booking confirmation', () => {
  test('goes to the customer in the property’s template, with the link', async ({
    demoApp: { t, client: admin },
    mail: { fixtures },
  }) => {
    const customer = await fixtures.contact({ name: 'Karl Kunde', email: 'karl@example.com' });
    const booking = await fixtures.booking(customer);
    const saved = await admin.put('/api/email_templates/confirmation/de', {
      subject: 'Bestätigt: {bookingCode}',
      text: 'Lieber {guestName}, bis {checkOut}. {link}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await admin.post(`/api/bookings/${booking.id}/confirmation/send`, {});
    expect(response.statusCode, response.body).toBe(202);
    const message = parsed(response, ZMailMessage);
    expect(message).toMatchObject({
      kind: 'confirmation',
      language: 'de',
      to: 'karl@example.com',
      subject: `Bestätigt: ${booking.code}`,
      status: 'queued',
    });
    expect(message.text).toBe(
      `Lieber Karl Kunde, bis ${new Intl.DateTimeFormat('de-AT', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${booking.checkOut}T00:00:00Z`))}. ${booking.link.url}`,
    );
    const [job] = await t.db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
    expect(job).toBeDefined();
  });

  test('is refused for a cancelled booking and without an address', async ({
    demoApp: { client: admin },
    mail: { fixtures },
  }) => {
    const booking = await fixtures.booking(null);
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/confirmation/send`),
      400,
      'mail/no_recipient',
    );
    const cancel = await admin.post(`/api/bookings/${booking.id}/actions/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/confirmation/send`, { to: 'x@example.com' }),
      409,
      'booking/invalid_transition',
    );
  });

  test('answers 404 for another property’s booking, refuses roles without bookings write, and records the sending', async ({
    demoApp: { t, ids },
    mail: { fixtures },
  }) => {
    const customer = await fixtures.contact({ name: 'Clara Kundin', email: 'clara@example.com' });
    const booking = await fixtures.booking(customer);
    const url = `/api/bookings/${booking.id}/confirmation/send`;
    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await germany.post(url, {}), 404, 'not_found');
    for (const role of ['cleaning', 'catering'] as const) {
      const user = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      expectProblem(await user.post(url, {}), 403, 'auth/forbidden');
    }
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.bookingId, booking.id))).toEqual([]);
    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    const response = await staff.post(url, { to: 'other@example.com' });
    expect(response.statusCode, response.body).toBe(202);
    expect(parsed(response, ZMailMessage)).toMatchObject({ kind: 'confirmation', to: 'other@example.com' });
    await t.app.jobRunner.runDue();
    const sent = (await bookingEvents(t, booking.id)).filter((event) => event.type === 'mail_sent');
    expect(sent.map((event) => event.data)).toEqual([expect.objectContaining({ kind: 'confirmation' })]);
  });
});

describe('the confirmation of a new booking', () => {
  async function confirmations(t: TTestApp, bookingId: string) {
    await t.app.jobRunner.runDue();
    return t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.bookingId, bookingId), eq(mailMessages.kind, 'confirmation')));
  }

  test('is not sent while the general setting is off, which it is at first', async ({
    demoApp: { t, client: admin },
    mail: { fixtures },
  }) => {
    expect((await admin.get('/api/settings/general')).json()).toMatchObject({
      sendConfirmationOnCreate: false,
    });
    const customer = await fixtures.contact({ name: 'Olga Ohne', email: 'olga@example.com' });
    expect(await confirmations(t, (await fixtures.booking(customer)).id)).toEqual([]);
  });

  test('goes to the customer with an address when the setting is on; without one the booking stands', async ({
    demoApp: { t, client: admin },
    mail: { fixtures },
  }) => {
    const on = await admin.patch('/api/settings/general', { sendConfirmationOnCreate: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ sendConfirmationOnCreate: true });
    try {
      const customer = await fixtures.contact({
        name: 'Nora Neu',
        email: 'nora@example.com',
        language: 'en',
      });
      const booking = await fixtures.booking(customer);
      const [message] = await confirmations(t, booking.id);
      expect(message).toMatchObject({ toAddress: 'nora@example.com', language: 'en' });
      const sent = (await bookingEvents(t, booking.id)).filter((event) => event.type === 'mail_sent');
      expect(sent.map((event) => event.data)).toEqual([expect.objectContaining({ kind: 'confirmation' })]);

      const silent = await fixtures.contact({ name: 'Stefan Still' });
      const withoutAddress = await fixtures.booking(silent);
      expect(await confirmations(t, withoutAddress.id)).toEqual([]);
      const pending = await t.db.select().from(jobs).where(eq(jobs.type, 'mail.booking_confirmation'));
      expect(pending.map((job) => job.status)).toEqual(pending.map(() => 'done'));
      expect(await confirmations(t, (await fixtures.booking(null)).id)).toEqual([]);
    } finally {
      await admin.patch('/api/settings/general', { sendConfirmationOnCreate: false });
    }
  });
});

describe('e-mail templates', () => {
  test('lists German and English defaults and saved texts; refuses unknown placeholders', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const list = await admin.get('/api/email_templates');
    expect(list.statusCode, list.body).toBe(200);
    const templates = parsed(list, z.object({ data: z.array(ZMailTemplate) })).data;
    expect(templates.map((entry) => `${entry.kind}/${entry.language}`)).toEqual([
      'confirmation/de',
      'confirmation/en',
      'invoice/de',
      'invoice/en',
      'reminder/de',
      'reminder/en',
      'dunning/de',
      'dunning/en',
    ]);
    expect(templates.find((entry) => entry.kind === 'invoice' && entry.language === 'en')).toMatchObject({
      isDefault: true,
      subject: 'Your invoice {invoiceNumber}',
    });
    expectProblem(
      await admin.put('/api/email_templates/confirmation/en', { subject: 'X {invoiceNumber}', text: 'Hi' }),
      400,
      'mail/unknown_placeholder',
    );
    expectProblem(
      await admin.put('/api/email_templates/invoice/en', { subject: 'X', text: 'Hi {guest}' }),
      400,
      'mail/unknown_placeholder',
    );
    expectProblem(
      await admin.put('/api/email_templates/link/en', { subject: 'X', text: 'Y' }),
      400,
      'validation',
    );
    expectProblem(
      await admin.put('/api/email_templates/invoice/fr', { subject: 'X', text: 'Y' }),
      400,
      'validation',
    );
    expectProblem(
      await admin.put('/api/email_templates/invoice/en', { subject: '', text: 'Y' }),
      400,
      'validation',
    );
    const saved = await admin.put('/api/email_templates/invoice/en', {
      subject: 'Invoice {invoiceNumber}',
      text: 'Amount {invoiceAmount}',
    });
    expect(parsed(saved, ZMailTemplate)).toMatchObject({
      isDefault: false,
      subject: 'Invoice {invoiceNumber}',
    });
    // Each property keeps its own.
    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const theirs = parsed(
      await germany.get('/api/email_templates'),
      z.object({ data: z.array(ZMailTemplate) }),
    ).data;
    expect(theirs.find((entry) => entry.kind === 'invoice' && entry.language === 'en')!.isDefault).toBe(true);
    for (const role of ['staff', 'cleaning', 'catering'] as const) {
      const user = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      expectProblem(await user.get('/api/email_templates'), 403, 'auth/forbidden');
      expectProblem(
        await user.put('/api/email_templates/invoice/en', { subject: 'X', text: 'Y' }),
        403,
        'auth/forbidden',
      );
    }
  });
});

describe('the invoice e-mail', () => {
  test('refuses a draft, and queues an issued invoice with its PDF to come', async ({
    demoApp: { t, client: admin, ids },
    mail: { fixtures },
  }) => {
    const customer = await fixtures.contact({
      name: 'Rita Rechnung',
      email: 'rita@example.com',
      language: 'en',
    });
    const draftBooking = await fixtures.booking(customer);
    const draft = await fixtures.draftInvoice(draftBooking.id);
    expectProblem(await admin.post(`/api/invoices/${draft.id}/send`, {}), 409, 'invoice/invalid_transition');

    const booking = await fixtures.booking(customer);
    const invoice = await fixtures.issuedInvoice(booking.id);
    const response = await admin.post(`/api/invoices/${invoice.id}/send`, {});
    expect(response.statusCode, response.body).toBe(202);
    const message = parsed(response, ZMailMessage);
    expect(message).toMatchObject({
      kind: 'invoice',
      language: 'en',
      to: 'rita@example.com',
      invoiceId: invoice.id,
      bookingId: booking.id,
      attachments: [{ name: `${invoice.number}.pdf`, mimeType: 'application/pdf' }],
    });
    expect(message.subject).toContain(invoice.number!);
    expect(message.text).toMatch(/€\d|€ \d/);
    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await germany.post(`/api/invoices/${invoice.id}/send`, {}), 404, 'not_found');
    expectProblem(await germany.get(`/api/mail_messages/${message.id}`), 404, 'not_found');
    expectProblem(await germany.get(`/api/mail_messages/${message.id}/eml`), 404, 'not_found');
    expectProblem(await germany.post(`/api/mail_messages/${message.id}/actions/retry`), 404, 'not_found');
    const catering = await loginAt(t.app, demo.users.catering, ids[demo.austria]!);
    expectProblem(await catering.post(`/api/invoices/${invoice.id}/send`, {}), 403, 'auth/forbidden');
  });
});

describe('the outbox', () => {
  test('lists messages by booking and status, and retries only failed ones', async ({
    demoApp: { t, client: admin, ids },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const first = parsed(await admin.post(`/api/bookings/${booking.id}/confirmation/send`, {}), ZMailMessage);
    const page = await admin.get('/api/mail_messages', { query: { bookingId: booking.id } });
    expect(page.statusCode, page.body).toBe(200);
    const listed = parsed(page, ZPaged(ZMailMessageListItem));
    expect(listed.count).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: first.id, status: 'queued', to: 'emma@example.com' });
    expect(listed.data[0]).not.toHaveProperty('text');
    expectProblem(await admin.post(`/api/mail_messages/${first.id}/actions/retry`), 409, 'mail/not_failed');

    await t.db
      .update(mailMessages)
      .set({ status: 'failed', lastError: 'refused' })
      .where(eq(mailMessages.id, first.id));
    const failed = await admin.get('/api/mail_messages', { query: { status: 'failed' } });
    expect(parsed(failed, ZPaged(ZMailMessageListItem)).data.map((entry) => entry.id)).toContain(first.id);
    const retried = await admin.post(`/api/mail_messages/${first.id}/actions/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(parsed(retried, ZMailMessage).status).toBe('queued');
    await t.app.jobRunner.runDue();
    expect(await fixtures.message(first.id)).toMatchObject({ status: 'sent', transport: 'outbox' });

    expectProblem(await admin.get('/api/mail_messages', { query: { status: 'lost' } }), 400, 'validation');
    expectProblem(await admin.get('/api/mail_messages/not-a-uuid'), 400, 'validation');
    expectProblem(await admin.get(`/api/mail_messages/${crypto.randomUUID()}`), 404, 'not_found');
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    expectProblem(await cleaning.get('/api/mail_messages'), 403, 'auth/forbidden');
    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    expect((await staff.get(`/api/mail_messages/${first.id}`)).statusCode).toBe(200);
  });
});
