import { Router, type Request } from 'express';
import { exportAuditLog } from '../../src/audit/index';
import { DomainError, type Services } from '../../src/platform/index';
import { consoleDownloader, writable } from './console-download';

const one = (query: Request['query'], name: string): string | undefined => {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw DomainError.validation([{ path: name, message: 'must be given once' }]);
  return v;
};

/**
 * GET /console/export/audit.jsonl?from=&to=: the organisation's audit log as JSON lines (one entry per line, in
 * chain order, with seq, prevHash and hash), entries recorded in [from, to) (dates or ISO instants, both
 * optional). compliance_admin, from the console session cookie (401 without one; a cross-site request 403), like
 * the case list's CSV. Streamed page by page with backpressure; audited as `audit_log.exported` when done.
 */
export function consoleAuditExportRoutes(svc: Services): Router {
  const router = Router();
  router.get('/console/export/audit.jsonl', async (req, res) => {
    const signedIn = await consoleDownloader(svc, req);
    for (const name of Object.keys(req.query)) {
      if (name !== 'from' && name !== 'to') throw DomainError.validation([{ path: name, message: 'is not a parameter of the audit export (from, to)' }]);
    }
    const exported = await exportAuditLog(svc, signedIn.actor, { from: one(req.query, 'from'), to: one(req.query, 'to') });
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${exported.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      for await (const chunk of exported.chunks) {
        if (res.destroyed) break;
        if (!res.write(chunk) && !(await writable(res))) break;
      }
      res.end();
    } catch (err) {
      req.log.error({ err }, 'audit export failed');
      res.destroy();
    }
  });
  return router;
}
