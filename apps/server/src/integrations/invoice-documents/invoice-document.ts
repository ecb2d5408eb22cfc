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
  /** e.g. "Amtsgericht München HRB 12345" or "FN 123456a, Landesgericht Innsbruck" */
  companyRegister?: string | null;
  email: string;
  phone?: string | null;
  bank?: { iban: string; bic?: string | null; accountName?: string | null } | null;
}

export interface TDocumentBuyer {
  name: string;
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
  /** everything the guest owes: VAT lines gross plus the local tax */
  gross: number;
  paid: number;
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
  additionalText?: string | null;
}
