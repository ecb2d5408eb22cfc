// The letter the invoice documents share: an A4 page in embedded DejaVu Sans, the seller's letterhead
// (right), the recipient (left) with the letter's facts beside it, and on every page a footer with the
// seller's legal details and the page number.

import PDFDocument from 'pdfkit';
import { loadFonts } from '../pdf-fonts.ts';
import type { TDocumentAddress, TDocumentBuyer, TDocumentSeller } from './invoice-document.ts';
import { documentTexts, sellerTexts } from './texts.ts';

export const PAGE_MARGIN = 50;
const FOOTER_HEIGHT = 70;

/** What a letter names: who writes, to whom, in which language, and what it is. */
export type TLetter = {
  language: 'de' | 'en';
  seller: TDocumentSeller;
  buyer: TDocumentBuyer;
  title: string;
  /** The letter's date (ISO), its creation date in the PDF's information. */
  date: string;
};

export type TLetterPage = {
  pdf: PDFKit.PDFDocument;
  /** The whole PDF, once `finish` ended it. */
  done: Promise<Buffer>;
  left: number;
  width: number;
  /** The lowest y above the footer. */
  bottom: () => number;
  /** An address as lines; the country is named when it is not the seller's own. */
  addressLines: (address: TDocumentAddress) => string[];
};

export function startLetter(letter: TLetter): TLetterPage {
  const created = new Date(`${letter.date}T00:00:00Z`);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: letter.language,
    displayTitle: true,
    info: {
      Title: letter.title,
      Author: letter.seller.name,
      Subject: letter.title,
      Creator: letter.seller.name,
      CreationDate: created,
      ModDate: created,
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
  const countries = new Intl.DisplayNames([letter.language], { type: 'region' });
  const addressLines = (a: TDocumentAddress) =>
    [
      a.line1,
      a.line2,
      `${a.postalCode} ${a.city}`,
      a.country === letter.seller.address.country ? null : (countries.of(a.country) ?? a.country),
    ].filter((l): l is string => !!l);
  return {
    pdf,
    done,
    left: PAGE_MARGIN,
    width: pdf.page.width - 2 * PAGE_MARGIN,
    bottom: () => pdf.page.height - PAGE_MARGIN - FOOTER_HEIGHT,
    addressLines,
  };
}

/**
 * The seller's letterhead (right), the recipient with a company's contact person and VAT ID (left) and
 * the letter's facts beside it; answers the y below them.
 */
export function drawLetterhead(page: TLetterPage, letter: TLetter, facts: [string, string][]): number {
  const { pdf, left, width, addressLines } = page;
  const t = documentTexts[letter.language];
  const legal = sellerTexts(letter.language, letter.seller.address.country);
  pdf.font('bold').fontSize(14).text(letter.seller.name, left, PAGE_MARGIN, { width, align: 'right' });
  pdf
    .font('regular')
    .fontSize(9)
    .text(addressLines(letter.seller.address).join('\n'), left, pdf.y, { width, align: 'right' });
  const top = 150;
  pdf.font('regular').fontSize(7).fillColor('#555555');
  pdf.text(`${t.recipient}:`, left, top);
  pdf.fillColor('black').fontSize(10);
  const { buyer } = letter;
  const attention = buyer.contactPerson ? [t.attention(buyer.contactPerson)] : [];
  pdf.text([buyer.name, ...attention, ...addressLines(buyer.address)].join('\n'), left, pdf.y, {
    width: 260,
  });
  if (buyer.vatId) pdf.text(`${legal.buyerVatId}: ${buyer.vatId}`, left, pdf.y, { width: 260 });
  let factY = top;
  for (const [label, value] of facts) {
    pdf.fontSize(9).font('regular').text(`${label}:`, 330, factY, { width: 95 });
    pdf.text(value, 425, factY, { width: width + left - 425, align: 'right' });
    factY += 14;
  }
  return Math.max(pdf.y, factY) + 30;
}

/** Writes the footer on every page and ends the PDF; answers the whole file. */
export function finishLetter(page: TLetterPage, letter: TLetter): Promise<Buffer> {
  const { pdf, left, width, addressLines } = page;
  const t = documentTexts[letter.language];
  const legal = sellerTexts(letter.language, letter.seller.address.country);
  const s = letter.seller;
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
  return page.done;
}
