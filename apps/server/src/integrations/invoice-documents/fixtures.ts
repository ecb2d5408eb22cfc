// Sample documents for the renderers' tests (and for trying the layout): an Austrian invoice, a
// German invoice with the local tax, and the cancellation of the German one. Amounts follow the
// EN 16931 rule of the invoices module: per rate net = round(gross / (1 + rate)), tax = gross - net,
// line nets allocated so they add up.

import type { TInvoiceDocument } from './invoice-document.ts';

export const austrianInvoice: TInvoiceDocument = {
  kind: 'invoice',
  number: 'AT-2026-0007',
  issueDate: '2026-07-14',
  language: 'de',
  currency: 'EUR',
  servicePeriod: { start: '2026-07-11', end: '2026-07-14' },
  deliveryDate: '2026-07-14',
  seller: {
    name: 'Alpenhof Tirol GmbH',
    address: { line1: 'Dorfstraße 12', postalCode: '6020', city: 'Innsbruck', country: 'AT' },
    vatId: 'ATU12345678',
    taxNumber: '81 123/4567',
    companyRegister: 'FN 123456a',
    registerCourt: 'Landesgericht Innsbruck',
    email: 'rezeption@alpenhof.example',
    phone: '+43 512 123456',
    bank: { iban: 'AT61 1904 3002 3457 3201', bic: 'BKAUATWW' },
  },
  buyer: {
    name: 'Maria Huber',
    address: { line1: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'AT' },
  },
  lines: [
    {
      text: 'Übernachtung Doppelzimmer',
      quantity: 1,
      serviceDate: '2026-07-11',
      net: 10909,
      tax: 1091,
      gross: 12000,
      taxRate: 1000,
      vatCategory: 'S',
    },
    {
      text: 'Übernachtung Doppelzimmer',
      quantity: 1,
      serviceDate: '2026-07-12',
      net: 10909,
      tax: 1091,
      gross: 12000,
      taxRate: 1000,
      vatCategory: 'S',
    },
    {
      text: 'Übernachtung Doppelzimmer',
      quantity: 1,
      serviceDate: '2026-07-13',
      net: 10909,
      tax: 1091,
      gross: 12000,
      taxRate: 1000,
      vatCategory: 'S',
    },
    {
      text: 'Getränke Bar',
      quantity: 2,
      serviceDate: '2026-07-12',
      net: 750,
      tax: 150,
      gross: 900,
      taxRate: 2000,
      vatCategory: 'S',
    },
  ],
  taxes: [
    { vatCategory: 'S', taxRate: 1000, net: 32727, tax: 3273 },
    { vatCategory: 'S', taxRate: 2000, net: 750, tax: 150 },
  ],
  totals: { net: 33477, tax: 3423, localTax: 0, gross: 36900, paid: 20000, due: 16900 },
  dueDate: '2026-07-28',
  additionalText: 'Vielen Dank für Ihren Aufenthalt!',
};

export const germanInvoice: TInvoiceDocument = {
  kind: 'invoice',
  number: 'RE-2026-0042',
  issueDate: '2026-03-04',
  language: 'en',
  currency: 'EUR',
  servicePeriod: { start: '2026-03-02', end: '2026-03-04' },
  deliveryDate: '2026-03-04',
  seller: {
    name: 'Hotel Seeblick GmbH',
    address: { line1: 'Seestraße 5', postalCode: '82319', city: 'Starnberg', country: 'DE' },
    vatId: 'DE123456789',
    taxNumber: '117/123/45678',
    companyRegister: 'HRB 123456',
    registerCourt: 'Amtsgericht München',
    email: 'info@seeblick.example',
    phone: '+49 8151 12345',
    bank: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  },
  buyer: {
    name: 'Acme Consulting Ltd.',
    address: {
      line1: '10 Downing Lane',
      line2: 'Floor 3',
      postalCode: 'EC1A 1BB',
      city: 'London',
      country: 'GB',
    },
    vatId: 'GB123456789',
  },
  lines: [
    {
      text: 'Accommodation single room',
      quantity: 1,
      serviceDate: '2026-03-02',
      net: 8879,
      tax: 621,
      gross: 9500,
      taxRate: 700,
      vatCategory: 'S',
    },
    {
      text: 'Accommodation single room',
      quantity: 1,
      serviceDate: '2026-03-03',
      net: 8878,
      tax: 622,
      gross: 9500,
      taxRate: 700,
      vatCategory: 'S',
    },
    {
      text: 'Drinks',
      quantity: 3,
      serviceDate: '2026-03-03',
      net: 1261,
      tax: 239,
      gross: 1500,
      taxRate: 1900,
      vatCategory: 'S',
    },
  ],
  taxes: [
    { vatCategory: 'S', taxRate: 700, net: 17757, tax: 1243 },
    { vatCategory: 'S', taxRate: 1900, net: 1261, tax: 239 },
  ],
  localTaxLines: [{ text: 'City tax', quantity: 2, serviceDate: '2026-03-02', amount: 500 }],
  totals: { net: 19018, tax: 1482, localTax: 500, gross: 21000, paid: 21000, due: 0 },
};

function negate(doc: TInvoiceDocument): TInvoiceDocument {
  return {
    ...doc,
    lines: doc.lines.map((l) => ({ ...l, net: -l.net, tax: -l.tax, gross: -l.gross })),
    taxes: doc.taxes.map((t) => ({ ...t, net: -t.net, tax: -t.tax })),
    localTaxLines: (doc.localTaxLines ?? []).map((l) => ({ ...l, amount: -l.amount })),
    totals: {
      net: -doc.totals.net,
      tax: -doc.totals.tax,
      localTax: -doc.totals.localTax,
      gross: -doc.totals.gross,
      paid: 0,
      due: 0,
    },
  };
}

export const germanCancellation: TInvoiceDocument = {
  ...negate(germanInvoice),
  kind: 'cancellation',
  number: 'RE-2026-0043',
  issueDate: '2026-03-06',
  language: 'de',
  cancels: { number: germanInvoice.number, issueDate: germanInvoice.issueDate },
};
