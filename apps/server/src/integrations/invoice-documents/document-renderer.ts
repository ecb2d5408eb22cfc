import { Worker } from 'node:worker_threads';
import type { TInvoiceDocument } from './invoice-document.ts';
import type { TRenderedDocuments } from './render-documents.ts';
import type { TRenderAnswer, TRenderRequest } from './render-worker.ts';

/**
 * The worker's script: the TypeScript source next to this file when the server runs from its sources
 * (tests, `npm run dev`: Node strips the types), the bundle's own entry beside `dist/server.js` when it
 * runs built (the build writes `dist/invoice-render-worker.js`).
 */
export function renderWorkerUrl(moduleUrl: string = import.meta.url): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL('./render-worker.ts', moduleUrl)
    : new URL('./invoice-render-worker.js', moduleUrl);
}

type TPending = { resolve: (documents: TRenderedDocuments) => void; reject: (error: Error) => void };

/**
 * Renders invoice documents (about 0.4 s of CPU each) off the main thread, so requests keep being
 * answered meanwhile: a pool of one worker thread, started with the first document, which renders
 * one document after the other. A worker that dies fails what it was rendering (the job is retried)
 * and the next document starts a new one. Idle, the worker does not keep the process alive;
 * `close` ends it.
 */
export class InvoiceDocumentRenderer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, TPending>();
  private nextId = 1;
  private isClosed = false;
  /** How many documents the worker rendered, and on which thread the last one was (for tests and logs). */
  readonly stats: { rendered: number; threadId: number | null } = { rendered: 0, threadId: null };
  private readonly workerUrl: URL;

  constructor(workerUrl: URL = renderWorkerUrl()) {
    this.workerUrl = workerUrl;
  }

  render(doc: TInvoiceDocument): Promise<TRenderedDocuments> {
    if (this.isClosed) return Promise.reject(new Error('the invoice document renderer is closed'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<TRenderedDocuments>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      const request: TRenderRequest = { id, doc };
      worker.postMessage(request);
    });
  }

  /** Ends the worker; documents still being rendered fail. */
  async close(): Promise<void> {
    this.isClosed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.failAll(new Error('the invoice document renderer was closed'));
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerUrl);
    worker.on('message', (answer: TRenderAnswer) => this.answer(answer));
    worker.on('error', (error: Error) => this.stopped(worker, error));
    worker.on('exit', (code) =>
      this.stopped(worker, new Error(`the render worker exited with code ${code}`)),
    );
    this.worker = worker;
    return worker;
  }

  private answer(answer: TRenderAnswer): void {
    const pending = this.pending.get(answer.id);
    if (!pending) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker?.unref();
    if ('error' in answer) {
      const error = new Error(answer.error.message);
      if (answer.error.stack) error.stack = answer.error.stack;
      pending.reject(error);
    } else {
      this.stats.rendered += 1;
      this.stats.threadId = answer.threadId;
      pending.resolve({
        pdf: Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength),
        xml: answer.xml,
      });
    }
  }

  private stopped(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(error);
  }

  private failAll(error: Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of pending) reject(error);
  }
}
