import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { ExtractionError } from '../document-extractor';
import type { PdfWorkerAnswer, PdfWorkerInput } from './pdf-text.worker';

/** Pages read for text: identity and company documents put what matters on the first pages. */
export const MAX_PDF_PAGES = 20;
/** PDF reader processes running at once in a process; more documents wait their turn. */
export const MAX_PDF_THREADS = 2;

/** The limits one PDF is read within (EXTRACTION_PDF_* in src/config.ts). */
export interface PdfLimits {
  /** V8 heap of the reader's process, MiB. */
  heapMb: number;
  /** Wall-clock time of one PDF, from the reader's start to its answer, ms. */
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
/** An idle reader process is ended after this long without a PDF (ms). */
const IDLE_MS = 30_000;
/** What V8 prints to stderr when a process reaches its heap limit. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/;

let running = 0;
const waiting: (() => void)[] = [];

interface Reader {
  child: ChildProcess;
  /** The tail of the reader's stderr, read to tell running out of heap from other deaths. */
  stderr: string;
}
/** Idle reader processes by heap limit, kept for the next PDF (starting one costs about 150 ms). */
const idle = new Map<number, { reader: Reader; timer: NodeJS.Timeout }[]>();

/**
 * The text layer of a PDF, read in a child process (pdf-text.worker.ts) so that a hostile file cannot
 * take the service down: the reader's heap is capped (heapMb), it is killed after timeoutMs, it gets
 * none of the service's environment, and a file whose Flate streams inflate beyond maxInflatedBytes is
 * refused before PDF.js reads it. A process, not a worker thread: terminating a thread while it builds a
 * zlib stream aborts the whole Node process (node_zlib.cc "close before init"), a killed child cannot.
 * A file that hits a limit, or that PDF.js cannot open (encrypted with a password, malformed, not a PDF),
 * is an ExtractionError: retrying would not change the answer. A PDF without a text layer (a scan) yields
 * empty text. At most MAX_PDF_THREADS readers work at once; a reader that answered is kept (idle, not
 * holding the process open) for the next PDF, one that hit a limit is killed.
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

/** Ends the idle readers (the process's shutdown; a reader in use ends when it answers). */
export async function closePdfReaders(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(all.map(({ reader, timer }) => {
    clearTimeout(timer);
    return end(reader);
  }));
}

const PROBLEMS: Record<Extract<PdfWorkerAnswer, { ok: false }>['problem'], string> = {
  password: 'The PDF is protected by a password, so it cannot be read. Upload a copy without a password.',
  unreadable: 'The file could not be read as a PDF (it is damaged or not a PDF). Upload the original document again.',
  inflated: 'The PDF was not read: its compressed content expands to more than the largest amount read (a compression bomb, or an unusually heavy file). Upload the document again, saved or scanned normally.',
};

function takeReader(heapMb: number): Reader {
  const kept = idle.get(heapMb)?.pop();
  if (kept) {
    clearTimeout(kept.timer);
    hold(kept.reader, true);
    return kept.reader;
  }
  const child = fork(WORKER_FILE, [], {
    // Nothing of the service's environment (secrets, NODE_OPTIONS) reaches the reader.
    env: {},
    execArgv: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${Math.min(16, Math.max(1, Math.floor(heapMb / 16)))}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const reader: Reader = { child, stderr: '' };
  child.stderr?.setEncoding('utf8').on('data', (s: string) => { reader.stderr = (reader.stderr + s).slice(-4096); });
  child.on('error', () => { /* reported to the read in progress through 'exit' */ });
  return reader;
}

/** Whether the reader keeps this process alive (while it reads) or not (while it waits). */
function hold({ child }: Reader, on: boolean): void {
  type Holder = { ref(): void; unref(): void } | null | undefined;
  const handles: Holder[] = [child, child.stderr as Socket | null, (child as { channel?: Holder }).channel];
  for (const h of handles) {
    if (on) h?.ref();
    else h?.unref();
  }
}

function end({ child }: Reader): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function keepReader(heapMb: number, reader: Reader): void {
  hold(reader, false);
  const list = idle.get(heapMb) ?? [];
  if (list.length >= MAX_PDF_THREADS) {
    void end(reader);
    return;
  }
  const entry = {
    reader,
    timer: setTimeout(() => {
      const i = list.indexOf(entry);
      if (i >= 0) list.splice(i, 1);
      void end(reader);
    }, IDLE_MS).unref(),
  };
  list.push(entry);
  idle.set(heapMb, list);
}

function runReader(bytes: Buffer, limits: PdfLimits): Promise<PdfWorkerAnswer> {
  const input: PdfWorkerInput = { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), maxPages: MAX_PDF_PAGES, maxInflatedBytes: limits.maxInflatedBytes };
  const reader = takeReader(limits.heapMb);
  const { child } = reader;
  return new Promise<PdfWorkerAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void, reuse: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage).off('exit', onExit);
      if (reuse) keepReader(limits.heapMb, reader);
      else void end(reader);
      fn();
    };
    const onMessage = (answer: PdfWorkerAnswer) => settle(() => resolve(answer), true);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      // stderr may still hold the last words of a reader that ran out of heap: read them once it closes.
      const judge = () => settle(() => reject(OUT_OF_MEMORY.test(reader.stderr)
        ? new ExtractionError(`The PDF was not read: reading it needed more than ${limits.heapMb} MiB of memory, the most a document may use. Upload the document again, saved or scanned normally.`)
        : new Error(`the PDF reader process exited (${signal ?? `code ${code}`}) without an answer`)), false);
      if (child.stderr && !child.stderr.closed) child.stderr.once('close', judge);
      else judge();
    };
    const timer = setTimeout(() => settle(() => reject(new ExtractionError(
      `The PDF was not read: reading it took longer than ${limits.timeoutMs / 1000} s, the longest a document is read. Upload the document again, saved or scanned normally.`,
    )), false), limits.timeoutMs);
    child.on('message', onMessage).on('exit', onExit);
    child.send(input, (err) => { if (err) onExit(null, null); });
  });
}
