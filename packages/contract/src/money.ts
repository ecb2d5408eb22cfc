import type { TFolioTotals } from './folios.ts';

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

/** A formatter is costly to make and the same for each locale and currency: a long list makes it once. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats cents as currency in a locale ('de-DE' shows 1.234,50 €, 'de-AT' € 1.234,50). */
export function formatMoney(cents: number, currency = 'EUR', locale = 'de-AT'): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/**
 * The combined totals of several folios (a booking's or a group's list): the API's and the screen's.
 * Here, without zod, as the staff app's first chunk adds them.
 */
export function addFolioTotals(all: readonly TFolioTotals[]): TFolioTotals {
  const grossAmount = all.reduce((sum, totals) => sum + totals.grossAmount, 0);
  const paidAmount = all.reduce((sum, totals) => sum + totals.paidAmount, 0);
  return { grossAmount, paidAmount, dueAmount: grossAmount - paidAmount };
}
