// The input of the invoice renderers: everything an issued invoice or cancellation invoice shows,
// already computed by the invoices module. All amounts are integer cents (a cancellation carries the
// cancelled invoice's amounts negated), all dates ISO `YYYY-MM-DD`, tax rates in basis points
// (700 = 7 %). The renderers compute nothing but sums for checks; they print what they are given.

/** EN 16931 VAT category codes used by a hotel: standard rate, zero rate, exempt. */
export type TVatCategory = 'S' | 'Z' | 'E';

export interface TDocumentAddress {
  line1: string;
  line2?: string | null;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

export interface TDocumentSeller {
  name: string;
  address: TDocumentAddress;
  /** USt-IdNr. / UID, e.g. DE123456789 or ATU12345678 */
  vatId: string;
  taxNumber?: string | null;
  /** the register number, e.g. "HRB 12345" or "FN 123456a" */
  companyRegister?: string | null;
  /** the court keeping it, e.g. "Amtsgericht München" or "Landesgericht Innsbruck" */
  registerCourt?: string | null;
  email: string;
  phone?: string | null;
  bank?: { iban: string; bic?: string | null; accountName?: string | null } | null;
}

export interface TDocumentBuyer {
  /** the person's or company's name (BT-44) */
  name: string;
  /** a company's contact person (BT-56) */
  contactPerson?: string | null;
  address: TDocumentAddress;
  vatId?: string | null;
}

export interface TDocumentLine {
  text: string;
  /** a positive whole number (nights, pieces) */
  quantity: number;
  serviceDate: string;
  net: number;
  tax: number;
  gross: number;
  /** basis points: 1000 = 10 % */
  taxRate: number;
  vatCategory: TVatCategory;
}

export interface TDocumentTax {
  vatCategory: TVatCategory;
  taxRate: number;
  net: number;
  tax: number;
}

/** The local tax (Ortstaxe, Kurtaxe, City Tax): collected for the municipality, carries no VAT. */
export interface TDocumentLocalTaxLine {
  text: string;
  quantity: number;
  serviceDate: string;
  amount: number;
}

export interface TDocumentTotals {
  /** sum of the VAT-bearing lines' nets */
  net: number;
  tax: number;
  /** the local tax lines' sum, without VAT */
  localTax: number;
  /** everything billed: VAT lines gross plus the local tax */
  gross: number;
  /** 0 on a cancellation, which neither owes nor refunds anything (the payments stay on the folio) */
  paid: number;
  /** what is still owed; 0 on a cancellation */
  due: number;
}

export interface TInvoiceDocument {
  kind: 'invoice' | 'cancellation';
  /** for a cancellation: the invoice it cancels */
  cancels?: { number: string; issueDate: string } | null;
  number: string;
  issueDate: string;
  language: 'de' | 'en';
  /** ISO 4217, e.g. EUR */
  currency: string;
  servicePeriod: { start: string; end: string };
  /** the check-out date */
  deliveryDate: string;
  seller: TDocumentSeller;
  buyer: TDocumentBuyer;
  lines: TDocumentLine[];
  taxes: TDocumentTax[];
  localTaxLines?: TDocumentLocalTaxLine[];
  totals: TDocumentTotals;
  /** when money is open: the issue date plus the property's payment term (BT-9) */
  dueDate?: string | null;
  additionalText?: string | null;
  /** Germany: the TSE transaction the invoice was signed with (KassenSichV), printed under it. */
  tse?: TDocumentTse | null;
}

export type TDocumentTse = {
  transactionNumber: number;
  signatureCounter: number;
  startTime: string;
  endTime: string;
  serialNumber: string;
  signatureAlgorithm: string;
  signature: string;
};

/**
 * What does not add up in a document, as readable lines (empty when it is consistent). The
 * e-invoice must satisfy the EN 16931 sums, so the renderers refuse a document that does not.
 */
export function invoiceDocumentProblems(doc: TInvoiceDocument): string[] {
  const problems: string[] = [];
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  for (const [name, value] of [
    ['issue date', doc.issueDate],
    ['service period start', doc.servicePeriod.start],
    ['service period end', doc.servicePeriod.end],
    ['delivery date', doc.deliveryDate],
    ...(doc.dueDate ? [['due date', doc.dueDate] as const] : []),
    ...doc.lines.map((l) => [`service date of "${l.text}"`, l.serviceDate]),
  ] as const) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) problems.push(`${name} is not YYYY-MM-DD: ${value}`);
  }
  const amounts: number[] = [
    ...doc.lines.flatMap((l) => [l.net, l.tax, l.gross]),
    ...doc.taxes.flatMap((t) => [t.net, t.tax]),
    ...(doc.localTaxLines ?? []).map((l) => l.amount),
    ...(Object.values(doc.totals) as number[]),
  ];
  if (!amounts.every(Number.isSafeInteger)) problems.push('amounts must be integer cents');
  for (const line of doc.lines) {
    if (line.net + line.tax !== line.gross) problems.push(`"${line.text}": net + tax != gross`);
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) {
      problems.push(`"${line.text}": quantity must be a positive whole number`);
    }
    if (line.vatCategory !== 'S' && line.tax !== 0) problems.push(`"${line.text}": tax without VAT`);
  }
  for (const tax of doc.taxes) {
    const lines = doc.lines.filter((l) => l.vatCategory === tax.vatCategory && l.taxRate === tax.taxRate);
    if (sum(lines.map((l) => l.net)) !== tax.net || sum(lines.map((l) => l.tax)) !== tax.tax) {
      problems.push(`the lines at ${tax.vatCategory} ${tax.taxRate} do not add up to their rate`);
    }
  }
  for (const line of doc.lines) {
    if (!doc.taxes.some((t) => t.vatCategory === line.vatCategory && t.taxRate === line.taxRate)) {
      problems.push(`"${line.text}": its rate is missing from the taxes`);
    }
  }
  const localTax = sum((doc.localTaxLines ?? []).map((l) => l.amount));
  const { totals } = doc;
  if (sum(doc.taxes.map((t) => t.net)) !== totals.net) problems.push('total net != taxes');
  if (sum(doc.taxes.map((t) => t.tax)) !== totals.tax) problems.push('total tax != taxes');
  if (localTax !== totals.localTax) problems.push('total local tax != local tax lines');
  if (totals.net + totals.tax + totals.localTax !== totals.gross) {
    problems.push('total gross != net + tax + local tax');
  }
  if (doc.kind === 'cancellation') {
    if (totals.paid !== 0 || totals.due !== 0) problems.push('a cancellation neither owes nor refunds');
  } else if (totals.gross - totals.paid !== totals.due) problems.push('due != gross - paid');
  if (totals.due > 0 !== !!doc.dueDate) problems.push('a due date is given exactly when money is due');
  if (doc.kind === 'cancellation' && !doc.cancels) {
    problems.push('a cancellation must name the invoice it cancels');
  }
  return problems;
}

/**
 * A payment reminder (level 1) or dunning letter (level 2) of an open invoice: what it asks for, by
 * when, and the invoice it names, with the seller and the buyer as the invoice names them.
 */
export interface TReminderDocument {
  level: 1 | 2;
  language: 'de' | 'en';
  currency: string;
  /** The letter's date. */
  issueDate: string;
  /** The day it asks the money by. */
  payBy: string;
  seller: TDocumentSeller;
  buyer: TDocumentBuyer;
  invoice: { number: string; issueDate: string; dueDate: string; total: number; paid: number; due: number };
  /** The earlier reminder a dunning letter refers to. */
  previousReminder: { issueDate: string } | null;
}
