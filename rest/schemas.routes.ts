import { Router, type Request } from 'express';
import { PublishedSchemas } from '../src/events/index';
import { type Services } from '../src/platform/index';
import { sendError } from './errors';

/**
 * The event catalogue, public and without authentication: GET /schemas/webhooks/index.json, one JSON
 * Schema per event type (/schemas/webhooks/{eventType}.v1.json), the shared parts they reference
 * (/schemas/webhooks/common/*.v1.json), GET /types/index.json and the generated .d.ts file.
 * Every document is built once here, for the configured BASE_URL, with a strong ETag (SHA-256 of the
 * body); If-None-Match answers 304. Unknown names are 404 in the usual error shape.
 */
export function schemaRoutes(svc: Services, published = new PublishedSchemas(svc.config.baseUrl)): Router {
  const router = Router();
  router.get(['/schemas/webhooks/*name', '/types/*name'], (req, res) => {
    const doc = published.get(req.path);
    if (!doc) {
      sendError(res, 404, 'not_found', `No published schema or type file at ${req.path}.`);
      return;
    }
    const etag = `"${doc.sha256}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (matches(req, etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).type(`${doc.mediaType}; charset=utf-8`).send(doc.body);
  });
  return router;
}

/** If-None-Match (RFC 9110 13.1.2): weak comparison, a list of tags or `*`. */
function matches(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
