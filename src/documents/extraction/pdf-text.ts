import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ExtractionError } from '../document-extractor';
import type { PdfWorkerAnswer, PdfWorkerInput } from './pdf-text.worker';

/** Pages read for text: identity and company documents put what matters on the first pages. */
export const MAX_PDF_PAGES = 20;
/** PDF reader threads running at once in a process; more documents wait their turn. */
export const MAX_PDF_THREADS = 2;

/** The limits one PDF is read within (EXTRACTION_PDF_* in src/config.ts). */
export interface PdfLimits {
  /** V8 heap of the reader's thread, MiB. */
  heapMb: number;
  /** Wall-clock time of one PDF, from the thread's start to its answer, ms. */
  timeoutMs: number;
  /** What the file's Flate streams may inflate to in all, bytes. */
  maxInflatedBytes: number;
}

/** The defaults of EXTRACTION_PDF_HEAP_MB, EXTRACTION_PDF_TIMEOUT and EXTRACTION_PDF_MAX_INFLATED_MB. */
export const DEFAULT_PDF_LIMITS: PdfLimits = { heapMb: 256, timeoutMs: 30_000, maxInflatedBytes: 256 * 1024 * 1024 };

export interface PdfText {
  /** The text of the first MAX_PDF_PAGES pages, one line per text run that ends a line. */
  text: string;
  pages: number;
}

/** The compiled reader beside this file (dist/src/documents/extraction/pdf-text.worker.js). */
const WORKER_FILE = join(__dirname, 'pdf-text.worker.js');
/** An idle reader thread is ended after this long without a PDF (ms). */
const IDLE_MS = 30_000;

let running = 0;
const waiting: (() => void)[] = [];
/** Idle reader threads by heap limit, kept for the next PDF (starting one costs about 100 ms). */
const idle = new Map<number, { worker: Worker; timer: NodeJS.Timeout }[]>();

/**
 * The text layer of a PDF, read in a worker thread (pdf-text.worker.ts) so that a hostile file cannot
 * take the process down: the thread's heap is capped (heapMb), it is terminated after timeoutMs, and a
 * file whose Flate streams inflate beyond maxInflatedBytes is refused before PDF.js reads it. A file that
 * hits a limit, or that PDF.js cannot open (encrypted with a password, malformed, not a PDF), is an
 * ExtractionError: retrying would not change the answer. A PDF without a text layer (a scan) yields
 * empty text. At most MAX_PDF_THREADS threads read at once; a thread that answered is kept (idle, not
 * holding the process open) for the next PDF, one that hit a limit is terminated.
 */
export async function readPdfText(bytes: Buffer, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<PdfText> {
  if (running >= MAX_PDF_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    const answer = await runReader(bytes, limits);
    if (answer.ok) return { text: answer.text, pages: answer.pages };
    throw new ExtractionError(PROBLEMS[answer.problem]);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Ends the idle reader threads (the process's shutdown; a reader in use ends when it answers). */
export async function closePdfReaders(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(all.map(({ worker, timer }) => {
    clearTimeout(timer);
    return worker.terminate();
  }));
}

const PROBLEMS: Record<Extract<PdfWorkerAnswer, { ok: false }>['problem'], string> = {
  password: 'The PDF is protected by a password, so it cannot be read. Upload a copy without a password.',
  unreadable: 'The file could not be read as a PDF (it is damaged or not a PDF). Upload the original document again.',
  inflated: 'The PDF was not read: its compressed content expands to more than the largest amount read (a compression bomb, or an unusually heavy file). Upload the document again, saved or scanned normally.',
};

function takeReader(heapMb: number): Worker {
  const kept = idle.get(heapMb)?.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }
  return new Worker(WORKER_FILE, {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, heapMb / 8)) },
  });
}

function keepReader(heapMb: number, worker: Worker): void {
  worker.unref();
  const list = idle.get(heapMb) ?? [];
  if (list.length >= MAX_PDF_THREADS) {
    void worker.terminate();
    return;
  }
  const entry = {
    worker,
    timer: setTimeout(() => {
      const i = list.indexOf(entry);
      if (i >= 0) list.splice(i, 1);
      void worker.terminate();
    }, IDLE_MS).unref(),
  };
  list.push(entry);
  idle.set(heapMb, list);
}

function runReader(bytes: Buffer, limits: PdfLimits): Promise<PdfWorkerAnswer> {
  // A copy for the thread (PDF.js takes ownership of the buffer it is given), transferred, not cloned.
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const input: PdfWorkerInput = { bytes: data, maxPages: MAX_PDF_PAGES, maxInflatedBytes: limits.maxInflatedBytes };
  const worker = takeReader(limits.heapMb);
  return new Promise<PdfWorkerAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void, reuse: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reuse) keepReader(limits.heapMb, worker);
      else void worker.terminate();
      fn();
    };
    const onMessage = (answer: PdfWorkerAnswer) => settle(() => resolve(answer), true);
    const onError = (err: Error & { code?: string }) => settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? new ExtractionError(`The PDF was not read: reading it needed more than ${limits.heapMb} MiB of memory, the most a document may use. Upload the document again, saved or scanned normally.`)
      : err), false);
    const onExit = (code: number) => settle(() => reject(new Error(`the PDF reader thread exited (code ${code}) without an answer`)), false);
    const timer = setTimeout(() => settle(() => reject(new ExtractionError(
      `The PDF was not read: reading it took longer than ${limits.timeoutMs / 1000} s, the longest a document is read. Upload the document again, saved or scanned normally.`,
    )), false), limits.timeoutMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(input, [data.buffer]);
  });
}
