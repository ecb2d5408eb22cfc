import { rksvBuckets, UnknownTaxRateError, type TBucketAmounts, type TRksvBucket } from '../fiscal-types.ts';

/**
 * Which RKSV bucket an Austrian VAT rate is booked in, and from when to when: the code knows five
 * buckets (Normal 20 %, Ermäßigt-1 10 %, Ermäßigt-2 13 %, Null 0 %, Besonders for every other rate),
 * so a new rate is a new row here, with the day it starts. Dates are `YYYY-MM-DD`, both ends inclusive.
 */
export const rksvRateBuckets: readonly {
  taxPercentage: number;
  bucket: TRksvBucket;
  validFrom: string | null;
  validUntil: string | null;
}[] = [
  { taxPercentage: 20, bucket: 'normal', validFrom: null, validUntil: null },
  { taxPercentage: 10, bucket: 'reduced1', validFrom: null, validUntil: null },
  { taxPercentage: 13, bucket: 'reduced2', validFrom: null, validUntil: null },
  { taxPercentage: 0, bucket: 'zero', validFrom: null, validUntil: null },
  { taxPercentage: 19, bucket: 'special', validFrom: null, validUntil: null },
  // The reduced rate on basic foods (Grundnahrungsmittel), in force from 1 July 2026.
  { taxPercentage: 4.9, bucket: 'special', validFrom: '2026-07-01', validUntil: null },
];

/** The bucket of a VAT rate on a date (`YYYY-MM-DD`, or a receipt's `YYYY-MM-DDTHH:mm:ss`). */
export function bucketOf(taxPercentage: number, date: string): TRksvBucket {
  const day = date.slice(0, 10);
  const rule = rksvRateBuckets.find(
    (candidate) =>
      candidate.taxPercentage === taxPercentage &&
      (candidate.validFrom === null || candidate.validFrom <= day) &&
      (candidate.validUntil === null || day <= candidate.validUntil),
  );
  if (!rule) throw new UnknownTaxRateError(`no RKSV bucket for ${taxPercentage} % on ${day}`);
  return rule.bucket;
}

/** Zero in every bucket: the amounts of a start or null receipt. */
export function zeroBucketAmounts(): TBucketAmounts {
  return Object.fromEntries(rksvBuckets.map((bucket) => [bucket, 0])) as TBucketAmounts;
}

/** A receipt's gross shares (`grossAmount` in cents, negative on a storno) summed per bucket on a date. */
export function bucketAmountsOf(
  shares: readonly { taxPercentage: number; grossAmount: number }[],
  date: string,
): TBucketAmounts {
  const amounts = zeroBucketAmounts();
  for (const share of shares) {
    if (!Number.isSafeInteger(share.grossAmount))
      throw new RangeError(`a gross amount is whole cents, not ${share.grossAmount}`);
    amounts[bucketOf(share.taxPercentage, date)] += share.grossAmount;
  }
  return amounts;
}
