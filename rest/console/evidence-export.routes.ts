import { Router } from 'express';
import { exportEvidencePack } from '../../src/evidence/index';
import type { Services } from '../../src/platform/index';
import { consoleDownloader } from './console-download';
import { sendEvidencePack } from '../v1/evidence.routes';

/**
 * GET /console/export/cases/<caseId>/evidence.zip: the case's signed evidence pack from the case page, for an
 * analyst or higher (evidence:read), audited. Authenticated like the CSV export: the console session cookie
 * (401 without one), and a request another site starts (Sec-Fetch-Site cross-site or same-site) is refused (403).
 */
export function consoleEvidenceRoutes(svc: Services): Router {
  const router = Router();
  router.get('/console/export/cases/:caseId/evidence.zip', async (req, res) => {
    const signedIn = await consoleDownloader(svc, req, 'The evidence pack');
    await sendEvidencePack(res, await exportEvidencePack(svc, signedIn.actor, { caseId: String(req.params.caseId), via: 'console' }));
  });
  return router;
}
