// Labels and number/date formatting of the invoice documents, German and English.

import { formatMoney as contractFormatMoney, localeOf } from '@pms/contract';

export const documentTexts = {
  de: {
    invoice: 'Rechnung',
    cancellation: 'Stornorechnung',
    number: 'Nr.',
    cancels: (number: string, date: string) =>
      `Storniert die Rechnung Nr. ${number} vom ${date}; ihre Beträge werden hiermit aufgehoben.`,
    cancellationSettled:
      'Es ist kein Betrag offen und keiner zu erstatten: Zahlungen auf die stornierte Rechnung bleiben auf dem Gastkonto und werden mit der neuen Rechnung verrechnet.',
    issueDate: 'Rechnungsdatum',
    servicePeriod: 'Leistungszeitraum',
    deliveryDate: 'Abreisedatum',
    recipient: 'Rechnungsempfänger',
    attention: (name: string) => `z. Hd. ${name}`,
    date: 'Datum',
    description: 'Leistung',
    quantity: 'Menge',
    rate: 'MwSt.',
    amount: 'Betrag',
    unitPrice: 'Einzelpreis',
    localTax: 'Ortstaxe (durchlaufender Posten, nicht umsatzsteuerbar)',
    taxBreakdown: 'Umsatzsteuer',
    taxRate: 'Steuersatz',
    net: 'Netto',
    tax: 'MwSt.',
    gross: 'Brutto',
    exempt: 'steuerfrei',
    totalNet: 'Summe netto',
    totalTax: 'Summe MwSt.',
    totalLocalTax: 'Ortstaxe',
    totalGross: 'Gesamtbetrag',
    paid: 'Bezahlt',
    due: 'Offener Betrag',
    taxNumber: 'Steuernummer',
    payableBy: (date: string) => `Zahlbar bis ${date} ohne Abzug.`,
    email: 'E-Mail',
    phone: 'Telefon',
    bank: 'Bank',
    page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  },
  en: {
    invoice: 'Invoice',
    cancellation: 'Cancellation invoice',
    number: 'No.',
    cancels: (number: string, date: string) =>
      `Cancels invoice no. ${number} of ${date}; its amounts are hereby reversed.`,
    cancellationSettled:
      'No amount is owed or to be refunded: payments made on the cancelled invoice stay on the guest account and are settled with the new invoice.',
    issueDate: 'Invoice date',
    servicePeriod: 'Service period',
    deliveryDate: 'Departure date',
    recipient: 'Invoice recipient',
    attention: (name: string) => `Attn. ${name}`,
    date: 'Date',
    description: 'Description',
    quantity: 'Qty',
    rate: 'VAT',
    amount: 'Amount',
    unitPrice: 'Unit price',
    localTax: 'Local tax (collected on behalf of the municipality, no VAT)',
    taxBreakdown: 'VAT',
    taxRate: 'VAT rate',
    net: 'Net',
    tax: 'VAT',
    gross: 'Gross',
    exempt: 'exempt',
    totalNet: 'Total net',
    totalTax: 'Total VAT',
    totalLocalTax: 'Local tax',
    totalGross: 'Total',
    paid: 'Paid',
    due: 'Amount due',
    taxNumber: 'Tax number',
    payableBy: (date: string) => `Payable by ${date} without deduction.`,
    email: 'E-mail',
    phone: 'Phone',
    bank: 'Bank',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
} as const;

export type TDocumentTexts = (typeof documentTexts)['de' | 'en'];

/** The reminder letters' texts: the payment reminder (level 1) and the dunning letter (level 2). */
export const reminderTexts = {
  de: {
    title: { 1: 'Zahlungserinnerung', 2: 'Mahnung' },
    date: 'Datum',
    invoiceNumber: 'Rechnung Nr.',
    salutation: 'Sehr geehrte Damen und Herren,',
    intro: {
      1: (number: string, date: string, due: string) =>
        `sicher ist es Ihrer Aufmerksamkeit entgangen: Unsere Rechnung Nr. ${number} vom ${date} war am ${due} fällig. Bis heute ist die folgende Zahlung bei uns nicht eingegangen.`,
      2: (number: string, date: string, due: string, reminded: string) =>
        `trotz unserer Zahlungserinnerung vom ${reminded} ist unsere Rechnung Nr. ${number} vom ${date}, fällig am ${due}, noch nicht bezahlt.`,
    },
    columns: ['Rechnung', 'Rechnungsdatum', 'Fällig am', 'Rechnungsbetrag', 'Bezahlt', 'Offen'],
    request: (amount: string, payBy: string) =>
      `Bitte überweisen Sie den offenen Betrag von ${amount} bis spätestens ${payBy}.`,
    account: (iban: string, bic: string | null | undefined, number: string) =>
      `Unsere Bankverbindung: IBAN ${iban}${bic ? `, BIC ${bic}` : ''}; Verwendungszweck: Rechnung ${number}.`,
    reference: (number: string) => `Verwendungszweck: Rechnung ${number}.`,
    paidMeanwhile:
      'Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
    closing: 'Mit freundlichen Grüßen',
  },
  en: {
    title: { 1: 'Payment reminder', 2: 'Final reminder' },
    date: 'Date',
    invoiceNumber: 'Invoice no.',
    salutation: 'Dear Sir or Madam,',
    intro: {
      1: (number: string, date: string, due: string) =>
        `this may have escaped your attention: our invoice no. ${number} of ${date} was due on ${due}. To date we have not received the following payment.`,
      2: (number: string, date: string, due: string, reminded: string) =>
        `despite our payment reminder of ${reminded}, our invoice no. ${number} of ${date}, due on ${due}, has not been paid.`,
    },
    columns: ['Invoice', 'Invoice date', 'Due on', 'Invoice amount', 'Paid', 'Open'],
    request: (amount: string, payBy: string) =>
      `Please transfer the open amount of ${amount} by ${payBy} at the latest.`,
    account: (iban: string, bic: string | null | undefined, number: string) =>
      `Our bank account: IBAN ${iban}${bic ? `, BIC ${bic}` : ''}; reference: invoice ${number}.`,
    reference: (number: string) => `Reference: invoice ${number}.`,
    paidMeanwhile: 'If you have paid in the meantime, please disregard this letter.',
    closing: 'Kind regards',
  },
} as const;

/** The legal labels that follow the seller's country: Austria's UID and Firmenbuch, else Germany's. */
const sellerCountryTexts = {
  de: {
    AT: {
      vatId: 'UID-Nr.',
      buyerVatId: 'UID-Nr. des Empfängers',
      register: 'Firmenbuchnummer',
      registerCourt: 'Firmenbuchgericht',
    },
    DE: {
      vatId: 'USt-IdNr.',
      buyerVatId: 'USt-IdNr. des Empfängers',
      register: 'Handelsregister',
      registerCourt: 'Registergericht',
    },
  },
  en: {
    AT: {
      vatId: 'VAT ID (UID)',
      buyerVatId: "Recipient's VAT ID",
      register: 'Company register no. (Firmenbuch)',
      registerCourt: 'Register court',
    },
    DE: {
      vatId: 'VAT ID (USt-IdNr.)',
      buyerVatId: "Recipient's VAT ID",
      register: 'Commercial register',
      registerCourt: 'Register court',
    },
  },
} as const;

/** The labels of the seller's VAT id and company register for its country (ISO alpha-2). */
export function sellerTexts(language: 'de' | 'en', country: string) {
  return sellerCountryTexts[language][country.toUpperCase() === 'AT' ? 'AT' : 'DE'];
}

const locales = { de: 'de-DE', en: 'en-GB' } as const;

/**
 * 123456 cents as the seller's country writes them: "€ 1.234,56" (de, AT), "1.234,56 €" (de, DE) or
 * "€1,234.56" (en), by the locale rule of the PDFs, mails and portal.
 */
export function formatMoney(cents: number, currency: string, language: 'de' | 'en', country: string): string {
  return contractFormatMoney(cents, currency, localeOf(language, country));
}

/** 1000 basis points -> "10 %" (de) or "10%" (en); 550 -> "5,5 %" */
export function formatRate(basisPoints: number, language: 'de' | 'en'): string {
  const value = new Intl.NumberFormat(locales[language], { maximumFractionDigits: 2 }).format(
    basisPoints / 100,
  );
  return language === 'de' ? `${value} %` : `${value}%`;
}

/** 2026-11-23 -> "23.11.2026" (de) or "23/11/2026" (en) */
export function formatDate(iso: string, language: 'de' | 'en'): string {
  const [year, month, day] = iso.split('-');
  return language === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
}

/** cents -> "123.45" as the e-invoice writes amounts */
export function decimalAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** basis points -> "10" or "5.5" as the e-invoice writes percentages */
export function decimalRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}
