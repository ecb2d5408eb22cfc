import iconv from 'iconv-lite';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  ZAccountingExport,
  ZAccountingSettings,
  ZBooking,
  ZContact,
  ZFolio,
  ZGroup,
  ZGuestStatistics,
  ZInvoice,
  ZItem,
  ZItemsReport,
  ZPaymentMethod,
  ZProblem,
  ZTaxRate,
} from '@pms/contract';
import type { z } from 'zod';
import {
  createStayFixture,
  demo,
  expectProblem,
  loginAt,
  parsed,
  type ApiClient,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { taxRates } from '../../db/schema/index.ts';

/** A day far from the demo data, so the reports of its period hold only what these tests post. */
const day = '2031-03-10';
const period = { from: '2031-03-01', to: '2031-03-31' };

async function created<TSchema extends z.ZodType>(
  client: ApiClient,
  path: string,
  body: Record<string, unknown>,
  schema: TSchema,
): Promise<z.output<TSchema>> {
  const response = await client.post(path, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return parsed(response, schema);
}

const test = apiTest.extend('reported', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  t.clock.set(`${day}T09:00:00Z`);
  const reduced = await created(
    admin,
    '/api/tax_rates',
    {
      name: 'Bericht 7 %',
      percentage: 7,
      accountNumber: '8300',
      taxCode: '2',
    },
    ZTaxRate,
  );
  const standard = await created(
    admin,
    '/api/tax_rates',
    {
      name: 'Bericht 19 %',
      percentage: 19,
      accountNumber: '8400',
      taxCode: '3',
    },
    ZTaxRate,
  );
  const seminar = await created(
    admin,
    '/api/items',
    {
      name: 'Seminarpauschale',
      type: 'other',
      amount: 24000,
      taxRateId: reduced.id,
    },
    ZItem,
  );
  const wine = await created(
    admin,
    '/api/items',
    {
      name: 'Weinbegleitung',
      type: 'food_and_beverage',
      amount: 12000,
      taxRateId: standard.id,
    },
    ZItem,
  );
  const card = await created(
    admin,
    '/api/payment_methods',
    {
      // A card at the desk that no cash register signs: German rates in this property have no RKSV bucket.
      name: 'Karte Bericht',
      kind: 'card',
      bookingText: 'Kartenzahlung',
      accountNumber: '1000',
    },
    ZPaymentMethod,
  );
  const customer = await created(
    admin,
    '/api/contacts',
    {
      name: 'Müller GmbH',
      address: { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' },
    },
    ZContact,
  );
  const group = await created(
    admin,
    '/api/groups',
    { name: 'Seminar März', customerId: customer.id },
    ZGroup,
  );
  const folio = await created(admin, '/api/folios', { groupId: group.id, customerId: customer.id }, ZFolio);
  await created(admin, `/api/folios/${folio.id}/charges`, { itemId: seminar.id, bookedOn: day }, ZFolio);
  await created(admin, `/api/folios/${folio.id}/charges`, { itemId: wine.id, bookedOn: day }, ZFolio);
  await created(
    admin,
    `/api/folios/${folio.id}/payments`,
    {
      amount: 36000,
      paymentMethodId: card.id,
      paidOn: day,
    },
    ZFolio,
  );
  const invoice = await created(admin, '/api/invoices', { folioId: folio.id }, ZInvoice);

  // A stay with two guests: one living in Germany, one known only by nationality (Swiss).
  const { roomIds, rateId } = await createStayFixture(admin, {
    roomType: { name: 'Berichtszimmer', code: 'BZ' },
    rooms: '951-952',
    rate: { name: 'Berichtsrate', code: 'BR' },
    prices: [10000, 12000],
  });
  const roomNumber = '951';
  const booking = await created(
    admin,
    '/api/bookings',
    {
      occupancy: 2,
      rateId,
      roomId: roomIds[roomNumber],
      checkIn: day,
      checkOut: '2031-03-13',
      isDebtor: true,
    },
    ZBooking,
  );
  const resident = await created(
    admin,
    '/api/contacts',
    {
      name: 'Hanna Berlin',
      address: { line1: 'Unter den Linden 1', postalCode: '10117', city: 'Berlin', country: 'de' },
      nationality: 'at',
    },
    ZContact,
  );
  const visitor = await created(admin, '/api/contacts', { name: 'Urs Bern', nationality: 'ch' }, ZContact);
  for (const contactId of [resident.id, visitor.id])
    await created(admin, `/api/bookings/${booking.id}/guests`, { contactId }, ZBooking);
  await created(admin, `/api/bookings/${booking.id}/actions/check_in`, {}, ZBooking);
  return { invoice, roomNumber };
});

describe('items report', () => {
  test('sums the charges of the period per item, with a totals row', async ({
    demoApp: { client: admin },
  }) => {
    const response = await admin.get('/api/reports/items', { query: period });
    expect(response.statusCode, response.body).toBe(200);
    const report = parsed(response, ZItemsReport);
    expect(report.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          itemName: 'Seminarpauschale',
          itemType: 'other',
          quantity: 1,
          netAmount: 22430,
          taxAmount: 1570,
          grossAmount: 24000,
          roomNumber: null,
        }),
        expect.objectContaining({ itemName: 'Weinbegleitung', grossAmount: 12000, netAmount: 10084 }),
      ]),
    );
    const sum = (key: 'netAmount' | 'taxAmount' | 'grossAmount') =>
      report.rows.reduce((total, row) => total + row[key], 0);
    expect(report.totals).toMatchObject({
      netAmount: sum('netAmount'),
      taxAmount: sum('taxAmount'),
      grossAmount: sum('grossAmount'),
    });
    // The stay's three nights are charged within the period as well.
    expect(report.rows.some((row) => row.itemType === 'accommodation')).toBe(true);
  });

  test('groups by rooms and filters by item type', async ({
    demoApp: { client: admin },
    reported: { roomNumber },
  }) => {
    const grouped = parsed(
      await admin.get('/api/reports/items', { query: { ...period, groupByRoom: 'true' } }),
      ZItemsReport,
    );
    expect(grouped.groupByRoom).toBe(true);
    expect(
      grouped.rows.filter((row) => row.itemType === 'accommodation').map((row) => row.roomNumber),
    ).toEqual([roomNumber]);
    expect(grouped.rows.find((row) => row.itemName === 'Weinbegleitung')?.roomNumber).toBeNull();
    const food = parsed(
      await admin.get('/api/reports/items', { query: { ...period, itemType: 'food_and_beverage' } }),
      ZItemsReport,
    );
    expect(food.rows.map((row) => row.itemName)).toEqual(['Weinbegleitung']);
    expect(food.totals.grossAmount).toBe(12000);
  });

  test('downloads as CSV named by its period', async ({ demoApp: { client: admin } }) => {
    const response = await admin.get('/api/reports/items', { query: { ...period, format: 'csv' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename=items_2031-03-01_2031-03-31.csv',
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Zimmer;Artikelart;Artikel;Menge;Netto;Steuer;Brutto');
    expect(lines).toContain(';other;Seminarpauschale;1;224,30;15,70;240,00');
  });
});

describe('accounting export', () => {
  test('lists the invoice revenue per tax rate and the card payment', async ({
    demoApp: { client: admin },
    reported: { invoice },
  }) => {
    const response = await admin.get('/api/reports/accounting', { query: period });
    expect(response.statusCode, response.body).toBe(200);
    const { postings } = parsed(response, ZAccountingExport);
    expect(postings).toEqual([
      {
        kind: 'revenue',
        date: day,
        documentNumber: invoice.number,
        text: `Rechnung ${invoice.number} Müller GmbH`,
        account: '10000',
        contraAccount: '8300',
        taxCode: '2',
        taxBasisPoints: 700,
        amount: 24000,
      },
      expect.objectContaining({ kind: 'revenue', contraAccount: '8400', taxCode: '3', amount: 12000 }),
      {
        kind: 'payment',
        date: day,
        documentNumber: invoice.number,
        text: 'Kartenzahlung',
        account: '1000',
        contraAccount: '10000',
        taxCode: null,
        taxBasisPoints: null,
        amount: 36000,
      },
    ]);
  });

  test('refuses the DATEV file until the adviser and client numbers are set', async ({
    demoApp: { client: admin },
  }) => {
    const cleared = await admin.patch('/api/settings/accounting', {
      adviserNumber: null,
      clientNumber: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expectProblem(
      await admin.get('/api/reports/accounting', { query: { ...period, format: 'datev' } }),
      409,
      'report/accounting_settings_incomplete',
    );
  });

  test('writes the DATEV Buchungsstapel in Windows-1252 with the settings in its header', async ({
    demoApp: { client: admin },
    reported: { invoice },
  }) => {
    const saved = await admin.patch('/api/settings/accounting', { adviserNumber: 4711, clientNumber: 42 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(parsed(saved, ZAccountingSettings)).toEqual({
      adviserNumber: 4711,
      clientNumber: 42,
      fiscalYearStartMonth: 1,
      accountLength: 4,
      receivablesAccount: '10000',
    });
    const response = await admin.get('/api/reports/accounting', { query: { ...period, format: 'datev' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=windows-1252');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename=EXTF_Buchungsstapel_2031-03-01_2031-03-31.csv',
    );
    const text = iconv.decode(response.rawPayload, 'win1252');
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(
      /^"EXTF";700;21;"Buchungsstapel";13;20310310\d{9};;"RE";"";"";4711;42;20310101;4;20310301;20310331;/,
    );
    expect(lines.slice(2, 5).map((line) => line.split(';').slice(0, 11))).toEqual([
      ['240,00', '"S"', '"EUR"', '', '', '', '10000', '8300', '"2"', '1003', `"${invoice.number}"`],
      ['120,00', '"S"', '"EUR"', '', '', '', '10000', '8400', '"3"', '1003', `"${invoice.number}"`],
      ['360,00', '"S"', '"EUR"', '', '', '', '1000', '10000', '""', '1003', `"${invoice.number}"`],
    ]);
    expect(response.rawPayload.includes(Buffer.from([0xfc]))).toBe(true);
  });

  test('books a cancellation invoice against the revenue', async ({
    demoApp: { client: admin },
    reported: { invoice },
  }) => {
    const cancel = await admin.post(`/api/invoices/${invoice.id}/actions/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(201);
    const cancellation = parsed(cancel, ZInvoice);
    const { postings } = parsed(
      await admin.get('/api/reports/accounting', { query: period }),
      ZAccountingExport,
    );
    expect(postings.filter((posting) => posting.documentNumber === cancellation.number)).toEqual([
      expect.objectContaining({ kind: 'revenue', contraAccount: '8300', amount: -24000 }),
      expect.objectContaining({ kind: 'revenue', contraAccount: '8400', amount: -12000 }),
    ]);
    const csv = await admin.get('/api/reports/accounting', { query: { ...period, format: 'csv' } });
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename=postings_2031-03-01_2031-03-31.csv',
    );
    expect(csv.body).toContain(
      `;Erlös;${cancellation.number};Storno ${cancellation.number} Müller GmbH;10000;8300;2;7;-240,00`,
    );
  });

  test('never puts two fiscal years in one batch', async ({ demoApp: { client: admin } }) => {
    expectProblem(
      await admin.get('/api/reports/accounting', {
        query: { from: '2030-12-01', to: '2031-01-31', format: 'datev' },
      }),
      400,
      'report/period_spans_fiscal_years',
    );
    await admin.patch('/api/settings/accounting', { fiscalYearStartMonth: 7 });
    expectProblem(
      await admin.get('/api/reports/accounting', {
        query: { from: '2031-06-01', to: '2031-07-31', format: 'datev' },
      }),
      400,
      'report/period_spans_fiscal_years',
    );
    const fine = await admin.get('/api/reports/accounting', {
      query: { from: '2030-12-01', to: '2031-01-31', format: 'datev' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(iconv.decode(fine.rawPayload, 'win1252').split(';')[12]).toBe('20300701');
    await admin.patch('/api/settings/accounting', { fiscalYearStartMonth: 1 });
  });

  test('refuses the DATEV file, naming the invoices, while a tax key is not a number or missing on a VAT rate', async ({
    demoApp: { t, client: admin },
  }) => {
    // A key saved before keys were checked ("U"), and a VAT rate without a key.
    const letter = await created(
      admin,
      '/api/tax_rates',
      {
        name: 'Alt 19 %',
        percentage: 19,
        accountNumber: '8500',
        taxCode: '3',
      },
      ZTaxRate,
    );
    await t.db.update(taxRates).set({ taxCode: 'U' }).where(eq(taxRates.id, letter.id));
    const keyless = await created(
      admin,
      '/api/tax_rates',
      {
        name: 'Ohne Schlüssel 7 %',
        percentage: 7,
        accountNumber: '8600',
      },
      ZTaxRate,
    );
    const customer = await created(
      admin,
      '/api/contacts',
      {
        name: 'Altdaten KG',
        address: { line1: 'Linzer Gasse 1', postalCode: '5020', city: 'Salzburg', country: 'at' },
      },
      ZContact,
    );
    const group = await created(admin, '/api/groups', { name: 'Altdaten', customerId: customer.id }, ZGroup);
    const folio = await created(admin, '/api/folios', { groupId: group.id, customerId: customer.id }, ZFolio);
    for (const taxRateId of [letter.id, keyless.id]) {
      const item = await created(
        admin,
        '/api/items',
        {
          name: `Posten ${taxRateId}`,
          type: 'other',
          amount: 5000,
          taxRateId,
        },
        ZItem,
      );
      await created(admin, `/api/folios/${folio.id}/charges`, { itemId: item.id, bookedOn: day }, ZFolio);
    }
    const bad = await created(
      admin,
      '/api/invoices',
      {
        folioId: folio.id,
        closeWithDueAmount: true,
      },
      ZInvoice,
    );
    const refused = await admin.get('/api/reports/accounting', { query: { ...period, format: 'datev' } });
    expectProblem(refused, 409, 'report/datev_tax_code_invalid');
    const problem = parsed(refused, ZProblem);
    expect(problem.params).toEqual({ count: 2 });
    expect(problem.errors).toHaveLength(2);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: `invoice/${bad.number}`, message: 'account 8500, tax rate 19 %, tax key "U"' },
        { path: `invoice/${bad.number}`, message: 'account 8600, tax rate 7 %, tax key (none)' },
      ]),
    );
    // The plain CSV still lists every posting, so the adviser can see what to correct.
    const csv = await admin.get('/api/reports/accounting', { query: { ...period, format: 'csv' } });
    expect(csv.statusCode, csv.body).toBe(200);
  });
});

describe('guest statistics', () => {
  test('counts arrivals and nights per country of residence, the nationality flagged as fallback', async ({
    demoApp: { client: admin },
  }) => {
    const response = await admin.get('/api/reports/guest_statistics', { query: period });
    expect(response.statusCode, response.body).toBe(200);
    const statistics = parsed(response, ZGuestStatistics);
    expect(statistics.rows).toEqual([
      { country: 'CH', source: 'nationality', arrivals: 1, overnightStays: 3 },
      { country: 'DE', source: 'address', arrivals: 1, overnightStays: 3 },
    ]);
    expect(statistics.totals).toEqual({ arrivals: 2, overnightStays: 6 });
    const csv = await admin.get('/api/reports/guest_statistics', { query: { ...period, format: 'csv' } });
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename=guest-statistics_2031-03-01_2031-03-31.csv',
    );
    expect(csv.body).toContain('CH;Staatsangehörigkeit;1;3\r\n');
  });
});

describe('refusals', () => {
  const routes = ['/api/reports/items', '/api/reports/accounting', '/api/reports/guest_statistics'];

  test.for(routes)('%s refuses bad periods with 400', async (path, { demoApp: { client: admin } }) => {
    const queries: Record<string, string>[] = [
      { from: '2031-03-31', to: '2031-03-01' },
      { from: '2031-02-30', to: '2031-03-01' },
      { from: '2020-01-01', to: '2031-03-01' },
      { from: 'gestern', to: '2031-03-01' },
      { from: '2031-03-01' },
      { ...period, format: 'pdf' },
    ];
    for (const query of queries) expectProblem(await admin.get(path, { query }), 400, 'validation');
  });

  test.for(routes)('%s is for admin, manager and staff only', async (path, { demoApp: { t, ids } }) => {
    for (const role of ['cleaning', 'catering'] as const) {
      const user = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      expectProblem(await user.get(path, { query: period }), 403, 'auth/forbidden');
    }
    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    expect((await staff.get(path, { query: { ...period, format: 'csv' } })).statusCode).toBe(200);
  });

  test("shows another property none of this one's data, and its settings are its own", async ({
    demoApp: { t, ids },
  }) => {
    const other = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const items = parsed(await other.get('/api/reports/items', { query: period }), ZItemsReport);
    expect(items.rows).toEqual([]);
    const accounting = parsed(
      await other.get('/api/reports/accounting', { query: period }),
      ZAccountingExport,
    );
    expect(accounting.postings).toEqual([]);
    const statistics = parsed(
      await other.get('/api/reports/guest_statistics', { query: period }),
      ZGuestStatistics,
    );
    expect(statistics.rows).toEqual([]);
    // The demo gives each property its own client number; this one's batch holds nothing.
    const batch = await other.get('/api/reports/accounting', { query: { ...period, format: 'datev' } });
    expect(batch.statusCode, batch.body).toBe(200);
    const lines = iconv.decode(batch.rawPayload, 'win1252').split('\r\n');
    expect(lines[0]!.split(';').slice(10, 12)).toEqual(['29098', '55004']);
    expect(lines.slice(2)).toEqual(['']);
  });

  test('keeps accounting settings behind the settings access and XSRF, and saves concurrent changes', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    expectProblem(await staff.get('/api/settings/accounting'), 403, 'auth/forbidden');
    expectProblem(
      await admin.patch('/api/settings/accounting', { accountLength: 5 }, { xsrf: false }),
      403,
      'auth/xsrf_invalid',
    );
    const answers = await Promise.all(
      [4, 5, 6, 7, 8].map((accountLength) => admin.patch('/api/settings/accounting', { accountLength })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const saved = parsed(await admin.get('/api/settings/accounting'), ZAccountingSettings);
    expect([4, 5, 6, 7, 8]).toContain(saved.accountLength);
    await admin.patch('/api/settings/accounting', { accountLength: 4 });
  });

  test('refuses accounting settings out of range', async ({ demoApp: { client: admin } }) => {
    for (const body of [
      { adviserNumber: 1000 },
      { clientNumber: 100_000 },
      { fiscalYearStartMonth: 13 },
      { accountLength: 9 },
      { receivablesAccount: '14OO' },
    ])
      expectProblem(await admin.patch('/api/settings/accounting', body), 400, 'validation');
  });
});
