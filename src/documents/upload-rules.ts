import { fileTypeFromBuffer } from 'file-type';

/** The largest file a customer may upload, in bytes: 20 MiB. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The most documents one case holds (uploads beyond are refused until one is removed). */
export const MAX_CASE_DOCUMENTS = 20;
/** How many leading bytes the type is sniffed from (file-type's own detection window). */
export const SNIFF_BYTES = 4100;
/** The longest stored filename, in characters (the extension is kept when a name is cut). */
export const MAX_FILENAME_CHARS = 120;

/** The accepted document types: sniffed from the bytes, never taken from the name or the part's Content-Type. */
export const ACCEPTED_TYPES = {
  pdf: { mimeType: 'application/pdf', label: 'PDF', extensions: ['pdf'] },
  jpg: { mimeType: 'image/jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'] },
  png: { mimeType: 'image/png', label: 'PNG', extensions: ['png'] },
  heic: { mimeType: 'image/heic', label: 'HEIC', extensions: ['heic'] },
} as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[keyof typeof ACCEPTED_TYPES];
export const ACCEPTED_MIME_TYPES = Object.values(ACCEPTED_TYPES).map((t) => t.mimeType);

/**
 * The accepted type the leading bytes show (magic numbers, through file-type), or null: an executable,
 * an archive, a text file or an empty file, whatever it is called. Only `head` is examined, so nothing is
 * decompressed or parsed beyond the signature (a PDF's compressed streams are never inflated here).
 */
export async function sniffDocumentType(head: Uint8Array): Promise<AcceptedType | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES));
  if (!found) return null;
  return (ACCEPTED_TYPES as Record<string, AcceptedType>)[found.ext] ?? null;
}

// Control characters, format characters (bidi overrides and isolates, zero-width joiners, BOM) and the
// separators and characters file systems and shells treat specially.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
const RESERVED = /[<>:"/\\|?*]/g;
const KNOWN_EXTENSIONS = new Set<string>(Object.values(ACCEPTED_TYPES).flatMap((t) => [...t.extensions]));

/**
 * The name a document is stored and shown under: the last path segment only, NFC, without control and
 * format characters (no bidi override can make `exe.pdf` read as `fdp.exe`), reserved characters as `_`,
 * no leading dots or surrounding spaces, at most MAX_FILENAME_CHARS characters, and with the extension of
 * the type the bytes are (a PDF sent as `scan.png` is stored as `scan.pdf`).
 */
export function sanitizeFilename(raw: string, type: AcceptedType): string {
  const name = cleanFilename(raw, '');
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const own = (type.extensions as readonly string[]).includes(ext);
  // The extension of another accepted type is replaced (scan.png that is a PDF: scan.pdf); any other is kept in the name.
  const base = (own || KNOWN_EXTENSIONS.has(ext) ? name.slice(0, dot) : name).replace(/[.\s]+$/, '');
  const suffix = `.${own ? ext : type.extensions[0]}`;
  return `${cut(base, MAX_FILENAME_CHARS - suffix.length) || 'document'}${suffix}`;
}

/** A client's filename made safe to show and store, whatever its type: see sanitizeFilename. */
export function cleanFilename(raw: string, fallback = 'document'): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const name = lastSegment.normalize('NFC').replace(/[\t\n\v\f\r]/g, ' ').replace(UNSAFE, '').replace(RESERVED, '_').replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '');
  return cut(name, MAX_FILENAME_CHARS) || fallback;
}

/** The first `max` code points (no surrogate pair split), without trailing dots and spaces. */
function cut(text: string, max: number): string {
  return [...text].slice(0, max).join('').replace(/[.\s]+$/, '');
}
