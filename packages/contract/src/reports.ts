import { z } from 'zod';
import { ZItemType } from './base-data.ts';
import { ZId, ZIsoDate } from './common.ts';
import { nightsBetween } from './dates.ts';

/** The longest period a report covers: two years, enough for "last year" against "this year". */
export const maxReportDays = 731;

/** Accepts the query strings `true` and `false` as booleans. */
const ZQueryBoolean = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

const ZPeriodFields = z.object({ from: ZIsoDate, to: ZIsoDate });

function isPeriodValid({ from, to }: { from: string; to: string }): boolean {
  return from <= to && nightsBetween(from, to) < maxReportDays;
}
const periodMessage = {
  message: `from must not be after to, and the period must not exceed ${maxReportDays} days`,
  path: ['to'],
};

export const reportFormats = ['json', 'csv'] as const;
export const ZReportFormat = z.enum(reportFormats).default('json');

export const ZItemsReportQuery = ZPeriodFields.extend({
  itemType: ZItemType.optional(),
  groupByRoom: ZQueryBoolean,
  format: ZReportFormat,
}).refine(isPeriodValid, periodMessage);
export type TItemsReportQuery = z.infer<typeof ZItemsReportQuery>;

const ZAmounts = z.object({
  quantity: z.number().int(),
  netAmount: z.number().int(),
  taxAmount: z.number().int(),
  grossAmount: z.number().int(),
});

export const ZItemsReportRow = ZAmounts.extend({
  /** The room of the charge's booking when grouped by rooms; null for a group folio or ungrouped. */
  roomNumber: z.string().nullable(),
  itemType: ZItemType.nullable(),
  itemId: ZId.nullable(),
  itemName: z.string(),
});
export type TItemsReportRow = z.infer<typeof ZItemsReportRow>;

export const ZItemsReport = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  groupByRoom: z.boolean(),
  rows: z.array(ZItemsReportRow),
  totals: ZAmounts,
});
export type TItemsReport = z.infer<typeof ZItemsReport>;

export const accountingFormats = ['json', 'csv', 'datev'] as const;
export const ZAccountingExportQuery = ZPeriodFields.extend({
  format: z.enum(accountingFormats).default('json'),
}).refine(isPeriodValid, periodMessage);
export type TAccountingExportQuery = z.infer<typeof ZAccountingExportQuery>;

/** One booking of the accounting export: revenue of an invoice per account and tax rate, or a payment. */
export const ZAccountingPosting = z.object({
  kind: z.enum(['revenue', 'payment']),
  /** The invoice's issue date, or the payment's date. */
  date: ZIsoDate,
  /** The invoice number (Belegfeld 1); for a payment the number of its folio's invoice, else empty. */
  documentNumber: z.string(),
  text: z.string(),
  /** The account debited by a positive amount: the receivables account, or the payment method's account. */
  account: z.string(),
  /** The account credited by a positive amount: the revenue account, or the receivables account. */
  contraAccount: z.string(),
  taxCode: z.string().nullable(),
  taxBasisPoints: z.number().int().nullable(),
  /** Gross cents; negative for a cancellation invoice or a refund. */
  amount: z.number().int(),
});
export type TAccountingPosting = z.infer<typeof ZAccountingPosting>;

export const ZAccountingExport = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  postings: z.array(ZAccountingPosting),
});
export type TAccountingExport = z.infer<typeof ZAccountingExport>;

export const ZGuestStatisticsQuery = ZPeriodFields.extend({ format: ZReportFormat }).refine(
  isPeriodValid,
  periodMessage,
);
export type TGuestStatisticsQuery = z.infer<typeof ZGuestStatisticsQuery>;

/** Where a guest's country came from: the address (country of residence), the nationality, or nowhere. */
export const countrySources = ['address', 'nationality', 'unknown'] as const;
export type TCountrySource = (typeof countrySources)[number];

export const ZGuestStatisticsRow = z.object({
  /** Upper-case ISO alpha-2 code, or null when unknown. */
  country: z.string().nullable(),
  source: z.enum(countrySources),
  arrivals: z.number().int(),
  overnightStays: z.number().int(),
});
export type TGuestStatisticsRow = z.infer<typeof ZGuestStatisticsRow>;

export const ZGuestStatistics = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  rows: z.array(ZGuestStatisticsRow),
  totals: z.object({ arrivals: z.number().int(), overnightStays: z.number().int() }),
});
export type TGuestStatistics = z.infer<typeof ZGuestStatistics>;
