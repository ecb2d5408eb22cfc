import { describe, expect, it } from 'vitest';
import { austrianInvoice, germanCancellation, germanInvoice } from './fixtures.ts';
import { invoiceDocumentProblems, type TInvoiceDocument } from './invoice-document.ts';
import { renderEInvoice } from './render-e-invoice.ts';

describe('invoiceDocumentProblems', () => {
  it('finds nothing wrong with consistent documents', () => {
    for (const doc of [austrianInvoice, germanInvoice, germanCancellation]) {
      expect(invoiceDocumentProblems(doc)).toEqual([]);
    }
  });

  it('names what does not add up', () => {
    const wrong: TInvoiceDocument = {
      ...germanInvoice,
      issueDate: '04.03.2026',
      lines: [{ ...germanInvoice.lines[0]!, gross: 9600 }, ...germanInvoice.lines.slice(1)],
      totals: { ...germanInvoice.totals, gross: 21100, due: 5 },
    };
    const problems = invoiceDocumentProblems(wrong);
    expect(problems).toContain('issue date is not YYYY-MM-DD: 04.03.2026');
    expect(problems).toContain('"Accommodation single room": net + tax != gross');
    expect(problems).toContain('total gross != net + tax + local tax');
    expect(problems).toContain('due != gross - paid');
  });

  it('wants cents, whole quantities and the cancelled invoice', () => {
    const problems = invoiceDocumentProblems({
      ...germanCancellation,
      cancels: null,
      lines: [{ ...germanCancellation.lines[0]!, quantity: 0.5 }, ...germanCancellation.lines.slice(1)],
      totals: { ...germanCancellation.totals, paid: 0.5 },
    });
    expect(problems).toContain('amounts must be integer cents');
    expect(problems).toContain('"Accommodation single room": quantity must be a positive whole number');
    expect(problems).toContain('a cancellation must name the invoice it cancels');
  });

  it('stops the e-invoice of a document that does not add up', async () => {
    const wrong = { ...austrianInvoice, totals: { ...austrianInvoice.totals, tax: 3424 } };
    await expect(renderEInvoice(wrong, Buffer.from('%PDF-1.7'))).rejects.toThrow(
      /does not add up: total tax != taxes/,
    );
  });
});
