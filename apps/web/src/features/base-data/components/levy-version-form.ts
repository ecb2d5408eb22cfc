import { z } from 'zod';
import {
  ZLevyVersionRequest,
  type TLevyVersionRecord,
  type TLevyVersionRequest,
} from '@pms/contract/local-tax';
import { parseDecimal, toDecimalInput, toMoneyInput } from '../../../lib/form-inputs.ts';

// A levy version's form: text inputs as people type them, read into the contract's request.

const ZText = z.string();

export const ZLevyVersionForm = z
  .object({
    validFrom: ZText,
    validUntil: ZText,
    chargeKind: z.enum(['per_person_night', 'percent_of_net']),
    amount: ZText,
    ratePercent: ZText,
    withoutBreakfast: z.boolean(),
    deductionPercent: ZText,
    ageBelow: ZText,
    ageAt: z.enum(['', 'arrival', 'key_date']),
    ageKeyDate: ZText,
    workStay: z.enum(['exempt', 'exempt_after', 'never']),
    workStayNights: ZText,
    nightCap: ZText,
    rounding: z.enum(['per_night', 'per_stay']),
    exemptionReasons: ZText,
  })
  .transform((form, context): TLevyVersionRequest => {
    const decimal = (path: string, value: string, scale: number): number | null => {
      if (value.trim() === '') return null;
      const parsed = parseDecimal(value);
      if (parsed === undefined) {
        context.addIssue({ code: 'custom', message: 'format', path: [path] });
        return null;
      }
      return Math.round(parsed * scale);
    };
    const whole = (path: string, value: string) => decimal(path, value, 1);
    const isPerPerson = form.chargeKind === 'per_person_night';
    const hasAge = form.ageAt !== '';
    const request = {
      validFrom: form.validFrom,
      validUntil: form.validUntil.trim() || null,
      chargeKind: form.chargeKind,
      amount: isPerPerson ? decimal('amount', form.amount, 100) : null,
      rateBasisPoints: isPerPerson ? null : decimal('ratePercent', form.ratePercent, 100),
      withoutBreakfast: !isPerPerson && form.withoutBreakfast,
      deductionBasisPoints: isPerPerson ? 0 : (decimal('deductionPercent', form.deductionPercent, 100) ?? 0),
      ageBelow: hasAge ? whole('ageBelow', form.ageBelow) : null,
      ageAt: hasAge ? (form.ageAt as 'arrival' | 'key_date') : null,
      ageKeyDate: form.ageAt === 'key_date' ? form.ageKeyDate.trim() || null : null,
      workStay: form.workStay,
      workStayNights: form.workStay === 'exempt_after' ? whole('workStayNights', form.workStayNights) : null,
      nightCap: whole('nightCap', form.nightCap),
      rounding: form.rounding,
      exemptionReasons: form.exemptionReasons
        .split('\n')
        .map((reason) => reason.trim())
        .filter(Boolean),
    };
    // The contract's rules, reported at the input they judge.
    const checked = ZLevyVersionRequest.safeParse(request);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'validFrom');
      context.addIssue({ code: 'custom', message: issue.message, path: [formFields[field] ?? field] });
    }
    return z.NEVER;
  });

/** The inputs that hold a request field under another name. */
const formFields: Record<string, string> = {
  rateBasisPoints: 'ratePercent',
  deductionBasisPoints: 'deductionPercent',
};

export type TLevyVersionFormValues = z.input<typeof ZLevyVersionForm>;

/** A version's form values; a new version starts per person and night from today's year. */
export function levyVersionFormValues(
  version: TLevyVersionRecord | null,
  language: string,
): TLevyVersionFormValues {
  const percent = (basisPoints: number | null) =>
    basisPoints === null ? '' : toDecimalInput(basisPoints / 100, language);
  return {
    validFrom: version?.validFrom ?? '',
    validUntil: version?.validUntil ?? '',
    chargeKind: version?.chargeKind ?? 'per_person_night',
    amount: toMoneyInput(version?.amount ?? null, language),
    ratePercent: percent(version?.rateBasisPoints ?? null),
    withoutBreakfast: version?.withoutBreakfast ?? false,
    deductionPercent: version?.deductionBasisPoints ? percent(version.deductionBasisPoints) : '',
    ageBelow: version?.ageBelow?.toString() ?? '',
    ageAt: version?.ageAt ?? '',
    ageKeyDate: version?.ageKeyDate ?? '',
    workStay: version?.workStay ?? 'never',
    workStayNights: version?.workStayNights?.toString() ?? '',
    nightCap: version?.nightCap?.toString() ?? '',
    rounding: version?.rounding ?? 'per_night',
    exemptionReasons: version?.exemptionReasons.join('\n') ?? '',
  };
}
