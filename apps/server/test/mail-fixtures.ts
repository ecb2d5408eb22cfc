import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, todayIn, type TBooking, type TInvoice, type TMailMessage } from '@pms/contract';
import { folios, invoices } from '../src/db/schema/index.ts';
import { createStayFixture, pdfBytes, type ApiClient, type TStayFixture, type TTestApp } from './helpers.ts';

const completeAddress = { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' };

/** Bookings and invoices to send e-mails about, in the client's current property. */
export class MailFixtures {
  private nextDay = 400;
  private stay!: TStayFixture;

  constructor(
    private readonly t: TTestApp,
    private readonly client: ApiClient,
  ) {}

  async setUp(code: string): Promise<void> {
    this.stay = await createStayFixture(this.client, {
      roomType: { name: `Mailzimmer ${code}`, code },
      rooms: code === 'MA' ? '701-703' : '711-713',
      rate: { name: `Mailrate ${code}`, code },
      prices: [10000, 12000],
    });
  }

  async contact(body: Record<string, unknown>): Promise<string> {
    const response = await this.client.post('/api/contacts', { address: completeAddress, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** A booking of two nights for the customer, with its portal link. */
  async booking(customerId: string | null): Promise<TBooking & { link: { id: string; url: string } }> {
    const checkIn = addDays(todayIn('Europe/Vienna', this.t.clock.now()), this.nextDay);
    this.nextDay += 3;
    const response = await this.client.post('/api/bookings', {
      occupancy: 1,
      rateId: this.stay.rateId,
      roomTypeId: this.stay.roomTypeId,
      checkIn,
      checkOut: addDays(checkIn, 2),
      ...(customerId ? { customerId } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<TBooking>().id;
    const booking = await this.client.get(`/api/bookings/${id}`, { query: { expand: 'link' } });
    return booking.json<TBooking & { link: { id: string; url: string } }>();
  }

  /** An issued invoice over a booking's folio (closed with the amount due). */
  async issuedInvoice(bookingId: string): Promise<TInvoice> {
    const [folio] = await this.t.db.select().from(folios).where(eq(folios.bookingId, bookingId));
    const response = await this.client.post('/api/invoices', {
      folioId: folio!.id,
      closeWithDueAmount: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TInvoice>();
  }

  async draftInvoice(bookingId: string): Promise<TInvoice> {
    const [folio] = await this.t.db.select().from(folios).where(eq(folios.bookingId, bookingId));
    const response = await this.client.post('/api/invoices', { folioId: folio!.id, draft: true });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TInvoice>();
  }

  /**
   * Makes sure the invoice has its PDF: the render job stores it once it runs; where it has not (or
   * does not exist), the test stores one through the files API, as the job would.
   */
  async ensureInvoiceDocument(invoiceId: string): Promise<string> {
    const [invoice] = await this.t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (invoice!.fileId) return invoice!.fileId;
    const upload = await this.client.upload('/api/files', { name: 'invoice.pdf', content: pdfBytes() });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json<{ id: string }>().id;
    await this.t.db.update(invoices).set({ fileId }).where(eq(invoices.id, invoiceId));
    return fileId;
  }

  async message(id: string): Promise<TMailMessage> {
    const response = await this.client.get(`/api/mail_messages/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TMailMessage>();
  }
}
