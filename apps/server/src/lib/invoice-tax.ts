/** A line as an invoice bills it: its gross amount in cents and its tax rate in basis points (1900 = 19 %). */
export type TTaxableLine = { grossAmount: number; taxBasisPoints: number };

export type TTaxedLine<T extends TTaxableLine> = T & { netAmount: number; taxAmount: number };

/** One rate's share of an invoice: the breakdown EN 16931 prints (BG-23). */
export type TTaxBreakdown = {
  taxBasisPoints: number;
  grossAmount: number;
  netAmount: number;
  taxAmount: number;
};

export type TInvoiceTax<T extends TTaxableLine> = {
  lines: TTaxedLine<T>[];
  taxes: TTaxBreakdown[];
  totals: { grossAmount: number; netAmount: number; taxAmount: number };
};

const basis = 10_000;

/** numerator / denominator (denominator > 0) rounded half away from zero, in integers. */
function divideRounded(numerator: number, denominator: number): number {
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -magnitude : magnitude;
}

/** The floor of numerator / denominator and what is left over (0 <= rest < denominator). */
function divideFloor(numerator: number, denominator: number): { quotient: number; rest: number } {
  const quotient = Math.floor(numerator / denominator);
  return { quotient, rest: numerator - quotient * denominator };
}

/**
 * Tax per rate as EN 16931 computes it from gross prices: per rate, net = round(sum of gross / (1 + rate))
 * half away from zero and tax = gross - net; each line's net is its exact share rounded down, and the
 * cents left over go to the lines with the largest remainders (ties: the earlier line), so the lines add
 * up to the rate's net exactly.
 */
export function computeInvoiceTax<T extends TTaxableLine>(lines: readonly T[]): TInvoiceTax<T> {
  const byRate = new Map<number, number[]>();
  lines.forEach((line, index) => {
    const indexes = byRate.get(line.taxBasisPoints) ?? [];
    indexes.push(index);
    byRate.set(line.taxBasisPoints, indexes);
  });
  const nets = new Array<number>(lines.length).fill(0);
  const taxes: TTaxBreakdown[] = [];
  for (const [taxBasisPoints, indexes] of [...byRate].sort(([a], [b]) => a - b)) {
    const denominator = basis + taxBasisPoints;
    const grossAmount = indexes.reduce((sum, index) => sum + lines[index]!.grossAmount, 0);
    const netAmount = divideRounded(grossAmount * basis, denominator);
    const shares = indexes.map((index) => ({
      index,
      ...divideFloor(lines[index]!.grossAmount * basis, denominator),
    }));
    let leftOver = netAmount - shares.reduce((sum, share) => sum + share.quotient, 0);
    const byRemainder = [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index);
    for (const share of shares) nets[share.index] = share.quotient;
    // The left over is between 0 and the number of lines: round() lies within one of the exact sum.
    for (const share of byRemainder) {
      if (leftOver <= 0) break;
      nets[share.index]! += 1;
      leftOver -= 1;
    }
    taxes.push({ taxBasisPoints, grossAmount, netAmount, taxAmount: grossAmount - netAmount });
  }
  const taxedLines = lines.map((line, index) => ({
    ...line,
    netAmount: nets[index]!,
    taxAmount: line.grossAmount - nets[index]!,
  }));
  const totals = taxes.reduce(
    (sum, tax) => ({
      grossAmount: sum.grossAmount + tax.grossAmount,
      netAmount: sum.netAmount + tax.netAmount,
      taxAmount: sum.taxAmount + tax.taxAmount,
    }),
    { grossAmount: 0, netAmount: 0, taxAmount: 0 },
  );
  return { lines: taxedLines, taxes, totals };
}

/** A folio entry as an invoice reads it: a charge, or an allowance correcting the charge it names. */
export type TFolioEntry = TTaxableLine & {
  id: string;
  kind: 'charge' | 'allowance';
  correctsChargeId: string | null;
  /** The local tax: collected for the municipality, billed apart and without VAT. */
  isLocalTax: boolean;
};

/**
 * The folio's entries as an invoice bills them: each allowance folded into the charge it corrects (a
 * discount lowers the charge; a charge moved to another folio and its reversal here cancel out), and a
 * charge corrected to nothing left out. An invoice line is always a positive quantity of something.
 */
export function billedCharges<T extends TFolioEntry>(rows: readonly T[]): T[] {
  const billed = new Map<string, T>();
  const isFolded = (row: T) => row.kind === 'allowance' && row.correctsChargeId !== null;
  for (const row of rows) if (!isFolded(row)) billed.set(row.id, { ...row });
  for (const row of rows.filter(isFolded)) {
    const corrected = billed.get(row.correctsChargeId!);
    if (corrected) corrected.grossAmount += row.grossAmount;
    else billed.set(row.id, { ...row });
  }
  return [...billed.values()].filter((charge) => charge.grossAmount !== 0);
}

/**
 * What an invoice over the folio would bill now, per VAT rate with the local tax apart: the same
 * computation an invoice's lines are made with, so the folio shows before any invoice what it will say.
 */
export function folioTaxPreview(entries: readonly TFolioEntry[]): {
  taxes: TTaxBreakdown[];
  localTaxAmount: number;
} {
  const billed = billedCharges(entries);
  return {
    taxes: computeInvoiceTax(billed.filter((line) => !line.isLocalTax)).taxes,
    localTaxAmount: billed.filter((line) => line.isLocalTax).reduce((sum, line) => sum + line.grossAmount, 0),
  };
}
