import type { TInvoiceStatus } from '@pms/contract';

/** A stored invoice line as the totals read it: amounts in cents, the rate in basis points. */
export type TTotalsLine = {
  netAmount: number;
  taxAmount: number;
  grossAmount: number;
  taxBasisPoints: number;
  isLocalTax: boolean;
};

/** What an invoice's payment state depends on. */
export type TPaymentSource = {
  status: TInvoiceStatus;
  /** The invoice's gross total (a cancellation's is negative). */
  totalAmount: number;
  /**
   * What the folio's payments add up to: for a draft what is paid now, for an issued invoice what was
   * paid when it was issued (stored on the invoice).
   */
  folioPaidAmount: number;
};

/** Paid and due of an invoice. */
export type TInvoicePayment = { paidAmount: number; dueAmount: number };

/** One VAT rate's share over the VAT-bearing lines (the local tax is apart). */
export type TTotalsTax = {
  taxBasisPoints: number;
  netAmount: number;
  taxAmount: number;
  grossAmount: number;
};

export type TInvoiceTotals = TInvoicePayment & {
  /** Per rate, the VAT-bearing lines only. */
  taxes: TTotalsTax[];
  /** The net of the VAT-bearing lines. */
  netAmount: number;
  taxAmount: number;
  /** The local tax (Ortstaxe), collected for the municipality, without VAT. */
  localTaxAmount: number;
  /** Everything the invoice bills: net + tax + local tax. */
  totalAmount: number;
};

/**
 * What is paid and due of an invoice. A draft and an open invoice count the folio's payments (never more
 * than the total); a paid invoice owes nothing. A cancellation invoice and the invoice it cancelled
 * neither owe nor refund anything themselves: the payments stay on the reopened folio.
 */
export function invoicePayment(source: TPaymentSource): TInvoicePayment {
  const { status, totalAmount } = source;
  switch (status) {
    case 'draft':
    case 'open': {
      const paidAmount = Math.max(0, Math.min(source.folioPaidAmount, totalAmount));
      return { paidAmount, dueAmount: totalAmount - paidAmount };
    }
    case 'paid':
      return { paidAmount: totalAmount, dueAmount: 0 };
    case 'canceled':
    case 'completed':
      return { paidAmount: 0, dueAmount: 0 };
  }
}

/**
 * The totals of an invoice from its stored lines, the one computation the API, the PDF, the e-invoice
 * and the portal show: the VAT-bearing lines' net and tax per rate, the local tax apart, the gross, and
 * what is paid and due.
 */
export function invoiceTotals(
  lines: readonly TTotalsLine[],
  payment: Omit<TPaymentSource, 'totalAmount'>,
): TInvoiceTotals {
  const taxes: TTotalsTax[] = [];
  let localTaxAmount = 0;
  for (const line of lines) {
    if (line.isLocalTax) {
      localTaxAmount += line.grossAmount;
      continue;
    }
    const tax = taxes.find((t) => t.taxBasisPoints === line.taxBasisPoints);
    if (tax) {
      tax.netAmount += line.netAmount;
      tax.taxAmount += line.taxAmount;
      tax.grossAmount += line.grossAmount;
    } else {
      taxes.push({
        taxBasisPoints: line.taxBasisPoints,
        netAmount: line.netAmount,
        taxAmount: line.taxAmount,
        grossAmount: line.grossAmount,
      });
    }
  }
  taxes.sort((a, b) => a.taxBasisPoints - b.taxBasisPoints);
  const netAmount = taxes.reduce((sum, tax) => sum + tax.netAmount, 0);
  const taxAmount = taxes.reduce((sum, tax) => sum + tax.taxAmount, 0);
  const totalAmount = netAmount + taxAmount + localTaxAmount;
  return {
    taxes,
    netAmount,
    taxAmount,
    localTaxAmount,
    totalAmount,
    ...invoicePayment({ ...payment, totalAmount }),
  };
}

/** Austria's invoices over this gross amount name the recipient's VAT ID (§ 11 Abs. 1 Z 2a UStG). */
export const austrianVatIdThreshold = 1_000_000;

/**
 * An Austrian property's invoice to a company over €10,000 gross is refused without the company's VAT
 * ID; a private recipient has none, and Germany has no such rule.
 */
export function isRecipientVatIdRequired(
  propertyCountry: string | null | undefined,
  invoice: { recipientCompany: string | null; recipientVatId: string | null },
  totalAmount: number,
): boolean {
  return (
    propertyCountry?.toLowerCase() === 'at' &&
    !!invoice.recipientCompany &&
    !invoice.recipientVatId &&
    totalAmount > austrianVatIdThreshold
  );
}
