import { Router } from 'express';
import { DomainError, type Services } from '../../src/platform/index';
import { subjectAccessExport } from '../../src/retention/index';
import { consoleDownloader } from './console-download';

/**
 * GET /console/export/subject-access.zip?email=<address> or ?personId=<id>: a data subject's access export as a
 * streamed ZIP (compliance_admin; the console session cookie, 401 without one; a cross-site request 403), the
 * download the console's subjectAccessExport answer points to. Audited as `subject.access_exported`.
 */
export function consoleSubjectAccessRoutes(svc: Services): Router {
  const router = Router();
  router.get('/console/export/subject-access.zip', async (req, res) => {
    const signedIn = await consoleDownloader(svc, req);
    const { email, personId } = req.query;
    if ((email !== undefined && typeof email !== 'string') || (personId !== undefined && (typeof personId !== 'string' || !/^\d{1,15}$/.test(personId)))) {
      throw DomainError.validation([{ path: typeof email === 'string' || email === undefined ? 'personId' : 'email', message: 'must be given once (personId: a whole number)' }]);
    }
    if (req.method === 'HEAD') {
      res.status(200).end();
      return;
    }
    const exported = await subjectAccessExport(svc, signedIn.actor, { email: email ?? null, personId: personId === undefined ? null : Number(personId) });
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${exported.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    exported.stream.on('error', (err) => {
      req.log.error({ err }, 'subject access export failed');
      res.destroy();
    });
    exported.stream.pipe(res);
  });
  return router;
}
