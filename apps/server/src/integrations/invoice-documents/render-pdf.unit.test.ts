import { describe, expect, it, vi } from 'vitest';
import { austrianInvoice, germanCancellation, germanInvoice } from './fixtures.ts';
import type { TInvoiceDocument } from './invoice-document.ts';
import { pdfText, squash } from '../../../test/pdf-text.ts';
import { renderInvoicePdf } from './render-pdf.ts';
import { documentTexts, formatDate, formatMoney, formatRate } from './texts.ts';

// Rendering and parsing take a second or more on a busy machine (two cores, shared).
vi.setConfig({ testTimeout: 30_000 });

function legalFields(doc: TInvoiceDocument): string[] {
  const t = documentTexts[doc.language];
  const money = (cents: number) =>
    squash(formatMoney(cents, doc.currency, doc.language, doc.seller.address.country));
  const date = (iso: string) => formatDate(iso, doc.language);
  const address = (a: TInvoiceDocument['seller']['address']) => [a.line1, a.postalCode, a.city];
  return [
    // both parties' names and addresses, the seller's VAT id
    doc.seller.name,
    ...address(doc.seller.address),
    doc.seller.vatId,
    doc.buyer.name,
    ...address(doc.buyer.address),
    ...(doc.buyer.vatId ? [doc.buyer.vatId] : []),
    // issue date, number, service period, delivery date
    date(doc.issueDate),
    doc.number,
    date(doc.servicePeriod.start),
    date(doc.servicePeriod.end),
    date(doc.deliveryDate),
    // lines with quantity and text
    ...doc.lines.flatMap((l) => [l.text, money(l.gross), date(l.serviceDate)]),
    ...(doc.localTaxLines ?? []).flatMap((l) => [l.text, money(l.amount)]),
    // net, rate, tax per rate
    ...doc.taxes.flatMap((tax) => [
      squash(formatRate(tax.taxRate, doc.language)),
      money(tax.net),
      money(tax.tax),
      money(tax.net + tax.tax),
    ]),
    // totals, paid and due (a cancellation says in words that nothing is owed or refunded)
    `${t.totalNet} ${money(doc.totals.net)}`,
    `${t.totalTax} ${money(doc.totals.tax)}`,
    ...(doc.totals.localTax !== 0 ? [`${t.totalLocalTax} ${money(doc.totals.localTax)}`] : []),
    `${t.totalGross} ${money(doc.totals.gross)}`,
    ...(doc.kind === 'cancellation'
      ? [squash(t.cancellationSettled)]
      : [`${t.paid} ${money(doc.totals.paid)}`, `${t.due} ${money(doc.totals.due)}`]),
  ];
}

describe.each([
  ['an Austrian invoice in German', austrianInvoice],
  ['a German invoice in English', germanInvoice],
  ['a cancellation invoice', germanCancellation],
])('the PDF of %s', (_name, doc) => {
  it('holds every field §14 UStG and §11 UStG require', async () => {
    const pdf = await renderInvoicePdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await pdfText(pdf);
    for (const field of legalFields(doc)) expect(text).toContain(field);
    const t = documentTexts[doc.language];
    expect(text).toContain(
      `${doc.kind === 'cancellation' ? t.cancellation : t.invoice} ${t.number} ${doc.number}`,
    );
  });

  it('embeds its fonts', async () => {
    const raw = (await renderInvoicePdf(doc)).toString('latin1');
    const fonts = [...raw.matchAll(/\/Type \/Font\b[^>]*?\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)];
    expect([...new Set(fonts.map((f) => f[1]?.split('+')[1]))].sort()).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
    ]);
    expect(raw.match(/\/FontFile2 \d+ 0 R/g)?.length).toBe(2);
    // none of the standard 14 fonts, which a viewer would have to substitute
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('is the same file when rendered again', async () => {
    expect((await renderInvoicePdf(doc)).equals(await renderInvoicePdf(doc))).toBe(true);
  });
});

describe('the cancellation PDF', () => {
  it('refers to the cancelled invoice and its date', async () => {
    const { text } = await pdfText(await renderInvoicePdf(germanCancellation));
    expect(text).toContain(
      squash(documentTexts.de.cancels(germanInvoice.number, formatDate(germanInvoice.issueDate, 'de'))),
    );
  });

  it('shows its reversed totals and no amount owed or to be refunded', async () => {
    const { text } = await pdfText(await renderInvoicePdf(germanCancellation));
    const t = documentTexts.de;
    expect(text).toContain(`${t.totalGross} ${squash(formatMoney(-21000, 'EUR', 'de', 'DE'))}`);
    expect(text).not.toContain(t.due);
    expect(text).not.toContain(`${t.paid} `);
    expect(text).toContain(squash(t.cancellationSettled));
  });
});

describe('a long invoice', () => {
  it('continues on further pages with the header and page numbers', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      ...austrianInvoice.lines[0]!,
      text: `Übernachtung Doppelzimmer ${i + 1}`,
    }));
    const { text, pages } = await pdfText(await renderInvoicePdf({ ...austrianInvoice, lines }));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Übernachtung Doppelzimmer 60');
    expect(text).toContain(documentTexts.de.page(pages, pages));
  });
});

describe('the legal wording', () => {
  it("follows the seller's country: Austria's UID and Firmenbuch, Germany's USt-IdNr. and register court", async () => {
    const austrian = (await pdfText(await renderInvoicePdf(austrianInvoice))).text;
    expect(austrian).toContain(`UID-Nr. ${austrianInvoice.seller.vatId}`);
    expect(austrian).toContain('Firmenbuchnummer: FN 123456a');
    expect(austrian).toContain('Firmenbuchgericht: Landesgericht Innsbruck');
    expect(austrian).not.toContain('USt-IdNr.');
    const german = (await pdfText(await renderInvoicePdf(germanCancellation))).text;
    expect(german).toContain(`USt-IdNr. ${germanCancellation.seller.vatId}`);
    expect(german).toContain('Handelsregister: HRB 123456');
    expect(german).toContain('Registergericht: Amtsgericht München');
    expect(german).not.toContain('UID-Nr.');
  });

  it('names the due date when money is open, and none when it is paid', async () => {
    const open = (await pdfText(await renderInvoicePdf(austrianInvoice))).text;
    expect(open).toContain(documentTexts.de.payableBy('28.07.2026'));
    const paid = (await pdfText(await renderInvoicePdf(germanInvoice))).text;
    expect(paid).not.toContain('Payable by');
  });
});

describe('money in the PDF', () => {
  it("is written as the seller's country writes it: € 369,00 in Austria, 210,00 € in Germany", async () => {
    const austrian = (await pdfText(await renderInvoicePdf(austrianInvoice))).text;
    expect(austrian).toContain('Gesamtbetrag € 369,00');
    const german = (await pdfText(await renderInvoicePdf(germanCancellation))).text;
    expect(german).toContain('Gesamtbetrag -210,00 €');
  });
});
