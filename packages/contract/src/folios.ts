import { z } from 'zod';
import { ZId, ZInteger, ZIsoDate, ZRecord, ZText, ZTimestamp } from './common.ts';

/** Gross, paid and due cents of a folio or of all folios of a booking. */
export const ZFolioTotals = z.object({
  grossAmount: ZInteger,
  paidAmount: ZInteger,
  dueAmount: ZInteger,
});
export type TFolioTotals = z.infer<typeof ZFolioTotals>;

/** A charge is what the guest owes; an allowance is a negative entry correcting one charge. */
export const folioEntryKinds = ['charge', 'allowance'] as const;
export const ZFolioEntryKind = z.enum(folioEntryKinds);

/** One append-only entry of a folio, with the tax rate as it was when it was posted. */
export const ZFolioCharge = z.object({
  id: ZId,
  folioId: ZId,
  kind: ZFolioEntryKind,
  itemId: ZId.nullable(),
  quantity: z.number().int(),
  text: z.string(),
  netAmount: ZInteger,
  taxAmount: ZInteger,
  taxPercentage: z.number(),
  taxCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  grossAmount: ZInteger,
  /** A transitory item (the local tax): no VAT, shown apart on invoices. */
  isTransitory: z.boolean(),
  default: z.boolean(),
  bookedOn: ZIsoDate,
  /** The charge an allowance corrects. */
  correctsChargeId: ZId.nullable(),
  /** A moved charge: the allowance on the source and the new charge on the target name each other. */
  transferChargeId: ZId.nullable(),
  /** Why staff corrected a charge: on every allowance and on the new charge of a change; else null. */
  reason: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TFolioCharge = z.infer<typeof ZFolioCharge>;

/** A payment; a refund is a negative payment with the method the money went back by. */
export const ZPayment = z.object({
  id: ZId,
  folioId: ZId,
  amount: ZInteger,
  paymentMethodId: ZId.nullable(),
  paymentMethodName: z.string().nullable(),
  reference: z.string().nullable(),
  paidOn: ZIsoDate,
  isRefund: z.boolean(),
  /** The fiscal receipt a cash register signed for it (cash, card at the desk). */
  receipt: z
    .object({
      id: ZId,
      number: ZInteger,
      cashRegisterName: z.string(),
      isSimulated: z.boolean(),
      deviceFailed: z.boolean(),
    })
    .nullable(),
  createdAt: ZTimestamp,
});
export type TPayment = z.infer<typeof ZPayment>;

/** One VAT rate's share of what an invoice over the folio would bill now (EN 16931's breakdown). */
export const ZFolioTaxShare = z.object({
  taxPercentage: z.number(),
  netAmount: ZInteger,
  taxAmount: ZInteger,
  grossAmount: ZInteger,
});
export type TFolioTaxShare = z.infer<typeof ZFolioTaxShare>;

export const ZFolio = ZRecord.extend({
  bookingId: ZId.nullable(),
  groupId: ZId.nullable(),
  customerId: ZId.nullable(),
  name: z.string().nullable(),
  isGroupFolio: z.boolean(),
  isVirtualPayment: z.boolean(),
  closedAt: ZTimestamp.nullable(),
  isClosed: z.boolean(),
  charges: z.array(ZFolioCharge),
  payments: z.array(ZPayment),
  totals: ZFolioTotals,
  /**
   * What an invoice over the folio would bill now, per VAT rate, computed as the invoice computes it;
   * the local tax apart, without VAT.
   */
  taxes: z.array(ZFolioTaxShare),
  localTaxAmount: ZInteger,
  /** The spec's virtual-payment warning: charge the card before check-out (set while money is due). */
  warnings: z.object({ chargeCardBeforeCheckOut: z.boolean() }),
});
export type TFolio = z.infer<typeof ZFolio>;

/** The folios of one booking or group with their combined totals. */
export const ZFolioList = z.object({ data: z.array(ZFolio), totals: ZFolioTotals });
export type TFolioList = z.infer<typeof ZFolioList>;

const exactlyOneOwner = (value: { bookingId?: string | undefined; groupId?: string | undefined }) =>
  (value.bookingId === undefined) !== (value.groupId === undefined);
const ownerMessage = 'name either bookingId or groupId';

export const ZFolioListQuery = z
  .object({ bookingId: ZId.optional(), groupId: ZId.optional() })
  .refine(exactlyOneOwner, ownerMessage);
export type TFolioListQuery = z.infer<typeof ZFolioListQuery>;

/** An extra folio to split a bill, or a group's folio (for a group, the group folio flag is set). */
export const ZCreateFolioRequest = z
  .object({
    bookingId: ZId.optional(),
    groupId: ZId.optional(),
    customerId: ZId.nullish(),
    name: ZText.trim().max(100).nullish(),
    isVirtualPayment: z.boolean().optional(),
  })
  .refine(exactlyOneOwner, ownerMessage);
export type TCreateFolioRequest = z.infer<typeof ZCreateFolioRequest>;

export const ZUpdateFolioRequest = z.object({
  customerId: ZId.nullish(),
  name: ZText.trim().max(100).nullish(),
  isVirtualPayment: z.boolean().optional(),
});
export type TUpdateFolioRequest = z.infer<typeof ZUpdateFolioRequest>;

/** Cents a single entry may carry: a folio's sums stay within the database's integers. */
export const maxEntryAmount = 100_000_000;
const ZPositiveCents = z.number().int().min(1).max(maxEntryAmount);

export const ZPostChargeRequest = z.object({
  itemId: ZId,
  quantity: z.number().int().min(1).max(9_999).default(1),
  /** The booking text; the item's booking text or name when absent. */
  text: ZText.trim().min(1).max(200).optional(),
  /** Gross cents per unit; the item's price when absent (required for an item without a price). */
  unitAmount: z.number().int().min(0).max(maxEntryAmount).optional(),
  /** The service date that chooses the tax rate; today in the property when absent. */
  bookedOn: ZIsoDate.optional(),
});
export type TPostChargeRequest = z.infer<typeof ZPostChargeRequest>;

/** Why a charge is corrected: required on every void, change and allowance, kept on the entries. */
export const ZCorrectionReason = ZText.trim().min(3).max(200);

/** A charge changed: posted as an allowance of the old one and a new charge with these values. */
export const ZUpdateChargeRequest = z.object({
  reason: ZCorrectionReason,
  quantity: z.number().int().min(1).max(9_999).optional(),
  text: ZText.trim().min(1).max(200).optional(),
  unitAmount: z.number().int().min(0).max(maxEntryAmount).optional(),
  bookedOn: ZIsoDate.optional(),
});
export type TUpdateChargeRequest = z.infer<typeof ZUpdateChargeRequest>;

/** A partial correction of a charge: `amount` cents off its gross (all that is left when absent). */
export const ZPostAllowanceRequest = z.object({
  reason: ZCorrectionReason,
  amount: ZPositiveCents.optional(),
  text: ZText.trim().min(1).max(200).optional(),
});
export type TPostAllowanceRequest = z.infer<typeof ZPostAllowanceRequest>;

/** A charge voided: an allowance for all that is left of it, with the reason. */
export const ZVoidChargeRequest = z.object({ reason: ZCorrectionReason });
export type TVoidChargeRequest = z.infer<typeof ZVoidChargeRequest>;

export const ZMoveChargeRequest = z.object({ targetFolioId: ZId });
export type TMoveChargeRequest = z.infer<typeof ZMoveChargeRequest>;

export const ZPostPaymentRequest = z.object({
  amount: ZPositiveCents,
  paymentMethodId: ZId,
  reference: ZText.trim().max(200).nullish(),
  paidOn: ZIsoDate.optional(),
  /** The register that signs a cash payment; needed only when several are open for its method. */
  cashRegisterId: ZId.optional(),
});
export type TPostPaymentRequest = z.infer<typeof ZPostPaymentRequest>;

export const ZFolioEntryParams = z.object({ id: ZId, entryId: ZId });
