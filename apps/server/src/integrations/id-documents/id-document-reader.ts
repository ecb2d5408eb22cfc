import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type OutputInfo, type Region } from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { TIdDocumentAnalysis } from '@pms/contract';
import { AppError } from '../../errors.ts';
import { readMachineZone } from './machine-zone.ts';

/**
 * The trained data shipped by the npm package `@tesseract.js-data/eng`, with the legacy engine's
 * character classifier: on OCR-B it tells `<` from `K` and `L`, which the LSTM model mixes up.
 */
export const langPath = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0',
);
const zoneCharacters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** Width the picture is scaled to: a TD3 line of 44 characters gets some 30 pixels a character. */
const ocrWidth = 1600;
/**
 * Height a scaled picture keeps within: a document photographed upright is well below it, while a
 * narrow, tall picture (the files module takes up to 20 to 1) is not blown up to 50 megapixels to read.
 */
const ocrMaxHeight = 3 * ocrWidth;
/** The zone sits at the bottom of the document: that part is read first, the whole picture second. */
const bottomShare = 0.45;
const maxInputPixels = 50_000_000;
/** Pictures that may wait for the worker (a second or two each); more are turned away, not queued. */
const maxWaiting = 8;

/**
 * Reads the machine readable zone of ID document pictures offline: tesseract.js (WebAssembly, in its
 * own worker thread) with trained data from node_modules, nothing fetched at run time. One worker,
 * started with the first picture and reused; pictures are read one after the other. `close` ends it.
 */
export class IdDocumentReader {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private readonly sendersWaiting = new Set<string>();
  private isClosed = false;

  /**
   * The analysis of the picture's zone, or null when the picture shows none. A sender (a booking link)
   * has one picture read at a time, so one guest cannot fill the queue for everyone.
   */
  analyze(image: Buffer, today: Date, sender?: string): Promise<TIdDocumentAnalysis | null> {
    if (sender !== undefined && this.sendersWaiting.has(sender))
      return Promise.reject(
        new AppError('portal/too_many_requests', 'a picture of this link is being read', {
          retryAfterSeconds: 2,
        }),
      );
    if (this.waiting >= maxWaiting)
      return Promise.reject(new AppError('unavailable', 'the ID document reader is busy; try again'));
    this.waiting += 1;
    if (sender !== undefined) this.sendersWaiting.add(sender);
    const run = this.queue
      .then(() => this.read(image, today))
      .finally(() => {
        this.waiting -= 1;
        if (sender !== undefined) this.sendersWaiting.delete(sender);
      });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }

  private async read(image: Buffer, today: Date): Promise<TIdDocumentAnalysis | null> {
    if (this.isClosed) throw new Error('the ID document reader is closed');
    const worker = await this.start();
    const picture = await uprightGrey(image);
    for (const region of [bottomOf(picture.info), picture.info]) {
      const { data } = await worker.recognize(await prepared(picture, region));
      const analysis = readMachineZone(data.text, today);
      if (analysis) return analysis;
    }
    return null;
  }

  private start(): Promise<Worker> {
    if (!this.worker) {
      this.worker = startWorker();
      // A worker that failed to start is started anew for the next picture.
      this.worker.catch(() => {
        this.worker = null;
      });
    }
    return this.worker;
  }
}

async function startWorker(): Promise<Worker> {
  const worker = await createWorker(
    'eng',
    OEM.TESSERACT_ONLY,
    {
      langPath,
      gzip: true,
      // Read from node_modules each start; nothing is written next to the server or fetched.
      cachePath: path.join(tmpdir(), 'pms-tesseract'),
      cacheMethod: 'none',
      legacyCore: true,
      legacyLang: true,
    },
    // Dictionaries turn zone lines into words: the zone has none.
    { load_system_dawg: '0', load_freq_dawg: '0' },
  );
  await worker.setParameters({
    tessedit_char_whitelist: zoneCharacters,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // Pictures carry no usable resolution; without one Tesseract warns on every picture.
    user_defined_dpi: '300',
  });
  return worker;
}

type TPicture = { data: Buffer; info: OutputInfo };

/** The picture turned as the phone's orientation tag says (so its bottom is the document's), in grey. */
function uprightGrey(image: Buffer): Promise<TPicture> {
  return sharp(image, { failOn: 'error', limitInputPixels: maxInputPixels })
    .rotate()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

function bottomOf({ width, height }: OutputInfo): Region {
  const top = Math.floor(height * (1 - bottomShare));
  return { left: 0, top, width, height: height - top };
}

/** A region of the picture with its contrast stretched, scaled so the zone's characters are large enough. */
function prepared(picture: TPicture, region: { width: number; height: number; left?: number; top?: number }) {
  const { width, height, channels } = picture.info;
  return sharp(picture.data, { raw: { width, height, channels } })
    .extract({ left: region.left ?? 0, top: region.top ?? 0, width: region.width, height: region.height })
    .normalise()
    .resize({ width: ocrWidth, height: ocrMaxHeight, fit: 'inside' })
    .png()
    .toBuffer();
}
