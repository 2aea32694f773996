// Document uploads from the browser: a check of each file before sending (its type read from its first
// bytes, as the server does, and the limits documents.list gives), then one multipart POST of the batch to
// /portal/api/documents with XMLHttpRequest, whose upload progress events drive a progress bar per file.
import { NETWORK_MESSAGE, RequestError } from '../lib/graphql';

export interface UploadLimits {
  maxDocuments: number;
  maxFileBytes: number;
  acceptedMimeTypes: string[];
}

/** What a type is called in messages. */
export const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
};

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The type of a file from its first bytes (PDF, JPEG, PNG, HEIC), or null: the name is never trusted. */
export async function sniffType(file: Blob): Promise<string | null> {
  const b = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x89 && ascii(1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a) return 'image/png';
  // The server stores every HEIF-family photo (iPhone photos) as image/heic.
  if (ascii(4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(8, 12))) return 'image/heic';
  return null;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}

/** Why a file cannot be uploaded (before sending anything), or null when it can. */
export async function checkFile(file: File, limits: UploadLimits): Promise<string | null> {
  const accepted = limits.acceptedMimeTypes.map((t) => TYPE_NAMES[t] ?? t);
  const names = [...new Set(accepted)].join(', ').replace(/, ([^,]*)$/, ' or $1');
  const type = await sniffType(file);
  if (!type || !limits.acceptedMimeTypes.includes(type)) return `${file.name} is not a ${names} file.`;
  if (file.size > limits.maxFileBytes) return `${file.name} is larger than ${formatBytes(limits.maxFileBytes)} (it is ${formatBytes(file.size)}).`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export interface UploadedDocument {
  id: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * POSTs the files as one batch (all or nothing) and reports each file's progress (0 to 1) as its bytes
 * leave, from the upload's overall progress and the files' sizes. Rejects with a RequestError carrying the
 * server's message and details (`files.<index>`).
 */
export function uploadBatch(files: File[], onProgress: (perFile: number[]) => void, signal?: AbortSignal, item?: string): Promise<UploadedDocument[]> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    files.forEach((f) => body.append('file', f, f.name));
    const xhr = new XMLHttpRequest();
    // With an item (edd:<key> or document:<key>): evidence for something the tenant asked for, marked received.
    xhr.open('POST', item ? `/portal/api/documents?item=${encodeURIComponent(item)}` : '/portal/api/documents');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    const sizes = files.map((f) => f.size);
    const total = sizes.reduce((a, b) => a + b, 0);
    xhr.upload.onprogress = (e) => {
      // The multipart framing is a few hundred bytes: share the total out in the files' order.
      const sent = e.lengthComputable && e.total > 0 ? (e.loaded / e.total) * total : 0;
      let before = 0;
      onProgress(sizes.map((s) => {
        const done = s === 0 ? (sent >= before ? 1 : 0) : Math.min(1, Math.max(0, (sent - before) / s));
        before += s;
        return done;
      }));
    };
    xhr.onload = () => {
      const answer = (xhr.response ?? {}) as { documents?: UploadedDocument[]; error?: string; message?: string; details?: { path: string; message: string }[] };
      if (xhr.status === 201 && answer.documents) {
        onProgress(sizes.map(() => 1));
        resolve(answer.documents);
        return;
      }
      const code = answer.error === 'unauthenticated' ? 'UNAUTHORIZED' : (answer.error ?? 'BAD_RESPONSE').toUpperCase();
      const message = answer.message ?? `The service answered unexpectedly (HTTP ${xhr.status}). Try again in a moment.`;
      const reason = answer.error === 'validation_failed' ? 'validation_failed' : answer.error;
      reject(new RequestError(message, code === 'VALIDATION_FAILED' ? 'BAD_REQUEST' : code, reason, answer.details ?? []));
    };
    xhr.onerror = () => reject(new RequestError(NETWORK_MESSAGE, 'NETWORK'));
    xhr.onabort = () => reject(new RequestError('The upload was cancelled.', 'CANCELLED'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
