// The reminder letters (A4, German or English): a payment reminder or a dunning letter of one open
// invoice, on the invoice's letter, asking for the open amount by a day.

import type { TReminderDocument } from './invoice-document.ts';
import { drawLetterhead, finishLetter, startLetter, type TLetter } from './pdf-letter.ts';
import { formatDate, formatMoney, reminderTexts } from './texts.ts';

export function renderReminderPdf(doc: TReminderDocument): Promise<Buffer> {
  const t = reminderTexts[doc.language];
  const money = (cents: number) => formatMoney(cents, doc.currency, doc.language, doc.seller.address.country);
  const date = (iso: string) => formatDate(iso, doc.language);
  const title = t.title[doc.level];
  const { invoice } = doc;
  const letter: TLetter = {
    language: doc.language,
    seller: doc.seller,
    buyer: doc.buyer,
    title: `${title} ${invoice.number}`,
    date: doc.issueDate,
  };
  const page = startLetter(letter);
  const { pdf, left, width } = page;
  let y = drawLetterhead(page, letter, [
    [t.date, date(doc.issueDate)],
    [t.invoiceNumber, invoice.number],
  ]);

  pdf.font('bold').fontSize(16).text(title, left, y, { width });
  y = pdf.y + 16;
  const intro =
    doc.level === 2 && doc.previousReminder
      ? t.intro[2](
          invoice.number,
          date(invoice.issueDate),
          date(invoice.dueDate),
          date(doc.previousReminder.issueDate),
        )
      : t.intro[1](invoice.number, date(invoice.issueDate), date(invoice.dueDate));
  pdf.font('regular').fontSize(10).text(t.salutation, left, y, { width });
  y = pdf.y + 8;
  pdf.text(intro, left, y, { width });
  y = pdf.y + 16;

  // The invoice: number, date, due day, amount, paid and open.
  const columnWidth = width / t.columns.length;
  const cells = [
    invoice.number,
    date(invoice.issueDate),
    date(invoice.dueDate),
    money(invoice.total),
    money(invoice.paid),
    money(invoice.due),
  ];
  pdf.font('bold').fontSize(9);
  t.columns.forEach((label, index) =>
    pdf.text(label, left + index * columnWidth, y, {
      width: columnWidth - 4,
      align: index > 2 ? 'right' : 'left',
    }),
  );
  y = pdf.y + 3;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .stroke();
  y += 5;
  cells.forEach((value, index) =>
    pdf.font(index === cells.length - 1 ? 'bold' : 'regular').text(value, left + index * columnWidth, y, {
      width: columnWidth - 4,
      align: index > 2 ? 'right' : 'left',
    }),
  );
  y = pdf.y + 20;

  pdf
    .font('bold')
    .fontSize(10)
    .text(t.request(money(invoice.due), date(doc.payBy)), left, y, { width });
  y = pdf.y + 6;
  const { bank } = doc.seller;
  pdf
    .font('regular')
    .text(bank ? t.account(bank.iban, bank.bic, invoice.number) : t.reference(invoice.number), left, y, {
      width,
    });
  y = pdf.y + 12;
  pdf.text(t.paidMeanwhile, left, y, { width });
  y = pdf.y + 20;
  pdf.text(`${t.closing}\n${doc.seller.name}`, left, y, { width });

  return finishLetter(page, letter);
}
