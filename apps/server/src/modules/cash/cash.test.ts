import { describe, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZCashBook,
  ZCashDayClose,
  ZCashRegister,
  ZCashShift,
  ZFiscalReceipt,
  ZFolioList,
  ZPaged,
  ZPaymentMethod,
  type TCashRegister,
} from '@pms/contract';
import { cashMovements, cashRegisters, fiscalReceipts } from '../../db/schema/index.ts';
import { toAppError } from '../../db/constraint-errors.ts';
import { verifyDep } from '../../integrations/fiscal/rksv/verifier.ts';
import { readTseExport } from '../../integrations/fiscal/tse/tse-export.ts';
import type { TDep } from '../../integrations/fiscal/rksv/dep.ts';
import {
  createStayFixture,
  demo,
  expectProblem,
  login,
  parsed,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { pdfText, squash } from '../../../test/pdf-text.ts';
import { apiTest } from '../../../test/api-test.ts';

const test = apiTest.extend('cash', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  t.clock.set('2027-04-14T09:00:00Z');
  const today = todayIn('Europe/Vienna', t.clock.now());
  const stay = await createStayFixture(admin, {
    roomType: { name: 'Kassenzimmer', code: 'KASZ' },
    rooms: '1501-1560',
    rate: { name: 'Kassenrate', code: 'KASR' },
    prices: [10000, 15000],
  });
  const methods = parsed(
    await admin.get('/api/payment_methods', { query: { pageSize: '100' } }),
    ZPaged(ZPaymentMethod),
  ).data;
  const methodIds = Object.fromEntries(methods.map((method) => [method.name, method.id]));
  return { today, stay, methodIds };
});

let nextRoom = 1501;
/** A folio of a two-night stay from today at 100,00 a night (10 %). */
async function folioOfNewStay(
  admin: ApiClient,
  today: string,
  stay: { roomIds: Record<string, string>; rateId: string },
  customerId?: string,
): Promise<string> {
  const booking = parsed(
    await admin.post('/api/bookings', {
      occupancy: 1,
      rateId: stay.rateId,
      roomId: stay.roomIds[String(nextRoom++)],
      checkIn: today,
      checkOut: addDays(today, 2),
      ...(customerId ? { customerId } : {}),
    }),
    ZBooking,
  );
  const folios = parsed(await admin.get('/api/folios', { query: { bookingId: booking.id } }), ZFolioList);
  return folios.data[0]!.id;
}

let nextBox = 1;
async function newRegister(
  admin: ApiClient,
  body: { paymentMethodIds: string[]; country?: 'AT' | 'DE'; name?: string },
): Promise<TCashRegister> {
  const number = nextBox++;
  const response = await admin.post('/api/cash_registers', {
    name: body.name ?? `Kasse ${number}`,
    country: body.country ?? 'AT',
    adapter: 'simulator',
    cashBoxId: `TEST-${number}`,
    paymentMethodIds: body.paymentMethodIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZCashRegister);
}

async function newCashMethod(admin: ApiClient, name: string): Promise<string> {
  const response = await admin.post('/api/payment_methods', { name, kind: 'cash' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The register's AES key and cash box id, as the tax office gets them with the register's registration. */
async function rksvKeysOf(t: TTestApp, registerId: string) {
  const [row] = await t.db.select().from(cashRegisters).where(eq(cashRegisters.id, registerId));
  const credentials = JSON.parse(
    t.app.context.secrets.open(row!.credentials!, `cash_registers:${row!.id}`),
  ) as {
    aesKey: string;
  };
  return { aesKey: credentials.aesKey, cashBoxId: row!.cashBoxId };
}

async function depOf(admin: ApiClient, registerId: string, from: string, to: string): Promise<TDep> {
  const response = await admin.get(`/api/cash_registers/${registerId}/dep`, { query: { from, to } });
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as TDep;
}

function receiptsOf(t: TTestApp, registerId: string) {
  return t.db
    .select()
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.cashRegisterId, registerId))
    .orderBy(fiscalReceipts.number);
}

describe('cash registers', () => {
  test('refuses cash without an open register with a working signature', async ({
    demoApp: { client: admin },
    cash: { today, stay },
  }) => {
    const folioId = await folioOfNewStay(admin, today, stay);
    // A cash method no register signs, in an Austrian property: the law wants a register.
    const loose = await newCashMethod(admin, 'Bar ohne Kasse');
    expectProblem(
      await admin.post(`/api/folios/${folioId}/payments`, { amount: 5000, paymentMethodId: loose }),
      400,
      'payment/fiscal_required',
    );
    // A register that signs it, not opened yet.
    const register = await newRegister(admin, { paymentMethodIds: [loose] });
    expect(register.receiptCount).toBe(1);
    expectProblem(
      await admin.post(`/api/folios/${folioId}/payments`, { amount: 5000, paymentMethodId: loose }),
      400,
      'payment/fiscal_required',
    );
    expect((await admin.get(`/api/folios/${folioId}`)).json<{ payments: unknown[] }>().payments).toEqual([]);
  });

  test('signs a cash payment with a receipt and books it in the drawer, in one transaction', async ({
    demoApp: { t, client: admin },
    cash: { today, stay },
  }) => {
    const method = await newCashMethod(admin, 'Bar Test');
    const register = await newRegister(admin, { paymentMethodIds: [method] });
    expect((await admin.post(`/api/cash_registers/${register.id}/shifts`)).statusCode).toBe(201);
    expectProblem(await admin.post(`/api/cash_registers/${register.id}/shifts`), 409, 'cash/shift_open');
    const folioId = await folioOfNewStay(admin, today, stay);
    const paid = await admin.post(`/api/folios/${folioId}/payments`, {
      amount: 12450,
      paymentMethodId: method,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json<{
      payments: { id: string; receipt: { id: string; number: number } | null }[];
    }>().payments[0]!;
    expect(payment.receipt).toMatchObject({ number: 2, cashRegisterName: register.name, isSimulated: true });
    const receipt = parsed(await admin.get(`/api/fiscal_receipts/${payment.receipt!.id}`), ZFiscalReceipt);
    expect(receipt).toMatchObject({ kind: 'standard', totalAmount: 12450, paymentId: payment.id });
    expect(receipt.taxes).toEqual([{ taxPercentage: 10, grossAmount: 12450 }]);
    expect(receipt.machineCode).toMatch(
      new RegExp(`^_R1-AT0_TEST-\\d+_2_${today}T\\d\\d:\\d\\d:\\d\\d_0,00_124,50_0,00_0,00_0,00_`),
    );
    const book = parsed(
      await admin.get(`/api/cash_registers/${register.id}/book`, { query: { from: today, to: today } }),
      ZCashBook,
    );
    expect(book.movements).toMatchObject([
      { kind: 'payment', amount: 12450, balance: 12450, receiptNumber: 2 },
    ]);
    expect(book.register.balance).toBe(12450);

    // The receipt as printed: the simulator says it is no valid receipt; a reprint is a copy.
    const first = await admin.get(`/api/fiscal_receipts/${receipt.id}/pdf`, { query: { format: 'receipt' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const text = squash((await pdfText(first.rawPayload)).text);
    expect(text).toContain('SIMULATION – kein gültiger Beleg');
    expect(text).toContain('Beleg Nr. 2');
    expect(text).toContain('124,50');
    expect(text).not.toContain('KOPIE');
    // A stay without a guest's address needs one named.
    expectProblem(await admin.post(`/api/fiscal_receipts/${receipt.id}/send`, {}), 400, 'mail/no_recipient');
    // E-mailed: the outbox holds the message with the receipt's PDF, a copy by now.
    const sent = await admin.post(`/api/fiscal_receipts/${receipt.id}/send`, { to: 'gast@example.com' });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({
      kind: 'receipt',
      to: 'gast@example.com',
      subject: 'Ihr Beleg Nr. 2 – Alpenhof Salzburg',
      attachments: [{ name: 'receipt-2.pdf', mimeType: 'application/pdf' }],
    });
    const again = squash(
      (await pdfText((await admin.get(`/api/fiscal_receipts/${receipt.id}/pdf`)).rawPayload)).text,
    );
    expect(again).toContain('KOPIE');

    // Deleting the payment signs a storno receipt and takes the money out of the drawer again.
    const deleted = await admin.delete(`/api/folios/${folioId}/payments/${payment.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const receipts = await receiptsOf(t, register.id);
    expect(receipts.map((row) => [row.number, row.kind, row.totalAmount])).toEqual([
      [1, 'start', 0],
      [2, 'standard', 12450],
      [3, 'storno', -12450],
    ]);
    const after = parsed(await admin.get(`/api/cash_registers/${register.id}`), ZCashRegister);
    expect(after.balance).toBe(0);
    const dep = await depOf(admin, register.id, today, today);
    expect(verifyDep(dep, await rksvKeysOf(t, register.id))).toEqual([]);

    // Receipts and movements are never changed or deleted, not even from the database.
    await expect(
      t.db.update(fiscalReceipts).set({ totalAmount: 1 }).where(eq(fiscalReceipts.id, receipt.id)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(cashMovements).where(eq(cashMovements.cashRegisterId, register.id)),
    ).rejects.toThrow();
  });

  test('counts deposits, withdrawals and the shift’s difference, reviewed by a manager', async ({
    demoApp: { t, client: admin },
    cash: { today },
  }) => {
    const method = await newCashMethod(admin, 'Bar Schicht');
    const register = await newRegister(admin, { paymentMethodIds: [method] });
    expectProblem(
      await admin.post(`/api/cash_registers/${register.id}/movements`, {
        kind: 'deposit',
        amount: 100,
        reason: 'Wechselgeld',
      }),
      409,
      'cash/shift_not_open',
    );
    await admin.post(`/api/cash_registers/${register.id}/shifts`);
    expect(
      (
        await admin.post(`/api/cash_registers/${register.id}/movements`, {
          kind: 'deposit',
          amount: 20000,
          reason: 'Wechselgeld',
        })
      ).statusCode,
    ).toBe(201);
    expectProblem(
      await admin.post(`/api/cash_registers/${register.id}/movements`, {
        kind: 'withdrawal',
        amount: 30000,
        reason: 'Bank',
      }),
      400,
      'validation',
    );
    expectProblem(
      await admin.post(`/api/cash_registers/${register.id}/movements`, {
        kind: 'withdrawal',
        amount: 100,
        reason: '',
      }),
      400,
      'validation',
    );
    await admin.post(`/api/cash_registers/${register.id}/movements`, {
      kind: 'withdrawal',
      amount: 5000,
      reason: 'Einkauf Blumen',
    });
    const closed = parsed(
      await admin.post(`/api/cash_registers/${register.id}/shifts/close`, {
        countedAmount: 14800,
        note: 'Münzen gezählt',
      }),
      ZCashShift,
    );
    expect(closed).toMatchObject({ expectedAmount: 15000, countedAmount: 14800, differenceAmount: -200 });
    const staff = await login(t.app, demo.users.staff);
    expectProblem(
      await staff.post(`/api/cash_shifts/${closed.id}/review`, { note: 'passt' }),
      403,
      'auth/forbidden',
    );
    const manager = await login(t.app, demo.users.manager);
    const reviewed = parsed(
      await manager.post(`/api/cash_shifts/${closed.id}/review`, { note: 'Differenz geklärt' }),
      ZCashShift,
    );
    expect(reviewed.reviewNote).toBe('Differenz geklärt');
    const book = parsed(
      await admin.get(`/api/cash_registers/${register.id}/book`, { query: { from: today, to: today } }),
      ZCashBook,
    );
    expect(book.movements.map((movement) => [movement.kind, movement.amount, movement.balance])).toEqual([
      ['deposit', 20000, 20000],
      ['withdrawal', -5000, 15000],
      ['difference', -200, 14800],
    ]);
  });

  test('closes the day: its Z report, and no cash movement on it afterwards', async ({
    demoApp: { t, client: admin },
    cash: { today, stay },
  }) => {
    const method = await newCashMethod(admin, 'Bar Tagesabschluss');
    const register = await newRegister(admin, { paymentMethodIds: [method] });
    await admin.post(`/api/cash_registers/${register.id}/shifts`);
    const folioId = await folioOfNewStay(admin, today, stay);
    await admin.post(`/api/folios/${folioId}/payments`, { amount: 8000, paymentMethodId: method });
    expectProblem(
      await admin.post(`/api/cash_registers/${register.id}/day_closes`, {}),
      409,
      'cash/shift_still_open',
    );
    await admin.post(`/api/cash_registers/${register.id}/shifts/close`, { countedAmount: 8000 });
    const close = parsed(
      await admin.post(`/api/cash_registers/${register.id}/day_closes`, {}),
      ZCashDayClose,
    );
    expect(close).toMatchObject({
      number: 1,
      businessDate: today,
      firstReceiptNumber: 1,
      lastReceiptNumber: 2,
      revenueAmount: 8000,
    });
    expectProblem(
      await admin.post(`/api/cash_registers/${register.id}/day_closes`, {}),
      409,
      'cash/day_closed',
    );
    expectProblem(await admin.post(`/api/cash_registers/${register.id}/shifts`), 409, 'cash/day_closed');
    await expect(
      t.db.insert(cashMovements).values({
        propertyId: (await t.db.select().from(cashRegisters).where(eq(cashRegisters.id, register.id)))[0]!
          .propertyId,
        cashRegisterId: register.id,
        businessDate: today,
        kind: 'deposit',
        amount: 1,
        reason: 'Nachtrag',
      }),
    ).rejects.toSatisfy((error) => toAppError(error)?.code === 'cash/day_closed');
    const pdf = await admin.get(`/api/cash_day_closes/${close.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = squash((await pdfText(pdf.rawPayload)).text);
    expect(text).toContain('Tagesabschluss (Z-Bericht) 1');
    expect(text).toContain('Belege: 1 – 2');
    expect(text).toContain('80,00');
    // The next day takes cash again.
    t.clock.set('2027-04-15T08:00:00Z');
    expect((await admin.post(`/api/cash_registers/${register.id}/shifts`)).statusCode).toBe(201);
    t.clock.set('2027-04-14T09:00:00Z');
  });

  test('marks receipts while the signature device has failed, then signs a collective receipt', async ({
    demoApp: { t, client: admin },
    cash: { today, stay },
  }) => {
    const method = await newCashMethod(admin, 'Bar Ausfall');
    const register = await newRegister(admin, { paymentMethodIds: [method] });
    await admin.post(`/api/cash_registers/${register.id}/shifts`);
    const folioId = await folioOfNewStay(admin, today, stay);
    const failed = parsed(
      await admin.patch(`/api/cash_registers/${register.id}`, { isDeviceFailed: true }),
      ZCashRegister,
    );
    expect(failed.deviceFailedAt).not.toBeNull();
    await admin.post(`/api/folios/${folioId}/payments`, { amount: 3000, paymentMethodId: method });
    await admin.post(`/api/folios/${folioId}/payments`, { amount: 2000, paymentMethodId: method });
    await admin.patch(`/api/cash_registers/${register.id}`, { isDeviceFailed: false });
    await admin.post(`/api/folios/${folioId}/payments`, { amount: 1000, paymentMethodId: method });
    const receipts = await receiptsOf(t, register.id);
    expect(receipts.map((row) => [row.number, row.kind, row.purpose, row.deviceFailed])).toEqual([
      [1, 'start', null, false],
      [2, 'standard', null, true],
      [3, 'standard', null, true],
      [4, 'null', 'collective', false],
      [5, 'standard', null, false],
    ]);
    const text = squash(
      (await pdfText((await admin.get(`/api/fiscal_receipts/${receipts[1]!.id}/pdf`)).rawPayload)).text,
    );
    expect(text).toContain('Sicherheitseinrichtung ausgefallen');
    expect(
      verifyDep(await depOf(admin, register.id, today, today), await rksvKeysOf(t, register.id)),
    ).toEqual([]);
  });

  test('signs the closing receipt of each month once, on any number of instances', async ({
    demoApp: { t, client: admin },
    cash: { today, stay },
  }) => {
    const method = await newCashMethod(admin, 'Bar Monat');
    const register = await newRegister(admin, { paymentMethodIds: [method] });
    await admin.post(`/api/cash_registers/${register.id}/shifts`);
    const folioId = await folioOfNewStay(admin, today, stay);
    await admin.post(`/api/folios/${folioId}/payments`, { amount: 4000, paymentMethodId: method });
    const other = await t.startInstance();
    const { signClosingReceiptsEverywhere } = await import('./closing-receipts.service.ts');
    // Two months later: April and May are closed, by whichever instance comes first.
    t.clock.set('2027-06-02T08:00:00Z');
    await Promise.all([
      signClosingReceiptsEverywhere(t.app.context),
      signClosingReceiptsEverywhere(other.context),
    ]);
    await signClosingReceiptsEverywhere(other.context);
    const closing = (await receiptsOf(t, register.id)).filter((row) => row.closingPeriod !== null);
    expect(closing.map((row) => [row.number, row.purpose, row.closingPeriod, row.totalAmount])).toEqual([
      [3, 'month', '2027-04', 0],
      [4, 'month', '2027-05', 0],
    ]);
    // December's is the year receipt.
    t.clock.set('2028-01-03T08:00:00Z');
    await signClosingReceiptsEverywhere(t.app.context);
    const year = (await receiptsOf(t, register.id)).filter((row) => row.purpose === 'year');
    expect(year.map((row) => row.closingPeriod)).toEqual(['2027-12']);
    expect(
      verifyDep(await depOf(admin, register.id, today, '2028-01-03'), await rksvKeysOf(t, register.id)),
    ).toEqual([]);
    t.clock.set('2027-04-14T09:00:00Z');
  });

  test('gives 50 concurrent cash payments over two instances consecutive receipts in one chain', async ({
    demoApp: { t, client: admin },
    cash: { today, stay },
  }) => {
    const method = await newCashMethod(admin, 'Bar Ansturm');
    const register = await newRegister(admin, { paymentMethodIds: [method] });
    await admin.post(`/api/cash_registers/${register.id}/shifts`);
    const folioIds: string[] = [];
    for (let index = 0; index < 5; index++) folioIds.push(await folioOfNewStay(admin, today, stay));
    const other = await t.startInstance();
    const otherAdmin = await login(other, demo.users.admin);
    await otherAdmin.post('/api/session/switch_property', {
      propertyId: (await admin.get('/api/properties/current')).json<{ id: string }>().id,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 === 0 ? admin : otherAdmin).post(`/api/folios/${folioIds[index % 5]}/payments`, {
          amount: 100 + index,
          paymentMethodId: method,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const receipts = (await receiptsOf(t, register.id)).filter((row) => row.kind === 'standard');
    expect(receipts.map((row) => row.number)).toEqual(Array.from({ length: 50 }, (_, index) => index + 2));
    const [movements] = await t.db
      .select({ count: sql<number>`count(*)::int`, total: sql<number>`sum(${cashMovements.amount})::int` })
      .from(cashMovements)
      .where(and(eq(cashMovements.cashRegisterId, register.id)));
    expect(movements).toEqual({ count: 50, total: 50 * 100 + (49 * 50) / 2 });
    expect(
      verifyDep(await depOf(admin, register.id, today, today), await rksvKeysOf(t, register.id)),
    ).toEqual([]);
  });

  test('signs German payments and invoices with the TSE and exports its transactions', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    await switchProperty(admin, ids[demo.germany]!);
    const today = todayIn('Europe/Berlin', new Date('2027-04-14T09:00:00Z'));
    const stay = await createStayFixture(admin, {
      roomType: { name: 'Kassenzimmer', code: 'KASZ' },
      rooms: '1501-1502',
      rate: { name: 'Kassenrate', code: 'KASR' },
      prices: [10000, 15000],
    });
    const method = await newCashMethod(admin, 'Bar DE');
    const register = await newRegister(admin, { paymentMethodIds: [method], country: 'DE' });
    expect(register.receiptCount).toBe(0);
    await admin.post(`/api/cash_registers/${register.id}/shifts`);
    nextRoom = 1501;
    const customer = await admin.post('/api/contacts', {
      name: 'Greta Gast',
      email: 'greta@example.com',
      address: { line1: 'Unter den Linden 1', postalCode: '10117', city: 'Berlin', country: 'de' },
    });
    const folioId = await folioOfNewStay(admin, today, stay, customer.json<{ id: string }>().id);
    const paid = await admin.post(`/api/folios/${folioId}/payments`, {
      amount: 2200,
      paymentMethodId: method,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receiptId = paid.json<{ payments: { receipt: { id: string } }[] }>().payments[0]!.receipt.id;
    const receipt = parsed(await admin.get(`/api/fiscal_receipts/${receiptId}`), ZFiscalReceipt);
    // Sent without an address: to the booking's customer, in the customer's language.
    const sent = await admin.post(`/api/fiscal_receipts/${receiptId}/send`, {});
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ kind: 'receipt', to: 'greta@example.com' });
    expect(receipt.tse).toMatchObject({
      transactionNumber: 1,
      signatureCounter: 2,
      signatureAlgorithm: 'ecdsa-plain-SHA384',
    });
    expect(receipt.tse!.qrCodeData).toContain('22.00:Bar');
    const text = squash(
      (await pdfText((await admin.get(`/api/fiscal_receipts/${receiptId}/pdf`)).rawPayload)).text,
    );
    expect(text).toContain('TSE-Transaktion: 1');
    // Long values wrap on the page: read without the line breaks.
    expect(text.replaceAll(' ', '')).toContain(`TSE-Seriennummer:${receipt.tse!.serialNumber}`);
    const tar = await admin.get(`/api/cash_registers/${register.id}/tse_export`, {
      query: { from: today, to: today },
    });
    expect(tar.statusCode, tar.body).toBe(200);
    const logs = await readTseExport(tar.rawPayload);
    expect(logs.map((log) => [log.log.signed.transactionNumber, log.isVerified])).toEqual([[1, true]]);
    expectProblem(
      await admin.get(`/api/cash_registers/${register.id}/dep`, { query: { from: today, to: today } }),
      400,
      'validation',
    );
    // The invoice and its cancellation are TSE transactions too (AVRechnung), on the open register.
    const invoice = await admin.post('/api/invoices', { folioId, closeWithDueAmount: true });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = invoice.json<{ id: string }>().id;
    expect((await admin.post(`/api/invoices/${invoiceId}/actions/cancel`)).statusCode).toBeLessThan(300);
    const signedInvoices = (await receiptsOf(t, register.id)).filter((row) => row.kind === 'invoice');
    expect(signedInvoices.map((row) => [row.totalAmount, row.tse!.request.receiptType])).toEqual([
      [20000, 'INVOICE'],
      [-20000, 'INVOICE'],
    ]);
    expect(signedInvoices[0]!.tse!.signed.qrCodeData).toContain(';AVRechnung^0.00_200.00_0.00_0.00_0.00^;');
    // The invoice prints the TSE's answer.
    await t.app.jobRunner.runDue();
    const invoicePdf = await admin.get(`/api/invoices/${invoiceId}/pdf`);
    expect(invoicePdf.statusCode, invoicePdf.body).toBe(200);
    const printed = squash((await pdfText(invoicePdf.rawPayload)).text).replaceAll(' ', '');
    expect(printed).toContain(`TSE-Seriennummer:${signedInvoices[0]!.tse!.signed.serialNumber}`);
    expect(printed).toContain(`TSE-Transaktion:${signedInvoices[0]!.tse!.signed.transactionNumber}`);
    await switchProperty(admin, ids[demo.austria]!);
  });

  test('keeps registers to their roles and property', async ({ demoApp: { t, client: admin } }) => {
    const registers = parsed(await admin.get('/api/cash_registers'), ZCashRegister.array());
    const demoRegister = registers.find((register) => register.name === 'Rezeption')!;
    expect(demoRegister).toMatchObject({ country: 'AT', adapter: 'simulator', hasCredentials: true });
    const staff = await login(t.app, demo.users.staff);
    expectProblem(
      await staff.patch(`/api/cash_registers/${demoRegister.id}`, { name: 'X' }),
      403,
      'auth/forbidden',
    );
    expectProblem(
      await staff.get(`/api/cash_registers/${demoRegister.id}/dep`, {
        query: { from: '2027-01-01', to: '2027-01-31' },
      }),
      403,
      'auth/forbidden',
    );
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get('/api/cash_registers'), 403, 'auth/forbidden');
    expectProblem(
      await admin.post('/api/cash_registers', {
        name: 'Rezeption',
        country: 'AT',
        adapter: 'simulator',
        cashBoxId: 'ANDERE-1',
        paymentMethodIds: [],
      }),
      409,
      'cash_register/already_exists',
    );
    expectProblem(
      await admin.post('/api/cash_registers', {
        name: 'Ohne Zugang',
        country: 'AT',
        adapter: 'fiskaly',
        cashBoxId: 'F-1',
        paymentMethodIds: [],
      }),
      400,
      'validation',
    );
  });
});
