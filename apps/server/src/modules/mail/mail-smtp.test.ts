import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { describe, expect } from 'vitest';
import { ZFile, ZMailMessage, ZMailMessageListItem, ZPaged } from '@pms/contract';
import { events } from '../../db/schema/index.ts';
import {
  buildTestApp,
  demo,
  login,
  parsed,
  propertyIds,
  switchProperty,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { MailFixtures } from '../../../test/mail-fixtures.ts';
import { pngBytes } from '../../../test/helpers.ts';

type TReceived = { from: string; to: string[]; raw: Buffer };

/** A real SMTP server on loopback that keeps what it receives. */
class LoopbackSmtp {
  readonly received: TReceived[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const envelope = session.envelope;
          this.received.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const test = apiTest
  /** A real SMTP server on loopback, up for the file. */
  .extend('smtp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const smtp = new LoopbackSmtp();
    await smtp.start();
    onCleanup(() => smtp.stop());
    return smtp;
  })
  /** The application sending through that server, signed in as the admin in the Austrian property. */
  .override('demoApp', { scope: 'file' }, async ({ smtp }, { onCleanup }) => {
    const t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    onCleanup(() => t.close());
    const client = await login(t.app, demo.users.admin);
    const ids = await propertyIds(client);
    await switchProperty(client, ids[demo.austria]!);
    return { t, client, ids };
  })
  .extend('mail', { scope: 'file', auto: true }, async ({ demoApp }) => {
    const { t, client: admin, ids } = demoApp;
    const propertyId = ids[demo.austria]!;
    const fixtures = new MailFixtures(t, admin);
    await fixtures.setUp('MS');
    const guestId = await fixtures.contact({ name: 'Sam Smtp', email: 'sam@example.com', language: 'en' });
    return { fixtures, guestId, propertyId };
  });

/** Runs the due jobs as the runner would, an hour later each time, so any retry is due. */
async function runJobsLater(t: TTestApp): Promise<void> {
  t.clock.advance(3_600_000);
  await t.app.jobRunner.runDue();
}

async function mailEvents(
  t: TTestApp,
  objectType: 'booking' | 'invoice',
  objectId: string,
): Promise<string[]> {
  const rows = await t.db
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.objectType, objectType), eq(events.objectId, objectId)));
  return rows.map((row) => row.type).filter((type) => type.startsWith('mail_'));
}

describe('e-mail over SMTP', () => {
  test('delivers the link e-mail exactly as stored', async ({
    smtp,
    demoApp: { t, client: admin },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const response = await admin.post(`/api/bookings/${booking.id}/links/${booking.link.id}/send`, {});
    expect(response.statusCode, response.body).toBe(200);
    const id = String(response.headers.location).split('/').pop()!;
    const before = smtp.received.length;
    await t.app.jobRunner.runDue();

    expect(smtp.received).toHaveLength(before + 1);
    const delivered = smtp.received.at(-1)!;
    expect(delivered.to).toEqual(['sam@example.com']);
    expect(delivered.from).toMatch(/@/);
    // What the server received is the .eml the route answered and the outbox keeps (SMTP ends it with CRLF).
    expect(delivered.raw.toString('utf8').trimEnd()).toBe(response.body.trimEnd());
    const parsedMail = await simpleParser(delivered.raw);
    expect(parsedMail.subject).toBe('Your stay at Alpenhof Salzburg');
    expect(parsedMail.text).toContain(booking.link.url);
    expect(await fixtures.message(id)).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
    expect(await mailEvents(t, 'booking', booking.id)).toEqual(['mail_sent']);
  });

  test('delivers the invoice e-mail with its PDF, once the PDF is stored', async ({
    smtp,
    demoApp: { t, client: admin },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const invoice = await fixtures.issuedInvoice(booking.id);
    const response = await admin.post(`/api/invoices/${invoice.id}/send`, {});
    expect(response.statusCode, response.body).toBe(202);
    const id = parsed(response, ZMailMessage).id;
    const before = smtp.received.length;

    // Whether or not the render job has stored the PDF by now, the message waits for it and then goes.
    for (let round = 0; round < 5 && (await fixtures.message(id)).status !== 'sent'; round++) {
      await runJobsLater(t);
      await fixtures.ensureInvoiceDocument(invoice.id);
    }
    const message = await fixtures.message(id);
    expect(message).toMatchObject({ status: 'sent', transport: 'smtp', lastError: null });
    expect(smtp.received).toHaveLength(before + 1);
    const parsedMail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(parsedMail.subject).toBe(`Your invoice ${invoice.number}`);
    expect(parsedMail.attachments).toHaveLength(1);
    const [attachment] = parsedMail.attachments;
    expect(attachment!.filename).toBe(`${invoice.number}.pdf`);
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The outbox's .eml now holds the PDF as well.
    const eml = await admin.get(`/api/mail_messages/${id}/eml`);
    expect(eml.body.trimEnd()).toBe(smtp.received.at(-1)!.raw.toString('utf8').trimEnd());
    expect(await mailEvents(t, 'invoice', invoice.id)).toEqual(['mail_sent']);
    expect(await mailEvents(t, 'booking', booking.id)).toEqual(['mail_sent']);
  });

  test('retries while the server is down, shows the failure, and sends once it is back', async ({
    smtp,
    demoApp: { t, client: admin },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const queued = await admin.post(`/api/bookings/${booking.id}/confirmation/send`, {});
    expect(queued.statusCode, queued.body).toBe(202);
    const id = parsed(queued, ZMailMessage).id;
    await smtp.stop();
    try {
      await t.app.jobRunner.runDue();
      const first = await fixtures.message(id);
      expect(first).toMatchObject({ status: 'queued', attempts: 1 });
      expect(first.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Not due again until its backoff has passed.
      expect(await t.app.jobRunner.runDue()).toBe(0);
      await runJobsLater(t);
      expect(await fixtures.message(id)).toMatchObject({ status: 'queued', attempts: 2 });
      const listed = await admin.get('/api/mail_messages', { query: { bookingId: booking.id } });
      expect(parsed(listed, ZPaged(ZMailMessageListItem)).data[0]).toMatchObject({ attempts: 2 });
      expect(parsed(listed, ZPaged(ZMailMessageListItem)).data[0]!.lastError).toBeTruthy();
    } finally {
      await smtp.start();
    }
    const before = smtp.received.length;
    await runJobsLater(t);
    expect(await fixtures.message(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received).toHaveLength(before + 1);
    expect(await mailEvents(t, 'booking', booking.id)).toEqual(['mail_sent']);
  });

  test('marks a message failed after its last attempt, and sends it when staff retry', async ({
    smtp,
    demoApp: { t, client: admin },
    mail: { fixtures, guestId },
  }) => {
    const booking = await fixtures.booking(guestId);
    const id = parsed(await admin.post(`/api/bookings/${booking.id}/confirmation/send`, {}), ZMailMessage).id;
    await smtp.stop();
    try {
      for (let attempt = 0; attempt < 8; attempt++) await runJobsLater(t);
      const failed = await fixtures.message(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 8 });
      expect(failed.lastError).toBeTruthy();
      expect(await mailEvents(t, 'booking', booking.id)).toEqual(['mail_failed']);
    } finally {
      await smtp.start();
    }
    const retried = await admin.post(`/api/mail_messages/${id}/actions/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    await t.app.jobRunner.runDue();
    expect(await fixtures.message(id)).toMatchObject({ status: 'sent', attempts: 9 });
    expect((await mailEvents(t, 'booking', booking.id)).sort()).toEqual(['mail_failed', 'mail_sent']);
  });

  test("sends HTML in the property's colour with its logo inline beside the text, the typed name escaped", async ({
    smtp,
    demoApp: { t, client: admin },
    mail: { fixtures, propertyId },
  }) => {
    const shades = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'];
    const palette = Object.fromEntries(
      shades.map((shade) => [shade, shade === '600' ? '#0f766e' : '#ccfbf1']),
    );
    const logo = await admin.upload(
      '/api/files',
      { name: 'logo.png', content: pngBytes(40, 20) },
      {
        query: { purpose: 'logo' },
      },
    );
    expect(logo.statusCode, logo.body).toBe(201);
    const branded = await admin.put(`/api/properties/${propertyId}`, {
      branding: { logoId: parsed(logo, ZFile).id, primaryColor: JSON.stringify(palette) },
    });
    expect(branded.statusCode, branded.body).toBe(200);
    try {
      const name = 'Sam <script>alert("x")</script>';
      const customerId = await fixtures.contact({ name, email: 'script@example.com', language: 'en' });
      const booking = await fixtures.booking(customerId);
      const queued = await admin.post(`/api/bookings/${booking.id}/confirmation/send`, {});
      expect(queued.statusCode, queued.body).toBe(202);
      const id = parsed(queued, ZMailMessage).id;
      await t.app.jobRunner.runDue();
      const received = smtp.received.at(-1)!;
      expect(received.to).toEqual(['script@example.com']);

      const raw = received.raw.toString('utf8');
      expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
      const parsedMail = await simpleParser(received.raw, { keepCidLinks: true });
      const message = await fixtures.message(id);
      // The plain part is the template's text as filled in; the HTML says the same, escaped.
      expect(parsedMail.text?.trimEnd()).toBe(message.text.trimEnd());
      expect(message.text).toContain(`Dear ${name},`);
      const html = String(parsedMail.html);
      expect(html).not.toContain('<script>');
      expect(html).toContain('Dear Sam &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
      expect(html).toContain(`<a href="${booking.link.url}"`);
      expect(html).toContain('background-color:#0f766e;');
      expect(html).toContain('Alpenhof Salzburg');
      const [image] = parsedMail.attachments;
      expect(parsedMail.attachments).toHaveLength(1);
      expect(image).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline', related: true });
      expect(html).toContain(`<img src="cid:${image!.cid}"`);
      // The outbox keeps exactly what was sent.
      const eml = await admin.get(`/api/mail_messages/${id}/eml`);
      expect(eml.body.trimEnd()).toBe(raw.trimEnd());
    } finally {
      const reset = await admin.put(`/api/properties/${propertyId}`, {
        branding: { logoId: null, primaryColor: null },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    }
  });
});
