import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createEInvoiceValidator, type TEInvoiceValidator } from '../../../test/einvoice-validation.ts';
import { pdfText, squash } from '../../../test/pdf-text.ts';
import { renderEInvoice } from '../../integrations/invoice-documents/render-e-invoice.ts';
import { renderInvoicePdf } from '../../integrations/invoice-documents/render-pdf.ts';
import { documentTexts, formatMoney } from '../../integrations/invoice-documents/texts.ts';
import { computeInvoiceTax } from '../../lib/invoice-tax.ts';
import type { TPropertyRow } from '../../lib/properties.ts';
import { invoicePayment, invoiceTotals, isRecipientVatIdRequired } from './invoice-totals.ts';
import { toInvoiceDocument } from './invoices.document.ts';
import type { TInvoiceLineRow, TInvoiceRow } from './invoices.queries.ts';

// Rendering and running the EN 16931 rules take seconds each on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const property: TPropertyRow = {
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  deletedAt: null,
  name: 'Alpenhof',
  slug: 'alpenhof',
  timeZone: 'Europe/Vienna',
  currency: 'EUR',
  checkInTime: '15:00',
  checkOutTime: '11:00',
  communication: { email: 'rechnung@alpenhof.example' },
  address: { line1: 'Getreidegasse 12', postalCode: '5020', city: 'Salzburg', country: 'AT' },
  bank: { iban: 'AT611904300234573201', bic: 'BKAUATWW' },
  company: {
    name: 'Alpenhof Salzburg GmbH',
    vatNumber: 'ATU12345678',
    registerNumber: 'FN 123456a',
    registerCourt: 'Landesgericht Salzburg',
  },
  bookingCodePrefix: '',
  bookingCodeSuffix: '',
  invoicePrefix: '2026',
  nextInvoiceNumber: 13,
  paymentTermDays: 14,
  reminderTermDays: 10,
  channelSyncMinutes: 15,
  logoId: null,
  primaryColor: null,
};

/** The lines of the invoice: 358,26 net at 10 % and 20 %, and 10,40 local tax, 405,40 gross. */
const billed = computeInvoiceTax([
  {
    text: 'Übernachtung Doppelzimmer',
    quantity: 2,
    grossAmount: 34000,
    taxBasisPoints: 1000,
    isLocalTax: false,
  },
  { text: 'Frühstück', quantity: 2, grossAmount: 4400, taxBasisPoints: 1000, isLocalTax: false },
  { text: 'Getränke Bar', quantity: 1, grossAmount: 1100, taxBasisPoints: 2000, isLocalTax: false },
  { text: 'Ortstaxe', quantity: 4, grossAmount: 1040, taxBasisPoints: 0, isLocalTax: true },
]);

function lineRows(invoiceId: string, sign: 1 | -1): TInvoiceLineRow[] {
  return billed.lines.map((line, index) => ({
    id: `00000000-0000-4000-8000-0000000001${index}0`,
    propertyId: property.id,
    invoiceId,
    position: index + 1,
    text: line.text,
    quantity: line.quantity,
    serviceDate: '2026-07-11',
    netAmount: sign * line.netAmount,
    taxAmount: sign * line.taxAmount,
    grossAmount: sign * line.grossAmount,
    taxBasisPoints: line.taxBasisPoints,
    isLocalTax: line.isLocalTax,
    accountNumber: null,
    taxCode: null,
  }));
}

function invoiceRow(changes: Partial<TInvoiceRow>): TInvoiceRow {
  return {
    id: '00000000-0000-4000-8000-000000000010',
    createdAt: new Date('2026-07-13T08:00:00Z'),
    updatedAt: new Date('2026-07-13T08:00:00Z'),
    deletedAt: null,
    propertyId: property.id,
    folioId: '00000000-0000-4000-8000-000000000020',
    bookingId: null,
    customerId: null,
    number: '2026-12',
    status: 'open',
    totalAmount: billed.totals.grossAmount,
    paidAmount: 25000,
    billingAddress: { line1: 'Hauptstraße 1', postalCode: '1010', city: 'Wien', country: 'AT' },
    recipient: 'Franz Gast',
    recipientCompany: null,
    recipientVatId: null,
    additionalText: null,
    fileId: null,
    xmlFileId: null,
    cancels: null,
    issuedAt: new Date('2026-07-13T08:00:00Z'),
    netAmount: billed.totals.netAmount,
    taxAmount: billed.totals.taxAmount,
    serviceFrom: '2026-07-11',
    serviceTo: '2026-07-13',
    dueOn: '2026-07-27',
    ...changes,
  };
}

const original = invoiceRow({});
const cancellation = invoiceRow({
  id: '00000000-0000-4000-8000-000000000011',
  number: '2026-13',
  status: 'completed',
  totalAmount: -billed.totals.grossAmount,
  paidAmount: 0,
  cancels: original.id,
  issuedAt: new Date('2026-07-14T08:00:00Z'),
});

let validator: TEInvoiceValidator;
beforeAll(async () => {
  validator = await createEInvoiceValidator();
}, 300_000);

describe('invoiceTotals', () => {
  it('keeps the local tax apart from the net of the VAT-bearing lines', () => {
    const totals = invoiceTotals(lineRows(original.id, 1), { status: 'open', folioPaidAmount: 25000 });
    expect(totals).toMatchObject({
      netAmount: 35826,
      localTaxAmount: 1040,
      totalAmount: 40540,
      paidAmount: 25000,
      dueAmount: 15540,
    });
    expect(totals.netAmount + totals.taxAmount + totals.localTaxAmount).toBe(totals.totalAmount);
    expect(totals.taxes.map((tax) => tax.taxBasisPoints)).toEqual([1000, 2000]);
  });

  it('of a draft counts the payments already posted on its folio', () => {
    const totals = invoiceTotals(lineRows(original.id, 1), { status: 'draft', folioPaidAmount: 25000 });
    expect(totals).toMatchObject({ paidAmount: 25000, dueAmount: 15540 });
    expect(invoicePayment({ status: 'draft', totalAmount: 40540, folioPaidAmount: 50000 })).toEqual({
      paidAmount: 40540,
      dueAmount: 0,
    });
  });

  it('of a cancellation are the reversed amounts, with nothing owed or to be refunded', () => {
    const totals = invoiceTotals(lineRows(cancellation.id, -1), { status: 'completed', folioPaidAmount: 0 });
    expect(totals).toMatchObject({
      netAmount: -35826,
      localTaxAmount: -1040,
      totalAmount: -40540,
      paidAmount: 0,
      dueAmount: 0,
    });
  });
});

describe.each([
  ['an invoice with a payment and the local tax', original, 1 as const, null],
  ['its cancellation', cancellation, -1 as const, original],
])('the documents of %s', (_name, invoice, sign, cancelled) => {
  it('print the totals of invoiceTotals, in the PDF and the e-invoice', async () => {
    const lines = lineRows(invoice.id, sign);
    const totals = invoiceTotals(lines, { status: invoice.status, folioPaidAmount: invoice.paidAmount });
    const document = toInvoiceDocument({
      invoice,
      lines,
      property,
      cancelled,
      checkOut: null,
      customer: null,
    });
    const pdf = await renderInvoicePdf(document);
    const { text } = await pdfText(pdf);
    const t = documentTexts.de;
    const money = (cents: number) => squash(formatMoney(cents, 'EUR', 'de', 'AT'));
    expect(text).toContain(`${t.totalNet} ${money(totals.netAmount)}`);
    expect(text).toContain(`${t.totalTax} ${money(totals.taxAmount)}`);
    expect(text).toContain(`${t.totalLocalTax} ${money(totals.localTaxAmount)}`);
    expect(text).toContain(`${t.totalGross} ${money(totals.totalAmount)}`);
    if (cancelled) {
      expect(text).not.toContain(t.due);
      expect(text).toContain(squash(t.cancellationSettled));
      expect(text).not.toContain('Zahlbar bis');
    } else {
      expect(text).toContain(`${t.paid} ${money(totals.paidAmount)}`);
      expect(text).toContain(`${t.due} ${money(totals.dueAmount)}`);
      // Money is open: the property's payment term of 14 days from the issue date.
      expect(text).toContain('Zahlbar bis 27.07.2026');
    }
    // An Austrian seller: the UID and the Firmenbuch with its court.
    expect(text).toContain('UID-Nr. ATU12345678');
    expect(text).toContain('Firmenbuchnummer: FN 123456a');
    expect(text).toContain('Firmenbuchgericht: Landesgericht Salzburg');
    expect(text).not.toContain('USt-IdNr.');

    const { xml } = await renderEInvoice(document, pdf);
    const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
    // The e-invoice counts the local tax as an exempt line, so its lines' net holds it.
    expect(xml).toContain(
      `<ram:LineTotalAmount>${amount(totals.netAmount + totals.localTaxAmount)}</ram:LineTotalAmount>`,
    );
    expect(xml).toContain(
      `<ram:TaxTotalAmount currencyID="EUR">${amount(totals.taxAmount)}</ram:TaxTotalAmount>`,
    );
    expect(xml).toContain(`<ram:GrandTotalAmount>${amount(totals.totalAmount)}</ram:GrandTotalAmount>`);
    expect(xml).toContain(`<ram:DuePayableAmount>${amount(totals.dueAmount)}</ram:DuePayableAmount>`);
    if (cancelled) expect(xml).not.toContain('<ram:DueDateDateTime>');
    else expect(xml).toMatch(/<ram:DueDateDateTime>\s*<udt:DateTimeString format="102">20260727</);
    expect(await validator.problems(xml)).toEqual([]);
  });
});

describe('a company as recipient', () => {
  const invoice = invoiceRow({
    recipient: 'Maria Muster',
    recipientCompany: 'Beispiel Handels GmbH',
    recipientVatId: 'ATU87654321',
  });
  const document = toInvoiceDocument({
    invoice,
    lines: lineRows(invoice.id, 1),
    property,
    cancelled: null,
    checkOut: null,
    customer: null,
  });

  it('is printed with its contact person and VAT ID', async () => {
    const { text } = await pdfText(await renderInvoicePdf(document));
    expect(text).toContain(
      `Beispiel Handels GmbH ${documentTexts.de.attention('Maria Muster')} Hauptstraße 1`,
    );
    expect(text).toContain('UID-Nr. des Empfängers: ATU87654321');
  });

  it('is the e-invoice buyer with its VAT ID (BT-48) and contact person (BT-56)', async () => {
    const { xml } = await renderEInvoice(document, await renderInvoicePdf(document));
    const buyer = /<ram:BuyerTradeParty>([\s\S]*?)<\/ram:BuyerTradeParty>/.exec(xml)?.[1] ?? '';
    expect(buyer).toMatch(/<ram:Name>Beispiel Handels GmbH<\/ram:Name>/);
    expect(buyer).toMatch(/<ram:DefinedTradeContact>\s*<ram:PersonName>Maria Muster<\/ram:PersonName>/);
    expect(buyer).toMatch(
      /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">ATU87654321<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/,
    );
    expect(await validator.problems(xml)).toEqual([]);
  });

  it('that only repeats the company name names no contact person', () => {
    const named = toInvoiceDocument({
      invoice: invoiceRow({ recipient: 'Beispiel Handels GmbH', recipientCompany: 'Beispiel Handels GmbH' }),
      lines: lineRows(invoice.id, 1),
      property,
      cancelled: null,
      checkOut: null,
      customer: null,
    });
    expect(named.buyer).toMatchObject({ name: 'Beispiel Handels GmbH', contactPerson: null, vatId: null });
  });
});

describe('isRecipientVatIdRequired', () => {
  const company = { recipientCompany: 'Beispiel Handels GmbH', recipientVatId: null };
  it.each([
    ['an Austrian invoice to a company over €10,000 gross', 'at', company, 1_000_001, true],
    ['exactly €10,000', 'at', company, 1_000_000, false],
    ['with the VAT ID', 'at', { ...company, recipientVatId: 'ATU87654321' }, 2_000_000, false],
    ['to a private person', 'at', { recipientCompany: null, recipientVatId: null }, 2_000_000, false],
    ['of a German property', 'de', company, 2_000_000, false],
  ] as const)('%s: %s', (_name, country, recipient, total, expected) => {
    expect(isRecipientVatIdRequired(country, recipient, total)).toBe(expected);
  });
});
