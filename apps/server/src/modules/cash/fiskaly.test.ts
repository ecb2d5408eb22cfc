import { describe, expect, test as base } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZCashRegister,
  ZFiscalReceipt,
  ZFolioList,
  ZPaymentMethod,
  type TCashRegister,
} from '@pms/contract';
import { cashMovements, fiscalReceipts, payments } from '../../db/schema/index.ts';
import { readTseExport } from '../../integrations/fiscal/tse/tse-export.ts';
import { startFiskalySignAtStandIn } from '../../../test/fiskaly-sign-at-stand-in.ts';
import { startFiskalyStandIn } from '../../../test/fiskaly-sign-de-stand-in.ts';
import {
  buildTestApp,
  pauseDemoLevies,
  createStayFixture,
  demo,
  expectProblem,
  login,
  parsed,
  propertyIds,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';

// The fiskaly adapters inside the application, against local stand-ins of fiskaly's APIs: the registers'
// requests, and a service that does not answer refusing the payment with nothing written.

const credentials = { apiKey: 'key_test', apiSecret: 'secret_test' };

const test = base.extend<{
  world: { t: TTestApp; admin: ApiClient; ids: Record<string, string> };
}>({
  world: [
    async ({}, use) => {
      // The stand-ins listen on 127.0.0.1: the app may call addresses on this machine.
      const t = await buildTestApp({ ALLOW_PRIVATE_OUTBOUND: 'true' });
      await pauseDemoLevies(t);
      t.clock.set('2027-05-11T08:00:00Z');
      const admin = await login(t.app, demo.users.admin);
      const ids = await propertyIds(admin);
      await use({ t, admin, ids });
      await t.close();
    },
    { scope: 'file' },
  ],
});

async function cashMethod(admin: ApiClient, name: string): Promise<string> {
  return parsed(await admin.post('/api/payment_methods', { name, kind: 'cash' }), ZPaymentMethod).id;
}

/** A folio of a new two-night stay from today in the current property. */
async function newFolio(admin: ApiClient, timeZone: string, t: TTestApp, code: string): Promise<string> {
  const today = todayIn(timeZone, t.clock.now());
  const stay = await createStayFixture(admin, {
    roomType: { name: `Fiskaly ${code}`, code },
    rooms: `${code}1-${code}2`,
    rate: { name: `Fiskaly ${code}`, code },
    prices: [10000, 15000],
  });
  const booking = parsed(
    await admin.post('/api/bookings', {
      occupancy: 1,
      rateId: stay.rateId,
      roomId: Object.values(stay.roomIds)[0],
      checkIn: today,
      checkOut: addDays(today, 2),
    }),
    ZBooking,
  );
  return parsed(await admin.get('/api/folios', { query: { bookingId: booking.id } }), ZFolioList).data[0]!.id;
}

async function rowsOfRegister(t: TTestApp, register: TCashRegister) {
  return {
    receipts: await t.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.cashRegisterId, register.id)),
    movements: await t.db.select().from(cashMovements).where(eq(cashMovements.cashRegisterId, register.id)),
  };
}

describe('fiskaly', () => {
  test('SIGN AT signs the start receipt and each cash payment; when it is down, nothing is written', async ({
    world: { t, admin, ids },
  }) => {
    await switchProperty(admin, ids[demo.austria]!);
    const standIn = await startFiskalySignAtStandIn(credentials);
    try {
      const method = await cashMethod(admin, 'Bar fiskaly');
      const created = await admin.post('/api/cash_registers', {
        name: 'Rezeption fiskaly',
        country: 'AT',
        adapter: 'fiskaly',
        cashBoxId: 'FISKALY-1',
        paymentMethodIds: [method],
        credentials: {
          ...credentials,
          registerId: '6d4ad3a4-4cbd-4c57-9a1d-1c5e9b0a4f01',
          clientId: '0b7a3c7e-6f8e-4f5e-9a53-2c1d6f8a9e02',
          baseUrl: standIn.url,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const register = parsed(created, ZCashRegister);
      expect(register).toMatchObject({ adapter: 'fiskaly', hasCredentials: true, receiptCount: 1 });
      expect(created.body).not.toContain(credentials.apiSecret);
      await admin.post(`/api/cash_registers/${register.id}/shifts`);
      const folioId = await newFolio(admin, 'Europe/Vienna', t, 'FKA');
      const paid = await admin.post(`/api/folios/${folioId}/payments`, {
        amount: 9900,
        paymentMethodId: method,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const receiptId = paid.json<{ payments: { receipt: { id: string } }[] }>().payments[0]!.receipt.id;
      const receipt = parsed(await admin.get(`/api/fiscal_receipts/${receiptId}`), ZFiscalReceipt);
      expect(receipt).toMatchObject({ kind: 'standard', isSimulated: false, totalAmount: 9900 });
      expect(receipt.machineCode).toContain('_0,00_99,00_0,00_0,00_0,00_');
      const puts = standIn.requests.filter((request) => request.method === 'PUT');
      expect(puts.map((request) => (request.body as { receipt_type: string }).receipt_type)).toEqual([
        'INITIALIZATION',
        'NORMAL',
      ]);
      expect(puts[1]!.path).toMatch(/^\/cash-register\/6d4ad3a4-4cbd-4c57-9a1d-1c5e9b0a4f01\/receipt\//);
      expect(puts[1]!.body).toMatchObject({
        schema: { standard_v1: { amounts_per_vat_rate: [{ vat_rate: 'REDUCED_1', amount: '99.00' }] } },
      });
      expect(puts.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);

      // fiskaly down: the payment is refused, and no payment, receipt or movement is written.
      const before = await rowsOfRegister(t, register);
      standIn.setUnavailable(true);
      expectProblem(
        await admin.post(`/api/folios/${folioId}/payments`, { amount: 100, paymentMethodId: method }),
        503,
        'fiscal/unavailable',
      );
      const after = await rowsOfRegister(t, register);
      expect(after.receipts.length).toBe(before.receipts.length);
      expect(after.movements.length).toBe(before.movements.length);
      const folioPayments = await t.db.select().from(payments).where(eq(payments.folioId, folioId));
      expect(folioPayments.map((row) => row.amount)).toEqual([9900]);
    } finally {
      await standIn.close();
    }
  });

  test('SIGN DE v2 starts and finishes a transaction per payment and exports them', async ({
    world: { t, admin, ids },
  }) => {
    await switchProperty(admin, ids[demo.germany]!);
    const tssId = '3f1c9a52-7b2e-4d0a-8e61-5a9b2c7d4e03';
    const clientId = '9e2b7c41-1d3f-4a6b-b8c5-7f0e2a9d6c04';
    const standIn = await startFiskalyStandIn({
      ...credentials,
      tssId,
      clients: { [clientId]: 'SPREEBLICK-REZ-2' },
      now: () => t.clock.now(),
    });
    try {
      const method = await cashMethod(admin, 'Bar fiskaly');
      const register = parsed(
        await admin.post('/api/cash_registers', {
          name: 'Rezeption fiskaly',
          country: 'DE',
          adapter: 'fiskaly',
          cashBoxId: 'SPREEBLICK-REZ-2',
          paymentMethodIds: [method],
          credentials: { ...credentials, registerId: tssId, clientId, baseUrl: standIn.url },
        }),
        ZCashRegister,
      );
      await admin.post(`/api/cash_registers/${register.id}/shifts`);
      const folioId = await newFolio(admin, 'Europe/Berlin', t, 'FKD');
      const paid = await admin.post(`/api/folios/${folioId}/payments`, {
        amount: 5350,
        paymentMethodId: method,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const transactions = standIn.requests.filter((request) => request.path.includes('/tx/'));
      expect(transactions.map((request) => [request.method, request.query.tx_revision])).toEqual([
        ['PUT', '1'],
        ['PUT', '2'],
      ]);
      expect(transactions[0]!.path).toMatch(new RegExp(`^/api/v2/tss/${tssId}/tx/`));
      expect(transactions[1]!.body).toMatchObject({
        state: 'FINISHED',
        client_id: clientId,
        schema: {
          standard_v1: {
            receipt: {
              receipt_type: 'RECEIPT',
              amounts_per_vat_rate: [{ vat_rate: 'REDUCED_1', amount: '53.50' }],
              amounts_per_payment_type: [{ payment_type: 'CASH', amount: '53.50' }],
            },
          },
        },
      });
      const receiptId = paid.json<{ payments: { receipt: { id: string } }[] }>().payments[0]!.receipt.id;
      const receipt = parsed(await admin.get(`/api/fiscal_receipts/${receiptId}`), ZFiscalReceipt);
      expect(receipt.tse).toMatchObject({ transactionNumber: 1, serialNumber: standIn.serialNumber });
      const today = todayIn('Europe/Berlin', t.clock.now());
      const tar = await admin.get(`/api/cash_registers/${register.id}/tse_export`, {
        query: { from: today, to: today },
      });
      expect(tar.statusCode, tar.body).toBe(200);
      expect((await readTseExport(tar.rawPayload)).length).toBeGreaterThan(0);
      standIn.fail('drop');
      expectProblem(
        await admin.post(`/api/folios/${folioId}/payments`, { amount: 100, paymentMethodId: method }),
        503,
        'fiscal/unavailable',
      );
    } finally {
      await standIn.close();
    }
  });
});
