/** Rounds half away from zero, as tax rounding requires. */
export function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** Splits a gross amount in cents into net and tax for a tax rate in basis points (1000 = 10 %). */
export function splitGross(
  grossAmount: number,
  taxBasisPoints: number,
): { netAmount: number; taxAmount: number } {
  const netAmount = roundHalfAwayFromZero((grossAmount * 10_000) / (10_000 + taxBasisPoints));
  return { netAmount, taxAmount: grossAmount - netAmount };
}

/** Formats cents as currency in a locale ('de-DE' shows 1.234,50 €, 'de-AT' € 1.234,50). */
export function formatMoney(cents: number, currency = 'EUR', locale = 'de-AT'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
