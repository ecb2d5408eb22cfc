import type { TReceiptTax } from './fiscal-signing.ts';

/**
 * A payment split over what the folio bills per rate, in proportion, with the cents left over going to
 * the largest remainders, so the receipt's amounts per rate add up to the payment exactly. A folio that
 * bills nothing yet (a deposit) gives one share at 0 %: its tax is due with the invoice of the stay.
 */
export function allocateToTaxes(amount: number, taxes: readonly TReceiptTax[]): TReceiptTax[] {
  const shares = taxes.filter((tax) => tax.grossAmount > 0);
  const base = shares.reduce((sum, tax) => sum + tax.grossAmount, 0);
  if (base === 0) return [{ taxPercentage: 0, grossAmount: amount }];
  const sign = amount < 0 ? -1 : 1;
  const magnitude = Math.abs(amount);
  const parts = shares.map((tax, index) => {
    const exact = magnitude * tax.grossAmount;
    return { index, tax, quotient: Math.floor(exact / base), rest: exact % base };
  });
  let leftOver = magnitude - parts.reduce((sum, part) => sum + part.quotient, 0);
  for (const part of [...parts].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (leftOver <= 0) break;
    part.quotient += 1;
    leftOver -= 1;
  }
  return parts
    .filter((part) => part.quotient > 0)
    .map((part) => ({ taxPercentage: part.tax.taxPercentage, grossAmount: sign * part.quotient }));
}
