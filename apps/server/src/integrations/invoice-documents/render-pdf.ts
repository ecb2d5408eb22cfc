// The invoice PDF (A4, German or English) with every field §14 UStG (DE) and §11 UStG (AT) ask
// for. Drawn with pdfkit in DejaVu Sans, a TrueType font from the `dejavu-fonts-ttf` package that
// pdfkit embeds (subset) into the file, so the PDF looks the same everywhere and can become PDF/A-3.

import PDFDocument from 'pdfkit';
import { loadFonts } from '../pdf-fonts.ts';
import type { TInvoiceDocument } from './invoice-document.ts';
import { documentTexts, formatDate, formatMoney, formatRate, sellerTexts } from './texts.ts';

const PAGE_MARGIN = 50;
const FOOTER_HEIGHT = 70;

export function renderInvoicePdf(doc: TInvoiceDocument): Promise<Buffer> {
  const t = documentTexts[doc.language];
  const legal = sellerTexts(doc.language, doc.seller.address.country);
  const money = (cents: number) => formatMoney(cents, doc.currency, doc.language, doc.seller.address.country);
  const date = (iso: string) => formatDate(iso, doc.language);
  const title = `${doc.kind === 'cancellation' ? t.cancellation : t.invoice} ${t.number} ${doc.number}`;
  const issued = new Date(`${doc.issueDate}T00:00:00Z`);

  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: doc.language,
    displayTitle: true,
    info: {
      Title: title,
      Author: doc.seller.name,
      Subject: title,
      Creator: doc.seller.name,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const { regular, bold } = loadFonts();
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = PAGE_MARGIN;
  const width = pdf.page.width - 2 * PAGE_MARGIN;
  const bottom = () => pdf.page.height - PAGE_MARGIN - FOOTER_HEIGHT;
  let y = PAGE_MARGIN;
  const ensureSpace = (height: number) => {
    if (y + height > bottom()) {
      pdf.addPage();
      y = PAGE_MARGIN;
    }
  };
  // The country is named when it is not the seller's own.
  const countries = new Intl.DisplayNames([doc.language], { type: 'region' });
  const addressLines = (a: TInvoiceDocument['seller']['address']) =>
    [
      a.line1,
      a.line2,
      `${a.postalCode} ${a.city}`,
      a.country === doc.seller.address.country ? null : (countries.of(a.country) ?? a.country),
    ].filter((l): l is string => !!l);

  // Seller (letterhead, right) and recipient (left).
  pdf.font('bold').fontSize(14).text(doc.seller.name, left, y, { width, align: 'right' });
  pdf
    .font('regular')
    .fontSize(9)
    .text(addressLines(doc.seller.address).join('\n'), left, pdf.y, { width, align: 'right' });
  y = 150;
  pdf.font('regular').fontSize(7).fillColor('#555555');
  pdf.text(`${t.recipient}:`, left, y);
  pdf.fillColor('black').fontSize(10);
  const attention = doc.buyer.contactPerson ? [t.attention(doc.buyer.contactPerson)] : [];
  pdf.text([doc.buyer.name, ...attention, ...addressLines(doc.buyer.address)].join('\n'), left, pdf.y, {
    width: 260,
  });
  if (doc.buyer.vatId) pdf.text(`${legal.buyerVatId}: ${doc.buyer.vatId}`, left, pdf.y, { width: 260 });

  // Invoice facts (right).
  const facts: [string, string][] = [
    [t.issueDate, date(doc.issueDate)],
    [t.servicePeriod, `${date(doc.servicePeriod.start)} – ${date(doc.servicePeriod.end)}`],
    [t.deliveryDate, date(doc.deliveryDate)],
  ];
  let factY = 150;
  for (const [label, value] of facts) {
    pdf.fontSize(9).font('regular').text(`${label}:`, 330, factY, { width: 95 });
    pdf.text(value, 425, factY, { width: width + left - 425, align: 'right' });
    factY += 14;
  }
  y = Math.max(pdf.y, factY) + 30;

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
  }

  // Footer on every page: the seller's legal details and the page number.
  const s = doc.seller;
  const footer = [
    [s.name, ...addressLines(s.address)].join(' · '),
    [
      `${legal.vatId} ${s.vatId}`,
      s.taxNumber ? `${t.taxNumber} ${s.taxNumber}` : null,
      s.companyRegister ? `${legal.register}: ${s.companyRegister}` : null,
      s.registerCourt ? `${legal.registerCourt}: ${s.registerCourt}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    [`${t.email} ${s.email}`, s.phone ? `${t.phone} ${s.phone}` : null].filter(Boolean).join(' · '),
    s.bank
      ? [`${t.bank}: IBAN ${s.bank.iban}`, s.bank.bic ? `BIC ${s.bank.bic}` : null]
          .filter(Boolean)
          .join(' · ')
      : null,
  ].filter((l): l is string => !!l);
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const footerY = pdf.page.height - PAGE_MARGIN - FOOTER_HEIGHT + 10;
    pdf
      .moveTo(left, footerY)
      .lineTo(left + width, footerY)
      .lineWidth(0.5)
      .stroke();
    pdf.font('regular').fontSize(7).fillColor('#333333');
    // Writing below the bottom margin would make pdfkit open a new page: lift the margin.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.text(footer.join('\n'), left, footerY + 6, { width, align: 'center', lineGap: 1 });
    pdf.text(t.page(i - range.start + 1, range.count), left, footerY + 56, {
      width,
      align: 'right',
    });
    pdf.page.margins.bottom = margin;
    pdf.fillColor('black');
  }

  pdf.end();
  return done;
}
