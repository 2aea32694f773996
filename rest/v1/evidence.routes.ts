import { pipeline } from 'node:stream/promises';
import { Router, type RequestHandler, type Response } from 'express';
import { exportEvidencePack, type EvidencePack } from '../../src/evidence/index';
import { type Services } from '../../src/platform/index';
import { actorOf } from './bearer-auth';

/** Writes an evidence pack as a ZIP download; a failure mid-stream cuts the response (the manifest then never arrives). */
export async function sendEvidencePack(res: Response, pack: EvidencePack): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="${pack.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  try {
    await pipeline(pack.stream, res);
  } catch {
    // The client went away, or the pack failed while streaming: the response is already cut.
  }
}

/** GET /v1/cases/{caseId}/evidence: the case's signed evidence pack (scope read:evidence, opt-in). */
export function evidenceRoutes(svc: Services, authenticate: RequestHandler): Router {
  const router = Router();
  router.get('/v1/cases/:caseId/evidence', authenticate, async (req, res) => {
    await sendEvidencePack(res, await exportEvidencePack(svc, actorOf(res), { caseId: String(req.params.caseId), via: 'api' }));
  });
  return router;
}
