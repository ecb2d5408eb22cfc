// The worker thread that renders invoice documents (see document-renderer.ts): a document comes in,
// the PDF bytes (transferred, not copied) and the XML go back, or the error's message and stack.
import { parentPort, threadId } from 'node:worker_threads';
import type { TInvoiceDocument } from './invoice-document.ts';
import { renderDocuments } from './render-documents.ts';

export type TRenderRequest = { id: number; doc: TInvoiceDocument };
export type TRenderAnswer =
  | { id: number; pdf: Uint8Array; xml: string; threadId: number }
  | { id: number; error: { message: string; stack?: string | undefined } };

if (!parentPort) throw new Error('render-worker runs as a worker thread');
const port = parentPort;

// One document at a time: rendering is CPU work, interleaving would only delay the first answer.
let queue = Promise.resolve();
port.on('message', (request: TRenderRequest) => {
  queue = queue.then(async () => {
    try {
      const { pdf, xml } = await renderDocuments(request.doc);
      // Only a buffer of its own is transferred (a small Buffer may share Node's pool).
      const isWhole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      const bytes = isWhole ? new Uint8Array(pdf.buffer, 0, pdf.byteLength) : new Uint8Array(pdf);
      const answer: TRenderAnswer = { id: request.id, pdf: bytes, xml, threadId };
      port.postMessage(answer, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      const answer: TRenderAnswer = { id: request.id, error: { message, stack } };
      port.postMessage(answer);
    }
  });
});
