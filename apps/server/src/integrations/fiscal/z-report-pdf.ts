// The day close's Z report (A4): the register's business day with its receipts from first to last
// number, revenue per tax rate and per payment type, every cash movement and the counted differences.

import PDFDocument from 'pdfkit';
import { formatMoney, formatRate } from '../invoice-documents/texts.ts';
import { loadFonts } from '../pdf-fonts.ts';
import { receiptTexts } from './receipt-texts.ts';

export type TZReportDocument = {
  language: 'de' | 'en';
  currency: string;
  seller: { name: string; country: string };
  register: { name: string; cashBoxId: string; isSimulated: boolean };
  close: {
    number: number;
    businessDate: string;
    closedAt: string;
    closedBy: string | null;
    firstReceiptNumber: number | null;
    lastReceiptNumber: number | null;
  };
  revenuePerRate: { taxPercentage: number; grossAmount: number }[];
  revenuePerPaymentType: { name: string; grossAmount: number }[];
  openingBalance: number;
  movements: {
    time: string;
    kind: 'payment' | 'refund' | 'deposit' | 'withdrawal' | 'difference';
    amount: number;
    reason: string | null;
  }[];
  closingBalance: number;
  differenceAmount: number;
};

export function renderZReportPdf(doc: TZReportDocument): Promise<Buffer> {
  const t = receiptTexts[doc.language];
  const z = t.zReport;
  const money = (cents: number) => formatMoney(cents, doc.currency, doc.language, doc.seller.country);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    lang: doc.language,
    info: { Title: `${z.title} ${doc.close.number}`, Author: doc.seller.name },
  });
  const fonts = loadFonts();
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const left = 50;
  const width = 495;
  const row = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    const y = pdf.y;
    pdf
      .font(font)
      .fontSize(10)
      .text(label, left, y, { width: width - 140 });
    const after = pdf.y;
    pdf.text(value, left + width - 140, y, { width: 140, align: 'right' });
    pdf.x = left;
    pdf.y = Math.max(after, pdf.y);
  };
  const heading = (text: string) => {
    pdf.moveDown(0.8);
    pdf.font('bold').fontSize(11).text(text, left, pdf.y, { width });
    pdf.moveDown(0.2);
  };

  if (doc.register.isSimulated) pdf.font('bold').fontSize(12).text(t.simulation, { width, align: 'center' });
  pdf.font('bold').fontSize(16).text(`${z.title} ${doc.close.number}`, left, pdf.y, { width });
  pdf.font('regular').fontSize(10).text(doc.seller.name, { width });
  pdf.text(`${t.register}: ${doc.register.name} (${doc.register.cashBoxId})`, { width });
  pdf.text(`${z.businessDate}: ${doc.close.businessDate}`, { width });
  pdf.text(
    `${z.closedAt}: ${doc.close.closedAt.replace('T', ' ')}${doc.close.closedBy ? ` ${z.closedBy} ${doc.close.closedBy}` : ''}`,
    {
      width,
    },
  );
  pdf.text(
    `${z.receipts}: ${
      doc.close.firstReceiptNumber === null
        ? z.none
        : `${doc.close.firstReceiptNumber} – ${doc.close.lastReceiptNumber}`
    }`,
    { width },
  );

  heading(z.revenue);
  for (const share of doc.revenuePerRate) {
    row(formatRate(Math.round(share.taxPercentage * 100), doc.language), money(share.grossAmount));
  }
  row(t.sum, money(doc.revenuePerRate.reduce((sum, share) => sum + share.grossAmount, 0)), 'bold');

  heading(z.paymentTypes);
  for (const share of doc.revenuePerPaymentType) row(share.name, money(share.grossAmount));

  heading(z.movements);
  row(z.opening, money(doc.openingBalance));
  for (const movement of doc.movements) {
    row(
      `${movement.time} ${z.kinds[movement.kind]}${movement.reason ? ` – ${movement.reason}` : ''}`,
      money(movement.amount),
    );
  }
  row(z.closing, money(doc.closingBalance), 'bold');

  heading(z.differences);
  row(z.differences, money(doc.differenceAmount), 'bold');

  pdf.end();
  return done;
}
