// The invoice PDF (A4, German or English) with every field §14 UStG (DE) and §11 UStG (AT) ask
// for. Drawn with pdfkit in DejaVu Sans, a TrueType font from the `dejavu-fonts-ttf` package that
// pdfkit embeds (subset) into the file, so the PDF looks the same everywhere and can become PDF/A-3.

import { receiptTexts } from '../fiscal/receipt-texts.ts';
import type { TInvoiceDocument } from './invoice-document.ts';
import { drawLetterhead, finishLetter, PAGE_MARGIN, startLetter, type TLetter } from './pdf-letter.ts';
import { documentTexts, formatDate, formatMoney, formatRate } from './texts.ts';

export function renderInvoicePdf(doc: TInvoiceDocument): Promise<Buffer> {
  const t = documentTexts[doc.language];
  const money = (cents: number) => formatMoney(cents, doc.currency, doc.language, doc.seller.address.country);
  const date = (iso: string) => formatDate(iso, doc.language);
  const title = `${doc.kind === 'cancellation' ? t.cancellation : t.invoice} ${t.number} ${doc.number}`;
  const letter: TLetter = {
    language: doc.language,
    seller: doc.seller,
    buyer: doc.buyer,
    title,
    date: doc.issueDate,
  };
  const page = startLetter(letter);
  const { pdf, left, width, bottom } = page;
  let y = PAGE_MARGIN;
  const ensureSpace = (height: number) => {
    if (y + height > bottom()) {
      pdf.addPage();
      y = PAGE_MARGIN;
    }
  };

  // Letterhead, recipient and the invoice's facts.
  y = drawLetterhead(page, letter, [
    [t.issueDate, date(doc.issueDate)],
    [t.servicePeriod, `${date(doc.servicePeriod.start)} – ${date(doc.servicePeriod.end)}`],
    [t.deliveryDate, date(doc.deliveryDate)],
  ]);

  pdf.font('bold').fontSize(16).text(title, left, y, { width });
  y = pdf.y + 6;
  if (doc.kind === 'cancellation' && doc.cancels) {
    pdf
      .font('regular')
      .fontSize(10)
      .text(t.cancels(doc.cancels.number, date(doc.cancels.issueDate)), left, y, { width });
    y = pdf.y + 6;
  }
  y += 10;

  // Lines: date, text, quantity, rate, gross amount.
  const columns = {
    date: { x: left, w: 65 },
    text: { x: left + 70, w: 235 },
    quantity: { x: left + 305, w: 40 },
    rate: { x: left + 350, w: 50 },
    amount: { x: left + 400, w: width - 400 },
  };
  const header = () => {
    pdf.font('bold').fontSize(9);
    pdf.text(t.date, columns.date.x, y, { width: columns.date.w });
    pdf.text(t.description, columns.text.x, y, { width: columns.text.w });
    pdf.text(t.quantity, columns.quantity.x, y, { width: columns.quantity.w, align: 'right' });
    pdf.text(t.rate, columns.rate.x, y, { width: columns.rate.w, align: 'right' });
    pdf.text(`${t.amount} (${t.gross})`, columns.amount.x, y, {
      width: columns.amount.w,
      align: 'right',
    });
    y = pdf.y + 3;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .stroke();
    y += 5;
  };
  const row = (cells: { date: string; text: string; quantity: string; rate: string; amount: string }) => {
    pdf.font('regular').fontSize(9);
    const height = pdf.heightOfString(cells.text, { width: columns.text.w });
    if (y + height > bottom()) {
      pdf.addPage();
      y = PAGE_MARGIN;
      header();
      pdf.font('regular').fontSize(9);
    }
    pdf.text(cells.date, columns.date.x, y, { width: columns.date.w });
    pdf.text(cells.text, columns.text.x, y, { width: columns.text.w });
    pdf.text(cells.quantity, columns.quantity.x, y, { width: columns.quantity.w, align: 'right' });
    pdf.text(cells.rate, columns.rate.x, y, { width: columns.rate.w, align: 'right' });
    pdf.text(cells.amount, columns.amount.x, y, { width: columns.amount.w, align: 'right' });
    y += height + 4;
  };
  header();
  for (const line of doc.lines) {
    row({
      date: date(line.serviceDate),
      text: line.text,
      quantity: String(line.quantity),
      rate: line.vatCategory === 'S' ? formatRate(line.taxRate, doc.language) : t.exempt,
      amount: money(line.gross),
    });
  }
  for (const line of doc.localTaxLines ?? []) {
    row({
      date: date(line.serviceDate),
      text: `${line.text}\n${t.localTax}`,
      quantity: String(line.quantity),
      rate: '–',
      amount: money(line.amount),
    });
  }
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .stroke();
  y += 14;

  // Tax breakdown per rate: rate, net, tax, gross.
  const taxCols = [left + 200, left + 270, left + 350, left + 420];
  const taxW = 70;
  ensureSpace(30 + 14 * doc.taxes.length);
  pdf.font('bold').fontSize(9);
  pdf.text(t.taxRate, taxCols[0], y, { width: taxW, align: 'right' });
  pdf.text(t.net, taxCols[1], y, { width: taxW + 10, align: 'right' });
  pdf.text(t.tax, taxCols[2], y, { width: taxW, align: 'right' });
  pdf.text(t.gross, taxCols[3], y, { width: width + left - (taxCols[3] ?? 0), align: 'right' });
  y = pdf.y + 3;
  pdf.font('regular');
  for (const tax of doc.taxes) {
    const rate = tax.vatCategory === 'S' ? formatRate(tax.taxRate, doc.language) : t.exempt;
    pdf.text(rate, taxCols[0], y, { width: taxW, align: 'right' });
    pdf.text(money(tax.net), taxCols[1], y, { width: taxW + 10, align: 'right' });
    pdf.text(money(tax.tax), taxCols[2], y, { width: taxW, align: 'right' });
    pdf.text(money(tax.net + tax.tax), taxCols[3], y, {
      width: width + left - (taxCols[3] ?? 0),
      align: 'right',
    });
    y = pdf.y + 2;
  }
  y += 12;

  // Totals. A cancellation reverses the amounts and owes or refunds nothing, which it says in words.
  const isCancellation = doc.kind === 'cancellation';
  const totals: [string, string, boolean][] = [
    [t.totalNet, money(doc.totals.net), false],
    [t.totalTax, money(doc.totals.tax), false],
    ...(doc.totals.localTax !== 0
      ? [[t.totalLocalTax, money(doc.totals.localTax), false] as [string, string, boolean]]
      : []),
    [t.totalGross, money(doc.totals.gross), true],
    ...(isCancellation
      ? []
      : ([
          [t.paid, money(doc.totals.paid), false],
          [t.due, money(doc.totals.due), true],
        ] as [string, string, boolean][])),
  ];
  ensureSpace(16 * totals.length);
  for (const [label, value, strong] of totals) {
    pdf.font(strong ? 'bold' : 'regular').fontSize(strong ? 10 : 9);
    pdf.text(label, left + 250, y, { width: 150 });
    pdf.text(value, left + 400, y, { width: width - 400, align: 'right' });
    y = pdf.y + 3;
  }
  if (doc.dueDate) {
    y += 8;
    pdf.font('bold').fontSize(10);
    pdf.text(t.payableBy(date(doc.dueDate)), left, y, { width });
    y = pdf.y;
  }
  if (isCancellation) {
    y += 10;
    pdf.font('regular').fontSize(9);
    ensureSpace(pdf.heightOfString(t.cancellationSettled, { width }));
    pdf.text(t.cancellationSettled, left, y, { width });
    y = pdf.y;
  }

  if (doc.additionalText) {
    y += 14;
    pdf.font('regular').fontSize(9);
    ensureSpace(pdf.heightOfString(doc.additionalText, { width }));
    pdf.text(doc.additionalText, left, y, { width });
    y = pdf.y;
  }

  // Germany: the TSE's answer for the invoice (KassenSichV §6), in small print under it.
  if (doc.tse) {
    const tse = doc.tse;
    const tseLabels = receiptTexts[doc.language].tse;
    const text = [
      `${tseLabels.transaction}: ${tse.transactionNumber}`,
      `${tseLabels.start}: ${tse.startTime}`,
      `${tseLabels.end}: ${tse.endTime}`,
      `${tseLabels.serial}: ${tse.serialNumber}`,
      `${tseLabels.counter}: ${tse.signatureCounter}`,
      `${tseLabels.algorithm}: ${tse.signatureAlgorithm}`,
      `${tseLabels.signature}: ${tse.signature}`,
    ].join('\n');
    y += 14;
    pdf.font('regular').fontSize(7);
    ensureSpace(pdf.heightOfString(text, { width }));
    pdf.text(text, left, y, { width });
  }

  return finishLetter(page, letter);
}
