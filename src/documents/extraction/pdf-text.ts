import { getDocumentProxy } from 'unpdf';
import { ExtractionError } from '../document-extractor';

/** Pages read for text: identity and company documents put what matters on the first pages. */
export const MAX_PDF_PAGES = 20;

export interface PdfText {
  /** The text of the first MAX_PDF_PAGES pages, one line per text run that ends a line. */
  text: string;
  pages: number;
}

/**
 * The text layer of a PDF, through PDF.js (unpdf's serverless build: no worker, no DOM, no network).
 * A PDF that PDF.js cannot open (encrypted with a password, malformed, not a PDF) is an ExtractionError:
 * retrying would not change the answer. A PDF without a text layer (a scan) yields empty text.
 */
export async function readPdfText(bytes: Buffer): Promise<PdfText> {
  // PDF.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // isEvalSupported false: fonts are never compiled with eval (CVE-2024-4367); verbosity 0: no console noise.
    pdf = await getDocumentProxy(data, { isEvalSupported: false, verbosity: 0, stopAtErrors: true });
  } catch (err) {
    throw unreadable(err);
  }
  try {
    const pages = pdf.numPages;
    const texts: string[] = [];
    for (let n = 1; n <= Math.min(pages, MAX_PDF_PAGES); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      texts.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join(''));
      page.cleanup();
    }
    return { text: texts.join('\n'), pages };
  } catch (err) {
    throw unreadable(err);
  } finally {
    await pdf.destroy();
  }
}

function unreadable(err: unknown): ExtractionError {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'PasswordException') return new ExtractionError('The PDF is protected by a password, so it cannot be read. Upload a copy without a password.');
  return new ExtractionError('The file could not be read as a PDF (it is damaged or not a PDF). Upload the original document again.');
}
