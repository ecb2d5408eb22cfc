import { decimalAmount } from '../../invoice-documents/texts.ts';
import { tseVatRates, UnknownTaxRateError, type TTsePaymentType, type TTseVatRate } from '../fiscal-types.ts';

/**
 * DSFinV-K's VAT keys by rate in basis points (UST_SCHLUESSEL 1 to 5): the general and the reduced rate,
 * the two flat rates of farmers (§24 (1) Nr. 3 and Nr. 1 UStG) and the untaxed turnover.
 */
const vatRateByBasisPoints: ReadonlyMap<number, TTseVatRate> = new Map([
  [1900, 'NORMAL'],
  [700, 'REDUCED_1'],
  [1070, 'SPECIAL_RATE_1'],
  [550, 'SPECIAL_RATE_2'],
  [0, 'NULL'],
]);

/** An amount as the TSE takes it: cents as a decimal string with two places, `-12.50` on a cancellation. */
export const tseAmount = decimalAmount;

/** The DSFinV-K key of a VAT percentage (19, 7, 10.7, 5.5, 0); any other rate has no key and is refused. */
export function tseVatRateOf(taxPercentage: number): TTseVatRate {
  const rate = vatRateByBasisPoints.get(Math.round(taxPercentage * 100));
  if (!rate) throw new UnknownTaxRateError(`${taxPercentage} % is no VAT rate a German TSE knows`);
  return rate;
}

/** The gross amounts of a receipt's lines per VAT key, in DSFinV-K's order, with one entry per key used. */
export function amountsPerVatRate(
  lines: { taxPercentage: number; grossAmount: number }[],
): { vatRate: TTseVatRate; amount: string }[] {
  const cents = new Map<TTseVatRate, number>();
  for (const line of lines) {
    const rate = tseVatRateOf(line.taxPercentage);
    cents.set(rate, (cents.get(rate) ?? 0) + line.grossAmount);
  }
  return tseVatRates
    .filter((rate) => cents.has(rate))
    .map((rate) => ({ vatRate: rate, amount: tseAmount(cents.get(rate)!) }));
}

/** The payments of a receipt per payment type, cash first, with one entry per type used. */
export function amountsPerPaymentType(
  payments: { paymentType: TTsePaymentType; amount: number }[],
): { paymentType: TTsePaymentType; amount: string }[] {
  const cents = new Map<TTsePaymentType, number>();
  for (const payment of payments)
    cents.set(payment.paymentType, (cents.get(payment.paymentType) ?? 0) + payment.amount);
  return (['CASH', 'NON_CASH'] as const)
    .filter((type) => cents.has(type))
    .map((type) => ({ paymentType: type, amount: tseAmount(cents.get(type)!) }));
}
