import { z } from 'zod';
import { ZAddress } from './addresses.ts';
import { ZId, ZIsoDate, ZRecord, ZText, ZTimestamp } from './common.ts';
import { invoiceStatuses } from './contacts.ts';
import { ZPageQuery, ZPaged } from './paging.ts';

export const ZInvoiceStatus = z.enum(invoiceStatuses);

/** One billed line, as the invoice keeps it: amounts in cents, the tax rate as a percentage. */
export const ZInvoiceLine = z.object({
  position: z.number().int(),
  text: z.string(),
  quantity: z.number().int(),
  serviceDate: ZIsoDate,
  netAmount: z.number().int(),
  taxAmount: z.number().int(),
  grossAmount: z.number().int(),
  taxPercentage: z.number(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

/** The tax of one rate over the invoice's VAT-bearing lines (EN 16931 BG-23); the local tax is apart. */
export const ZInvoiceTax = z.object({
  taxPercentage: z.number(),
  netAmount: z.number().int(),
  taxAmount: z.number().int(),
  grossAmount: z.number().int(),
});
export type TInvoiceTax = z.infer<typeof ZInvoiceTax>;

export const ZInvoice = ZRecord.extend({
  folioId: ZId,
  bookingId: ZId.nullable(),
  customerId: ZId.nullable(),
  /** Null while a draft: the number is given when the invoice is issued. */
  number: z.string().nullable(),
  status: ZInvoiceStatus,
  // The totals the PDF, the e-invoice and the portal show, from one computation on the server: the
  // gross of everything billed, the net and tax of the VAT-bearing lines, the local tax apart, and
  // what is paid and due (a cancellation invoice and the invoice it cancelled owe nothing).
  totalAmount: z.number().int(),
  netAmount: z.number().int(),
  taxAmount: z.number().int(),
  localTaxAmount: z.number().int(),
  paidAmount: z.number().int(),
  dueAmount: z.number().int(),
  /** Who the invoice is addressed to: a person, or a company's contact person. */
  recipient: z.string().nullable(),
  /** The company billed (EN 16931 BT-44) and its VAT ID (BT-48), when the recipient is a company. */
  recipientCompany: z.string().nullable(),
  recipientVatId: z.string().nullable(),
  billingAddress: ZAddress,
  additionalText: z.string().nullable(),
  fileId: ZId.nullable(),
  /** The invoice a cancellation invoice reverses. */
  cancels: ZId.nullable(),
  /** The cancellation invoice that reversed this one. */
  canceledBy: ZId.nullable(),
  serviceFrom: ZIsoDate.nullable(),
  serviceTo: ZIsoDate.nullable(),
  issuedAt: ZTimestamp.nullable(),
  /** The day an issued invoice's open amount is due (issue day plus the payment term); null when nothing was open. */
  dueOn: ZIsoDate.nullable(),
  lines: z.array(ZInvoiceLine),
  taxes: z.array(ZInvoiceTax),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** An invoice as lists show it: without its lines and taxes. */
export const ZInvoiceListItem = ZInvoice.omit({ lines: true, taxes: true });
export type TInvoiceListItem = z.infer<typeof ZInvoiceListItem>;

export const invoicePaymentMethodKinds = ['card', 'cash', 'transfer'] as const;

/** The invoices list's filters (spec section 2): status, payment method, booking, contact, group. */
export const ZInvoiceListQuery = ZPageQuery.extend({
  status: ZInvoiceStatus.optional(),
  paymentMethod: z.enum(invoicePaymentMethodKinds).optional(),
  bookingId: ZId.optional(),
  customerId: ZId.optional(),
  groupId: ZId.optional(),
});
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

/** A page of invoices with the aggregate row over all invoices the filters match. */
export const ZInvoicePage = ZPaged(ZInvoiceListItem).extend({
  aggregate: z.object({
    totalAmount: z.number().int(),
    paidAmount: z.number().int(),
    dueAmount: z.number().int(),
  }),
});
export type TInvoicePage = z.infer<typeof ZInvoicePage>;

export const ZCreateInvoiceRequest = z.object({
  folioId: ZId,
  /** Keep it as a draft (no number yet) instead of issuing it at once. */
  draft: z.boolean().default(false),
  /** Confirms that an invoice over a folio not fully paid closes it with the amount still due. */
  closeWithDueAmount: z.boolean().default(false),
  additionalText: ZText.max(2000).nullish(),
});
export type TCreateInvoiceRequest = z.input<typeof ZCreateInvoiceRequest>;

/** A VAT ID as printed: two letters of the country, then letters and digits (ATU12345678, DE123456789). */
export const ZVatId = ZText.trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/));

/**
 * What may change on a draft; the recipient, company, VAT ID and billing address default to the
 * customer's. `saveAddressToContact` also writes the billing address to the customer, so the next
 * invoice starts from it.
 */
export const ZUpdateInvoiceRequest = z.object({
  customerId: ZId.nullish(),
  recipient: ZText.trim().min(1).max(200).nullish(),
  recipientCompany: ZText.trim().min(1).max(200).nullish(),
  recipientVatId: ZVatId.nullish(),
  billingAddress: ZAddress.optional(),
  saveAddressToContact: z.boolean().optional(),
  additionalText: ZText.max(2000).nullish(),
});
export type TUpdateInvoiceRequest = z.input<typeof ZUpdateInvoiceRequest>;

export const ZIssueInvoiceRequest = z.object({
  closeWithDueAmount: z.boolean().default(false),
});
export type TIssueInvoiceRequest = z.input<typeof ZIssueInvoiceRequest>;
