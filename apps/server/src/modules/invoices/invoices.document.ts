import { todayIn, type TAddress } from '@pms/contract';
import type {
  TDocumentAddress,
  TDocumentLine,
  TDocumentTax,
  TDocumentTse,
  TInvoiceDocument,
  TVatCategory,
} from '../../integrations/invoice-documents/index.ts';
import type { TPropertyRow } from '../../lib/properties.ts';
import { invoiceTotals } from './invoice-totals.ts';
import type { TInvoiceLineRow, TInvoiceRow } from './invoices.queries.ts';

export type TInvoiceDocumentSource = {
  invoice: TInvoiceRow;
  lines: TInvoiceLineRow[];
  property: TPropertyRow;
  /** The invoice a cancellation reverses. */
  cancelled: TInvoiceRow | null;
  /** The booking's check-out, when the invoice bills a stay. */
  checkOut: string | null;
  /** The customer's language, when the invoice has a customer. */
  customer: { language: string | null } | null;
  /** Germany: the TSE transaction that signed the invoice. */
  tse?: TDocumentTse | null;
};

/** A rate of 0 is exempt (category E), any other the standard category. */
const vatCategory = (taxBasisPoints: number): TVatCategory => (taxBasisPoints > 0 ? 'S' : 'E');

function documentAddress(address: TAddress): TDocumentAddress {
  return {
    line1: address.line1 ?? '',
    line2: address.line2 ?? null,
    postalCode: address.postalCode ?? '',
    city: address.city ?? '',
    country: (address.country ?? '').toUpperCase(),
  };
}

/**
 * What the invoice documents print for an issued invoice or cancellation invoice, taken from its
 * stored lines, never recomputed: the VAT-bearing lines with their tax per rate (a rate of 0 is exempt,
 * category E), the local tax apart, the seller from the property, the buyer as the invoice names it,
 * dates in the property's time zone, and the stay up to its check-out as the service period.
 */
export function toInvoiceDocument(source: TInvoiceDocumentSource): TInvoiceDocument {
  const { invoice, property, cancelled } = source;
  if (!invoice.number || !invoice.issuedAt) throw new Error(`invoice ${invoice.id} is not issued`);
  const issueDate = (row: TInvoiceRow) => todayIn(property.timeZone, row.issuedAt ?? new Date(0));
  const lines: TDocumentLine[] = source.lines
    .filter((line) => !line.isLocalTax)
    .map((line) => ({
      text: line.text,
      quantity: line.quantity,
      serviceDate: line.serviceDate,
      net: line.netAmount,
      tax: line.taxAmount,
      gross: line.grossAmount,
      taxRate: line.taxBasisPoints,
      vatCategory: vatCategory(line.taxBasisPoints),
    }));
  // An invoice cancelled before its documents were rendered prints what it billed when it was issued.
  const totals = invoiceTotals(source.lines, {
    status: invoice.status === 'canceled' ? 'open' : invoice.status,
    folioPaidAmount: invoice.paidAmount,
  });
  const taxes: TDocumentTax[] = totals.taxes.map((tax) => ({
    vatCategory: vatCategory(tax.taxBasisPoints),
    taxRate: tax.taxBasisPoints,
    net: tax.netAmount,
    tax: tax.taxAmount,
  }));
  const localTaxLines = source.lines
    .filter((line) => line.isLocalTax)
    .map((line) => ({
      text: line.text,
      quantity: line.quantity,
      serviceDate: line.serviceDate,
      amount: line.grossAmount,
    }));
  const first = invoice.serviceFrom ?? issueDate(invoice);
  const last = [invoice.serviceTo ?? first, source.checkOut ?? first].sort().at(-1)!;
  const { company, communication, bank } = property;
  return {
    kind: cancelled ? 'cancellation' : 'invoice',
    cancels: cancelled?.number ? { number: cancelled.number, issueDate: issueDate(cancelled) } : null,
    number: invoice.number,
    issueDate: issueDate(invoice),
    language: source.customer?.language === 'en' ? 'en' : 'de',
    currency: property.currency,
    servicePeriod: { start: first, end: last },
    deliveryDate: last,
    seller: {
      name: company.name || property.name,
      address: documentAddress(property.address),
      vatId: company.vatNumber ?? '',
      taxNumber: company.taxNumber ?? null,
      companyRegister: company.registerNumber ?? null,
      registerCourt: company.registerCourt ?? null,
      email: communication.invoiceEmail || communication.email || '',
      phone: communication.phone ?? null,
      bank: bank.iban ? { iban: bank.iban, bic: bank.bic ?? null, accountName: company.name ?? null } : null,
    },
    buyer: {
      name: invoice.recipientCompany ?? invoice.recipient ?? '',
      // A company's recipient is its contact person, unless it only repeats the company's name.
      contactPerson:
        invoice.recipientCompany && invoice.recipient !== invoice.recipientCompany ? invoice.recipient : null,
      address: documentAddress(invoice.billingAddress),
      vatId: invoice.recipientVatId,
    },
    lines,
    taxes,
    localTaxLines,
    totals: {
      net: totals.netAmount,
      tax: totals.taxAmount,
      localTax: totals.localTaxAmount,
      gross: totals.totalAmount,
      paid: totals.paidAmount,
      due: totals.dueAmount,
    },
    dueDate: totals.dueAmount > 0 ? invoice.dueOn : null,
    additionalText: invoice.additionalText,
    tse: source.tse ?? null,
  };
}
