import busboy, { type Busboy } from 'busboy';
import { Router, type Request } from 'express';
import { MAX_CASE_DOCUMENTS, type UploadedFile } from '../../src/documents/index';
import { uploadPortalDocuments } from '../../src/outreach/index';
import { DomainError, type Services } from '../../src/platform/index';
import { findCustomerActor, PORTAL_SESSION_COOKIE } from '../../src/portal/index';
import { cookieValue } from '../../src/sessions/index';

/**
 * POST {APP_URL}/portal/api/documents: the customer portal's document upload, a REST route beside tRPC
 * because an upload must stream. The multipart body is parsed as it arrives (busboy) and each file is
 * handed to the domain as a stream (sniffed, limited to 20 MiB, hashed and written to the BlobStore on
 * the fly), so memory stays bounded whatever the files' size and however many uploads run at once.
 * `?item=<ref>` uploads evidence against a requested item and marks it received.
 * Answers 201 `{documents}` or the /v1 error shape `{error, message, details?}`.
 */
export function portalDocumentRoutes(svc: Services): Router {
  const router = Router();
  const appOrigin = new URL(svc.config.appUrl).origin;

  router.post('/portal/api/documents', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    let bb: Busboy | undefined;
    try {
      const customer = await findCustomerActor(svc, cookieValue(req.headers.cookie, PORTAL_SESSION_COOKIE));
      if (!customer) throw new DomainError('unauthenticated', 'Your session has ended. Open your invitation link again, or ask for a new one.');
      if (!fromPortalPage(req, appOrigin)) throw new DomainError('forbidden', 'Uploads are accepted only from the customer portal\'s own pages.');
      bb = multipartParser(req);
      // ?item=edd:<key> or document:<key>: evidence for an item the tenant asked for (the portal's requested-items page).
      const item = typeof req.query.item === 'string' ? req.query.item : undefined;
      const documents = await uploadPortalDocuments(svc, customer, { files: filesOf(req, bb), item });
      res.status(201).json(documents);
    } catch (err) {
      // The rest of what the client sends is read and dropped (never stored), so that the answer reaches it.
      if (bb) {
        req.unpipe(bb);
        bb.destroy();
      }
      req.resume();
      throw err;
    }
  });
  return router;
}

/**
 * CSRF defence for a POST that a plain HTML form could send from another site (a multipart or urlencoded
 * POST needs no CORS preflight, and SameSite=Lax does not cover sibling subdomains): the uploads, and the
 * invite's "Start" (a login CSRF would sign the victim into the attacker's case). The browser's Origin
 * must be the portal's (APP_URL); a browser that sends no Origin, or `null` (a form on a page with
 * Referrer-Policy no-referrer, as the invite page, sends `Origin: null`), must say
 * `Sec-Fetch-Site: same-origin`, which no page can set. A request with neither is refused.
 */
export function fromPortalPage(req: Request, appOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') return origin === appOrigin;
  return req.headers['sec-fetch-site'] === 'same-origin';
}

export function multipartParser(req: Request, maxFiles = MAX_CASE_DOCUMENTS): Busboy {
  if (!req.is('multipart/form-data')) {
    throw DomainError.validation([{ path: 'Content-Type', message: 'must be multipart/form-data (one part per file)' }]);
  }
  try {
    return busboy({
      headers: req.headers,
      // Browsers send UTF-8 filenames in filename="…".
      defParamCharset: 'utf8',
      fileHwm: 64 * 1024,
      // The domain refuses a file past its limit; these bound the parser itself (fields are not used).
      limits: { files: maxFiles + 1, fields: 10, fieldSize: 1024, parts: maxFiles + 11, headerPairs: 20 },
    });
  } catch {
    throw DomainError.validation([{ path: 'Content-Type', message: 'must be multipart/form-data with a boundary' }]);
  }
}

/**
 * The request's file parts, one at a time, as the parser reaches them. The consumer reads each file's
 * stream to its end before it asks for the next (the parser waits meanwhile: backpressure all the way
 * to the client's socket). The request is piped in on the first ask, so that nothing is parsed for a
 * request the domain refuses first. A malformed body is validation_failed.
 */
export function filesOf(req: Request, bb: Busboy): AsyncIterable<UploadedFile> {
  const queue: UploadedFile[] = [];
  let finished = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  // Listeners go on at once: the route destroys the parser on any failure, which emits 'error'.
  bb.on('file', (field, stream, info) => {
    // The parser may fail the stream (a cut body) before the consumer starts reading it: the consumer's
    // iterator still sees the stored error, but the emission must not go unheard in the meantime.
    stream.on('error', () => {});
    queue.push({ filename: info.filename ?? '', content: partBytes(stream), field });
    poke();
  });
  bb.on('error', (err: Error) => {
    failure ??= err;
    poke();
  });
  bb.on('close', () => {
    finished = true;
    poke();
  });
  return {
    async *[Symbol.asyncIterator]() {
      req.pipe(bb);
      for (;;) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (failure) throw DomainError.validation([{ path: 'body', message: `is not a complete multipart/form-data body (${failure.message.toLowerCase()})` }]);
        if (finished) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}

/** A file part's bytes; the body ending inside the part (the client went away, a cut body) is validation_failed. */
async function* partBytes(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (err) {
    throw DomainError.validation([{ path: 'body', message: `ends inside a file (${(err as Error).message.toLowerCase()})` }]);
  }
}
