import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createEInvoiceValidator,
  validationDir,
  type TEInvoiceValidator,
} from '../../../test/einvoice-validation.ts';
import { austrianInvoice, germanCancellation, germanInvoice } from './fixtures.ts';
import type { TInvoiceDocument } from './invoice-document.ts';
import { renderEInvoice } from './render-e-invoice.ts';
import { renderInvoicePdf } from './render-pdf.ts';

// Rendering and running the rules take seconds each on a busy machine (two cores, shared).
vi.setConfig({ testTimeout: 60_000 });

const documents = [austrianInvoice, germanInvoice, germanCancellation];
let validator: TEInvoiceValidator;
const rendered = new Map<TInvoiceDocument, { xml: string; pdf: Buffer }>();

function eInvoice(doc: TInvoiceDocument): { xml: string; pdf: Buffer } {
  const result = rendered.get(doc);
  if (!result) throw new Error('not rendered');
  return result;
}

// Compiling the EN 16931 rules takes a minute on the first run (cached afterwards in .tmp/).
beforeAll(async () => {
  validator = await createEInvoiceValidator();
  for (const doc of documents) {
    rendered.set(doc, await renderEInvoice(doc, await renderInvoicePdf(doc)));
  }
}, 300_000);

describe('the validation harness', () => {
  it('passes the official examples', async () => {
    for (const name of ['CII_example1.xml', 'CII_business_example_01.xml']) {
      const xml = await readFile(path.join(validationDir, 'examples', name), 'utf8');
      expect(await validator.problems(xml), name).toEqual([]);
    }
  });
});

describe.each([
  ['an Austrian invoice (10 % and 20 %)', austrianInvoice],
  ['a German invoice (7 %, 19 % and the local tax)', germanInvoice],
  ['the cancellation of the German invoice', germanCancellation],
])('the e-invoice of %s', (_name, doc) => {
  it('passes the CII schema and the EN 16931 rules', async () => {
    const { xml } = eInvoice(doc);
    expect(await validator.problems(xml)).toEqual([]);
  });

  it('names the delivery, the stay, the parties and the totals', () => {
    const { xml } = eInvoice(doc);
    expect(xml).toContain('<ram:ApplicableHeaderTradeDelivery>');
    expect(xml).toContain('<ram:ActualDeliverySupplyChainEvent>');
    expect(xml).toContain(`<ram:ID>${doc.number}</ram:ID>`);
    expect(xml).toContain(doc.servicePeriod.start.replaceAll('-', ''));
    expect(xml).toContain(doc.servicePeriod.end.replaceAll('-', ''));
    expect(xml).toContain(`<ram:ID schemeID="VA">${doc.seller.vatId}</ram:ID>`);
    expect(xml).toContain('<ram:GuidelineSpecifiedDocumentContextParameter>');
    const gross = (Math.abs(doc.totals.gross) / 100).toFixed(2);
    expect(xml).toContain(`<ram:GrandTotalAmount>${gross}</ram:GrandTotalAmount>`);
  });

  it('embeds the same XML as factur-x.xml in a PDF/A-3', async () => {
    const { xml, pdf } = eInvoice(doc);
    const loaded = await getDocument({ data: new Uint8Array(pdf) }).promise;
    const attachments = (await loaded.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    const facturX = Object.values(attachments).find((a) => a.filename === 'factur-x.xml');
    expect(facturX).toBeDefined();
    expect(Buffer.from(facturX!.content).toString('utf8')).toBe(xml);
    const metadata = await loaded.getMetadata();
    const xmp = (metadata.metadata as { getRaw(): string } | null)?.getRaw() ?? '';
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('EN 16931');
    await loaded.destroy();
  });
});

describe('the cancellation e-invoice', () => {
  it('is a credit note referring to the cancelled invoice', () => {
    const { xml } = eInvoice(germanCancellation);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-0042<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260304<\/qdt:DateTimeString>/,
    );
  });
});

describe('the local tax', () => {
  it('is an exempt line with its reason, beside the standard rates', () => {
    const { xml } = eInvoice(germanInvoice);
    expect(xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(xml).toContain('<ram:ExemptionReason>');
    expect(xml).not.toContain('<ram:CategoryCode>O</ram:CategoryCode>');
    expect(xml).toContain('<ram:BasisAmount>5.00</ram:BasisAmount>');
  });
});

describe('the check', () => {
  it('fails a deliberately wrong total', async () => {
    const { xml } = eInvoice(germanInvoice);
    const wrong = xml.replace(
      '<ram:GrandTotalAmount>210.00</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount>211.00</ram:GrandTotalAmount>',
    );
    expect(wrong).not.toBe(xml);
    const ids = validator
      .failedAsserts(wrong)
      .filter((a) => a.flag === 'fatal')
      .map((a) => a.id);
    expect(ids).toContain('BR-CO-15');
    expect(await validator.problems(wrong)).not.toEqual([]);
  });

  it('fails a document the schema does not know', async () => {
    const { xml } = eInvoice(austrianInvoice);
    const broken = xml.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Unknown>380</ram:Unknown>');
    expect(await validator.schemaErrors(broken)).not.toEqual([]);
  });
});
