import { z } from 'zod';
import { ZId, ZIsoDate, ZRecord, ZText } from './common.ts';

// The local tax (Ortstaxe, City Tax) as each town levies it: a property's levies and their versions
// (decision 191), the exemption staff pick per guest, and the levy report (decision 192).

export const levyChargeKinds = ['per_person_night', 'percent_of_net'] as const;
export const ZLevyChargeKind = z.enum(levyChargeKinds);
export type TLevyChargeKind = z.infer<typeof ZLevyChargeKind>;

export const levyAgeReferences = ['arrival', 'key_date'] as const;
export const levyWorkStayRules = ['exempt', 'exempt_after', 'never'] as const;
export type TLevyWorkStayRule = (typeof levyWorkStayRules)[number];
export const levyRoundings = ['per_night', 'per_stay'] as const;
export type TLevyRounding = (typeof levyRoundings)[number];

/** Why a guest (or a night) owes nothing of a levy. */
export const levyExemptions = ['age', 'work_stay', 'night_cap', 'reason', 'no_rule'] as const;
export const ZLevyExemption = z.enum(levyExemptions);
export type TLevyExemption = z.infer<typeof ZLevyExemption>;

const ZBasisPoints = z.number().int().min(0).max(10_000);
const ZReason = ZText.trim().min(1).max(100);
/** A key date in the arrival's year, as MM-DD. */
const ZKeyDate = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, 'must be MM-DD');

const versionFields = {
  validFrom: ZIsoDate,
  validUntil: ZIsoDate.nullable(),
  chargeKind: ZLevyChargeKind,
  /** Cents per person and night (per-person levies), else null. */
  amount: z.number().int().min(0).max(100_000).nullable(),
  /** The share of the net base in basis points (percentage levies), else null. */
  rateBasisPoints: ZBasisPoints.nullable(),
  /** Breakfast included in the price is taken off the base. */
  withoutBreakfast: z.boolean(),
  /** A flat share (basis points) taken off the net base, such as Vienna's 11 %. */
  deductionBasisPoints: ZBasisPoints,
  /** Guests below this age are exempt (null: no age exemption). */
  ageBelow: z.number().int().min(1).max(120).nullable(),
  ageAt: z.enum(levyAgeReferences).nullable(),
  ageKeyDate: ZKeyDate.nullable(),
  workStay: z.enum(levyWorkStayRules),
  /** Work stays longer than this many nights are exempt (with `exempt_after`), else null. */
  workStayNights: z.number().int().min(1).max(3650).nullable(),
  nightCap: z.number().int().min(1).max(3650).nullable(),
  rounding: z.enum(levyRoundings),
  exemptionReasons: z.array(ZReason).max(20),
};

export const ZLevyVersion = z.object({ id: ZId, ...versionFields });
export type TLevyVersionRecord = z.infer<typeof ZLevyVersion>;

export const ZLevyVersionRequest = z
  .object({
    ...versionFields,
    validUntil: ZIsoDate.nullable().default(null),
    amount: versionFields.amount.default(null),
    rateBasisPoints: versionFields.rateBasisPoints.default(null),
    withoutBreakfast: z.boolean().default(false),
    deductionBasisPoints: ZBasisPoints.default(0),
    ageBelow: versionFields.ageBelow.default(null),
    ageAt: versionFields.ageAt.default(null),
    ageKeyDate: versionFields.ageKeyDate.default(null),
    workStay: versionFields.workStay.default('never'),
    workStayNights: versionFields.workStayNights.default(null),
    nightCap: versionFields.nightCap.default(null),
    rounding: versionFields.rounding.default('per_night'),
    exemptionReasons: versionFields.exemptionReasons.default([]),
  })
  .superRefine((version, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (version.validUntil !== null && version.validUntil < version.validFrom)
      issue('validUntil', 'must not be before validFrom');
    if (version.chargeKind === 'per_person_night' && version.amount === null)
      issue('amount', 'a per-person levy needs an amount');
    if (version.chargeKind === 'per_person_night' && version.rateBasisPoints !== null)
      issue('rateBasisPoints', 'a per-person levy has no rate');
    if (version.chargeKind === 'percent_of_net' && version.rateBasisPoints === null)
      issue('rateBasisPoints', 'a percentage levy needs a rate');
    if (version.chargeKind === 'percent_of_net' && version.amount !== null)
      issue('amount', 'a percentage levy has no amount');
    if ((version.ageBelow === null) !== (version.ageAt === null))
      issue('ageAt', 'an age exemption needs both the age and when it is counted');
    if ((version.ageAt === 'key_date') !== (version.ageKeyDate !== null))
      issue('ageKeyDate', 'a key date is given exactly when the age is counted on it');
    if ((version.workStay === 'exempt_after') !== (version.workStayNights !== null))
      issue('workStayNights', 'the nights are given exactly when work stays are exempt after them');
  });
export type TLevyVersionRequest = z.infer<typeof ZLevyVersionRequest>;

export const ZLevy = ZRecord.extend({
  name: z.string(),
  /** The local_tax item its charges are posted with (account, booking text). */
  itemId: ZId,
  active: z.boolean(),
  /** Oldest first. */
  versions: z.array(ZLevyVersion),
});
export type TLevyRecord = z.infer<typeof ZLevy>;

export const ZCreateLevyRequest = z.object({
  name: ZText.trim().min(1).max(200),
  itemId: ZId,
  active: z.boolean().default(true),
});
export type TCreateLevyRequest = z.infer<typeof ZCreateLevyRequest>;
export const ZUpdateLevyRequest = ZCreateLevyRequest;
export type TUpdateLevyRequest = TCreateLevyRequest;

export const ZLevyVersionParams = z.object({ id: ZId, versionId: ZId });

export const ZLevyList = z.object({ levies: z.array(ZLevy) });
export type TLevyList = z.infer<typeof ZLevyList>;

/** What a levy charged one guest over the stay, or why they owe nothing of it. */
export const ZGuestLevy = z.object({
  levyId: ZId,
  name: z.string(),
  /** Cents over the stay. */
  amount: z.number().int(),
  /** Nights the guest was charged. */
  nights: z.number().int(),
  /** Why the guest owed nothing on some or all nights, most frequent first; empty when charged every night. */
  exemptions: z.array(z.object({ exemption: ZLevyExemption, reason: z.string().nullable() })),
});
export type TGuestLevy = z.infer<typeof ZGuestLevy>;

// The levy report, per month and levy, for the town's monthly return.

export const ZLevyReportQuery = z
  .object({
    from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
    to: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((query) => query.from <= query.to && monthsBetween(query.from, query.to) < 24, {
    message: 'from must not be after to, and the period must not exceed 24 months',
    path: ['to'],
  });
export type TLevyReportQuery = z.infer<typeof ZLevyReportQuery>;

function monthsBetween(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5))
  );
}

export const ZLevyReportRow = z.object({
  /** YYYY-MM */
  month: z.string(),
  levyId: ZId,
  levyName: z.string(),
  /** Nights a booking owed the levy (at least one person charged or a base taxed). */
  nights: z.number().int(),
  /** Person-nights charged. */
  persons: z.number().int(),
  /** Person-nights exempt, by why (a reason staff picked, or age, work stay, night cap). */
  exempt: z.array(
    z.object({ exemption: ZLevyExemption, reason: z.string().nullable(), nights: z.number().int() }),
  ),
  /** The net base of a percentage levy, cents. */
  baseAmount: z.number().int(),
  /** What the folios were charged, cents (corrections included). */
  amount: z.number().int(),
});
export type TLevyReportRow = z.infer<typeof ZLevyReportRow>;

export const ZLevyReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(ZLevyReportRow),
});
export type TLevyReport = z.infer<typeof ZLevyReport>;
