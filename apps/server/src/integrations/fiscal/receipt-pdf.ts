// The receipt of a signed payment, as the law asks it (AT: §132a BAO and the RKSV's QR code; DE: §6
// KassenSichV with the TSE's data), on A4 or on an 80 mm receipt printer's roll. A simulated register's
// receipt says in print that it is no valid receipt; a reprint says it is a copy.

import PDFDocument from 'pdfkit';
import type { TFiscalReceiptKind } from '@pms/contract';
import QRCode from 'qrcode';
import { formatMoney, formatRate } from '../invoice-documents/texts.ts';
import { loadFonts } from '../pdf-fonts.ts';
import { receiptTexts } from './receipt-texts.ts';

export type TReceiptDocument = {
  language: 'de' | 'en';
  format: 'a4' | 'receipt';
  isCopy: boolean;
  currency: string;
  seller: { name: string; addressLines: string[]; vatId: string | null; country: string };
  register: { name: string; cashBoxId: string };
  receipt: {
    number: number;
    kind: TFiscalReceiptKind;
    purpose: 'month' | 'year' | 'collective' | null;
    /** Local date and time as printed. */
    issuedAt: string;
    totalAmount: number;
    taxes: { taxPercentage: number; grossAmount: number }[];
    lines: { text: string; quantity: number; grossAmount: number; taxPercentage: number }[];
    paymentMethodName: string | null;
    machineCode: string | null;
    deviceFailed: boolean;
    isSimulated: boolean;
    tse: {
      transactionNumber: number;
      signatureCounter: number;
      startTime: string;
      endTime: string;
      serialNumber: string;
      signatureAlgorithm: string;
      signature: string;
      qrCodeData: string;
    } | null;
  };
};

const mm = 72 / 25.4;

/** Net and tax of a gross amount at a rate, rounded half away from zero as the invoices do. */
function split(grossAmount: number, taxPercentage: number): { netAmount: number; taxAmount: number } {
  const netAmount = Math.sign(grossAmount) * Math.round(Math.abs(grossAmount) / (1 + taxPercentage / 100));
  return { netAmount, taxAmount: grossAmount - netAmount };
}

export async function renderReceiptPdf(doc: TReceiptDocument): Promise<Buffer> {
  const t = receiptTexts[doc.language];
  const money = (cents: number) => formatMoney(cents, doc.currency, doc.language, doc.seller.country);
  const rate = (percentage: number) => formatRate(Math.round(percentage * 100), doc.language);
  const isRoll = doc.format === 'receipt';
  const width = isRoll ? 80 * mm : 595.28;
  const margin = isRoll ? 4 * mm : 50;
  const qrText = doc.receipt.machineCode ?? doc.receipt.tse?.qrCodeData ?? null;
  const height = isRoll
    ? 260 + doc.receipt.lines.length * 24 + doc.receipt.taxes.length * 14 + (qrText ? 240 : 0)
    : 841.89;
  const pdf = new PDFDocument({
    size: [width, height],
    margin,
    lang: doc.language,
    info: { Title: `${t.title} ${doc.receipt.number}`, Author: doc.seller.name },
  });
  const fonts = loadFonts();
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const inner = width - 2 * margin;
  const small = isRoll ? 7 : 9;
  const body = isRoll ? 8 : 10;

  const row = (left: string, right: string, font: 'regular' | 'bold' = 'regular') => {
    const y = pdf.y;
    pdf
      .font(font)
      .fontSize(body)
      .text(left, margin, y, { width: inner * 0.65 });
    const after = pdf.y;
    pdf.text(right, margin + inner * 0.65, y, { width: inner * 0.35, align: 'right' });
    pdf.x = margin;
    pdf.y = Math.max(after, pdf.y);
  };
  const notice = (text: string) =>
    pdf
      .font('bold')
      .fontSize(body + 1)
      .text(text, margin, pdf.y, { width: inner, align: 'center' });

  if (doc.receipt.isSimulated) notice(t.simulation);
  if (doc.isCopy) notice(t.copy);
  pdf
    .font('bold')
    .fontSize(isRoll ? 10 : 14)
    .text(doc.seller.name, { width: inner, align: isRoll ? 'center' : 'left' });
  pdf.font('regular').fontSize(small);
  for (const line of doc.seller.addressLines)
    pdf.text(line, { width: inner, align: isRoll ? 'center' : 'left' });
  if (doc.seller.vatId)
    pdf.text(`${t.vatId}: ${doc.seller.vatId}`, { width: inner, align: isRoll ? 'center' : 'left' });
  pdf.moveDown(0.8);
  pdf
    .font('bold')
    .fontSize(body + 2)
    .text(`${t.kinds[doc.receipt.kind]} ${t.number} ${doc.receipt.number}`, { width: inner });
  if (doc.receipt.purpose)
    pdf.font('regular').fontSize(body).text(t.purposes[doc.receipt.purpose], { width: inner });
  pdf.font('regular').fontSize(small);
  pdf.text(`${t.date}: ${doc.receipt.issuedAt.replace('T', ' ')}`, { width: inner });
  pdf.text(`${t.register}: ${doc.register.name} (${doc.register.cashBoxId})`, { width: inner });
  pdf.moveDown(0.6);

  // The folio's services the payment is for, then what was paid (a part of them, or all).
  if (doc.receipt.lines.length > 0) {
    pdf.font('bold').fontSize(small).text(t.services, margin, pdf.y, { width: inner });
    for (const line of doc.receipt.lines) {
      row(`${line.quantity} × ${line.text} (${rate(line.taxPercentage)})`, money(line.grossAmount));
    }
    row(t.servicesTotal, money(doc.receipt.lines.reduce((sum, line) => sum + line.grossAmount, 0)));
    pdf.moveDown(0.4);
  }
  row(doc.receipt.paymentMethodName ? t.total : t.sum, money(doc.receipt.totalAmount), 'bold');
  pdf.moveDown(0.3);
  pdf.font('bold').fontSize(small).text(t.perRate, { width: inner });
  for (const tax of doc.receipt.taxes) {
    const { netAmount, taxAmount } = split(tax.grossAmount, tax.taxPercentage);
    row(
      `${rate(tax.taxPercentage)}: ${t.net} ${money(netAmount)} + ${t.tax} ${money(taxAmount)}`,
      money(tax.grossAmount),
    );
  }
  if (doc.receipt.paymentMethodName) {
    pdf.moveDown(0.3);
    row(`${t.paidWith}: ${doc.receipt.paymentMethodName}`, money(doc.receipt.totalAmount));
  }
  pdf.moveDown(0.6);
  if (doc.receipt.deviceFailed) notice(t.deviceFailed);
  const tse = doc.receipt.tse;
  if (tse) {
    pdf.font('regular').fontSize(small);
    for (const [label, value] of [
      [t.tse.transaction, String(tse.transactionNumber)],
      [t.tse.start, tse.startTime],
      [t.tse.end, tse.endTime],
      [t.tse.serial, tse.serialNumber],
      [t.tse.counter, String(tse.signatureCounter)],
      [t.tse.algorithm, tse.signatureAlgorithm],
      [t.tse.signature, tse.signature],
    ] as const) {
      pdf.text(`${label}: ${value}`, { width: inner });
    }
    pdf.moveDown(0.4);
  }
  if (qrText) {
    const size = isRoll ? inner * 0.8 : 160;
    const image = await QRCode.toBuffer(qrText, { errorCorrectionLevel: 'M', margin: 1, width: 400 });
    const y = pdf.y;
    pdf.image(image, margin + (isRoll ? (inner - size) / 2 : 0), y, { width: size, height: size });
    pdf.y = y + size + 6;
    pdf.font('regular').fontSize(5).text(qrText, margin, pdf.y, { width: inner });
  }
  pdf.end();
  return done;
}
