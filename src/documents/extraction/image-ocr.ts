import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import { ExtractionError } from '../document-extractor';

/** How long one image may take to read before it is given up (the OCR worker is then restarted). */
export const OCR_TIMEOUT_MS = 60_000;

/** The English model shipped inside @tesseract.js-data/eng (gzip): read from node_modules, never downloaded. */
function englishModelDir(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

export interface OcrText {
  text: string;
  /** Tesseract's mean word confidence, 0 to 100. */
  confidence: number;
}

/**
 * Offline OCR of PNG and JPEG images through tesseract.js (Tesseract compiled to WebAssembly, run in a
 * worker thread, so the event loop stays free). One worker per process, started on first use (about
 * 3 s) and kept: it reads one image at a time, the others wait their turn. Its core and its language data
 * come from node_modules (`langPath` points at @tesseract.js-data/eng and `cacheMethod: 'none'` keeps it
 * from writing a cache or fetching anything).
 */
export class ImageOcr {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  /** Reads the text of one image; an image Tesseract cannot decode is an ExtractionError. */
  read(bytes: Buffer): Promise<OcrText> {
    const run = this.queue.then(() => this.recognize(bytes));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async recognize(bytes: Buffer): Promise<OcrText> {
    const worker = await this.start();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ExtractionError(`The image took longer than ${OCR_TIMEOUT_MS / 1000} s to read; upload a smaller or clearer image, or a PDF.`)), OCR_TIMEOUT_MS);
    });
    try {
      const { data } = await Promise.race([worker.recognize(bytes), timeout]);
      return { text: data.text, confidence: data.confidence };
    } catch (err) {
      // A failed or timed-out recognition may leave the worker busy or broken: start a fresh one next time.
      await this.close();
      if (err instanceof ExtractionError) throw err;
      throw new ExtractionError('The image could not be read (it is damaged or in a format that cannot be decoded). Upload it again as a PDF, PNG or JPEG.');
    } finally {
      clearTimeout(timer);
    }
  }

  private start(): Promise<Worker> {
    this.worker ??= createWorker('eng', 1, {
      langPath: englishModelDir(), gzip: true, cacheMethod: 'none', logger: () => undefined, errorHandler: () => undefined,
    }).catch((err: unknown) => {
      this.worker = null;
      throw err;
    });
    return this.worker;
  }

  /** Terminates the worker thread (the process's shutdown, and after a failed recognition). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.then((x) => x.terminate(), () => undefined).catch(() => undefined);
  }
}
