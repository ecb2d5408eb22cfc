import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { InvoiceDocumentRenderer, renderWorkerUrl } from './document-renderer.ts';
import { austrianInvoice, germanCancellation, germanInvoice } from './fixtures.ts';
import { renderDocuments } from './render-documents.ts';

// Starting the worker loads the PDF and e-invoice libraries: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const renderer = new InvoiceDocumentRenderer();
afterAll(async () => {
  await renderer.close();
});

describe('the invoice document renderer', () => {
  it('finds its worker script beside the sources and beside the built server', () => {
    expect(renderWorkerUrl('file:///app/src/integrations/invoice-documents/document-renderer.ts').href).toBe(
      'file:///app/src/integrations/invoice-documents/render-worker.ts',
    );
    expect(renderWorkerUrl('file:///app/apps/server/dist/server.js').href).toBe(
      'file:///app/apps/server/dist/invoice-render-worker.js',
    );
  });

  it('renders in a worker thread what this thread would render, several documents at once', async () => {
    const [german, cancellation, austrian] = await Promise.all([
      renderer.render(germanInvoice),
      renderer.render(germanCancellation),
      renderer.render(austrianInvoice),
    ]);
    expect(renderer.stats.rendered).toBe(3);
    expect(renderer.stats.threadId).not.toBeNull();
    expect(renderer.stats.threadId).not.toBe(threadId);
    const here = await renderDocuments(germanCancellation);
    expect(cancellation.xml).toBe(here.xml);
    expect(german.xml).toContain('<ram:ID>RE-2026-0042</ram:ID>');
    expect(austrian.xml).toContain(`<ram:ID>${austrianInvoice.number}</ram:ID>`);
    for (const { pdf } of [german, cancellation, austrian]) {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.includes('factur-x.xml')).toBe(true);
    }
  });

  it('answers a document that does not add up with its error and keeps working', async () => {
    const wrong = {
      ...germanInvoice,
      totals: { ...germanInvoice.totals, gross: germanInvoice.totals.gross + 1 },
    };
    await expect(renderer.render(wrong)).rejects.toThrow(/does not add up/);
    const next = await renderer.render(germanInvoice);
    expect(next.xml).toContain('<ram:ID>RE-2026-0042</ram:ID>');
  });

  it('starts a new worker after one died, and refuses documents once closed', async () => {
    const own = new InvoiceDocumentRenderer();
    await own.render(austrianInvoice);
    const worker = Reflect.get(own, 'worker') as { terminate: () => Promise<number> };
    const pending = own.render(austrianInvoice);
    await worker.terminate();
    await expect(pending).rejects.toThrow(/exited/);
    expect((await own.render(austrianInvoice)).xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    await own.close();
    await expect(own.render(austrianInvoice)).rejects.toThrow(/closed/);
  });
});
