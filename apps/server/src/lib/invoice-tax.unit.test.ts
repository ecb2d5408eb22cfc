import { describe, expect, it } from 'vitest';
import { computeInvoiceTax } from './invoice-tax.ts';

describe('tax per rate', () => {
  it('taxes 2 x 10.00 at 19 % once per rate, not per line', () => {
    const { lines, taxes, totals } = computeInvoiceTax([
      { grossAmount: 1000, taxBasisPoints: 1900 },
      { grossAmount: 1000, taxBasisPoints: 1900 },
    ]);
    // 2000 / 1.19 = 1680.67 -> 1681; per line 840.34 each would give 1680.
    expect(taxes).toEqual([{ taxBasisPoints: 1900, grossAmount: 2000, netAmount: 1681, taxAmount: 319 }]);
    expect(lines.map((line) => line.netAmount)).toEqual([841, 840]);
    expect(lines.map((line) => line.taxAmount)).toEqual([159, 160]);
    expect(totals).toEqual({ grossAmount: 2000, netAmount: 1681, taxAmount: 319 });
  });

  it('rounds half away from zero', () => {
    // 107 / 1.07 = 100 exactly; 1.5 cents net: 1605 / 1.07 = 1500; 535 / 1.07 = 500.
    expect(computeInvoiceTax([{ grossAmount: 107, taxBasisPoints: 700 }]).taxes[0]!.netAmount).toBe(100);
    // 3 / 1.2 = 2.5 -> 3 (half away from zero), and -3 / 1.2 = -2.5 -> -3.
    expect(computeInvoiceTax([{ grossAmount: 3, taxBasisPoints: 2000 }]).taxes[0]).toMatchObject({
      netAmount: 3,
      taxAmount: 0,
    });
    expect(computeInvoiceTax([{ grossAmount: -3, taxBasisPoints: 2000 }]).taxes[0]).toMatchObject({
      netAmount: -3,
      taxAmount: 0,
    });
  });

  it('keeps 7 %, 19 % and the 0 % local tax apart and adds them up', () => {
    const { lines, taxes, totals } = computeInvoiceTax([
      { grossAmount: 12000, taxBasisPoints: 700, text: 'Übernachtung' },
      { grossAmount: 450, taxBasisPoints: 1900, text: 'Bier' },
      { grossAmount: 250, taxBasisPoints: 0, text: 'Ortstaxe' },
      { grossAmount: 12000, taxBasisPoints: 700, text: 'Übernachtung' },
      { grossAmount: 390, taxBasisPoints: 1900, text: 'Wein' },
    ]);
    expect(taxes).toEqual([
      { taxBasisPoints: 0, grossAmount: 250, netAmount: 250, taxAmount: 0 },
      { taxBasisPoints: 700, grossAmount: 24000, netAmount: 22430, taxAmount: 1570 },
      { taxBasisPoints: 1900, grossAmount: 840, netAmount: 706, taxAmount: 134 },
    ]);
    expect(totals).toEqual({ grossAmount: 25090, netAmount: 23386, taxAmount: 1704 });
    expect(lines[2]).toMatchObject({ text: 'Ortstaxe', netAmount: 250, taxAmount: 0 });
    for (const tax of taxes) {
      const ofRate = lines.filter((line) => line.taxBasisPoints === tax.taxBasisPoints);
      expect(ofRate.reduce((sum, line) => sum + line.netAmount, 0)).toBe(tax.netAmount);
      expect(ofRate.reduce((sum, line) => sum + line.taxAmount, 0)).toBe(tax.taxAmount);
    }
    expect(lines.every((line) => line.netAmount + line.taxAmount === line.grossAmount)).toBe(true);
  });

  it('gives the left-over cents to the largest remainders', () => {
    // 3 x 0.01 at 19 %: 3 / 1.19 = 2.52 -> 3 net; each line 0.84 exact -> 0 + the 3 cents spread.
    const { lines } = computeInvoiceTax([
      { grossAmount: 1, taxBasisPoints: 1900 },
      { grossAmount: 1, taxBasisPoints: 1900 },
      { grossAmount: 1, taxBasisPoints: 1900 },
    ]);
    expect(lines.map((line) => line.netAmount)).toEqual([1, 1, 1]);
    const mixed = computeInvoiceTax([
      { grossAmount: 100, taxBasisPoints: 1900 },
      { grossAmount: 119, taxBasisPoints: 1900 },
    ]);
    // 219 / 1.19 = 184.03 -> 184; exact 84.03 + 100 -> floors 84 + 100 = 184.
    expect(mixed.lines.map((line) => line.netAmount)).toEqual([84, 100]);
  });

  it('reverses exactly for a cancellation', () => {
    const lines = [
      { grossAmount: 1000, taxBasisPoints: 1900 },
      { grossAmount: 1000, taxBasisPoints: 1900 },
      { grossAmount: 535, taxBasisPoints: 700 },
    ];
    const original = computeInvoiceTax(lines);
    const reversed = computeInvoiceTax(lines.map((line) => ({ ...line, grossAmount: -line.grossAmount })));
    expect(reversed.totals).toEqual({
      grossAmount: -original.totals.grossAmount,
      netAmount: -original.totals.netAmount,
      taxAmount: -original.totals.taxAmount,
    });
  });

  it('has nothing to tax for no lines', () => {
    expect(computeInvoiceTax([])).toEqual({
      lines: [],
      taxes: [],
      totals: { grossAmount: 0, netAmount: 0, taxAmount: 0 },
    });
  });
});
