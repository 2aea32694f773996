import { constants, createInflate } from 'node:zlib';
import { getDocumentProxy } from 'unpdf';

/**
 * The PDF reader's process (forked and reused by pdf-text.ts): for each PDF it is sent, counts what the
 * file's Flate streams inflate to, then reads the text layer through PDF.js (unpdf's serverless build: no
 * worker, no DOM, no network), and answers with one message, a PdfWorkerAnswer. The heap limit and the
 * wall-clock limit are enforced from outside (--max-old-space-size, SIGKILL).
 */
export interface PdfWorkerInput {
  bytes: Uint8Array;
  maxPages: number;
  maxInflatedBytes: number;
}

export type PdfWorkerAnswer =
  | { ok: true; text: string; pages: number }
  | { ok: false; problem: 'password' | 'unreadable' | 'inflated' };

const STREAM = Buffer.from('stream', 'latin1');

/**
 * True when the file's Flate (zlib) streams together inflate to more than `max` bytes. PDF.js keeps a
 * decoded stream whole in typed arrays, which the reader's heap limit does not count, so a Flate bomb
 * (a few hundred KB of zeros' deflate that inflates to gigabytes) is refused here, before PDF.js sees it.
 * Every `stream` keyword followed by a line end is tried as the start of a zlib stream and inflated,
 * counted and dropped chunk by chunk, until what is left of the budget is spent (zlib stops at the
 * stream's own end, so neither /Length nor a stray `endstream` can hide data from the count); anything
 * that is not zlib data is skipped.
 */
export async function inflatesBeyond(bytes: Buffer, max: number): Promise<boolean> {
  let left = max;
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    else if (bytes[start - 1] !== 0x0d) continue;
    left -= await inflatedLength(bytes.subarray(start), left + 1);
    if (left < 0) return true;
  }
  return false;
}

/** How many bytes the zlib stream at the start of `data` inflates to, counting at most `upTo`; 0 when it is not zlib data. */
function inflatedLength(data: Buffer, upTo: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total >= upTo) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => resolve(total)); // not zlib data, or damaged after `total` bytes: PDF.js will say
    inflate.end(data);
  });
}

async function read(input: PdfWorkerInput): Promise<PdfWorkerAnswer> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (await inflatesBeyond(bytes, input.maxInflatedBytes)) return { ok: false, problem: 'inflated' };
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // isEvalSupported false: fonts are never compiled with eval (CVE-2024-4367); verbosity 0: no console noise.
    pdf = await getDocumentProxy(input.bytes, { isEvalSupported: false, verbosity: 0, stopAtErrors: true });
  } catch (err) {
    return unreadable(err);
  }
  try {
    const pages = pdf.numPages;
    const texts: string[] = [];
    for (let n = 1; n <= Math.min(pages, input.maxPages); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      texts.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join(''));
      page.cleanup();
    }
    return { ok: true, text: texts.join('\n'), pages };
  } catch (err) {
    return unreadable(err);
  } finally {
    await pdf.destroy();
  }
}

function unreadable(err: unknown): PdfWorkerAnswer {
  const name = (err as { name?: string } | null)?.name;
  return { ok: false, problem: name === 'PasswordException' ? 'password' : 'unreadable' };
}

if (process.send) {
  const send = process.send.bind(process);
  // One PDF per message, one answer each; the reader is kept for the next PDF while it stays within its limits.
  process.on('message', (input: PdfWorkerInput) => {
    void read(input).then((answer) => send(answer));
  });
  // The service went away (or let this reader go): nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}
