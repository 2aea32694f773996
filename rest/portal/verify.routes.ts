import express, { Router } from 'express';
import { receiveVendorCallback, submitVerification } from '../../src/idv/index';
import { DomainError, type Services } from '../../src/platform/index';
import { filesOf, fromPortalPage, multipartParser } from './documents.routes';

/** The header the hosted verification page sends the link's token in (never the URL: addresses end up in logs). */
export const VERIFICATION_TOKEN_HEADER = 'x-verification-token';

/**
 * Identity verification's HTTP routes beside tRPC:
 * - POST {APP_URL}/portal/api/verify: the hosted page's upload (multipart: `document`, and `selfie` when
 *   asked), streamed like the portal's document upload, authorised by the link's token in
 *   X-Verification-Token; answers 200 `{outcome, checks}` or the /v1 error shape.
 * - POST /hooks/idv/<vendor>: a hosted-flow vendor's signed result (raw body: the signature covers its
 *   bytes); 200 `{received: true}` also for a replay, 401 for a bad or stale signature, 404 for an unknown
 *   vendor or session.
 * Each calls its one use case; the case's pipeline resumes by itself on the idv.completed a result records.
 */
export function verificationRoutes(svc: Services): Router {
  const router = Router();
  const appOrigin = new URL(svc.config.appUrl).origin;

  router.post('/portal/api/verify', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    let bb: ReturnType<typeof multipartParser> | undefined;
    try {
      if (!fromPortalPage(req, appOrigin)) throw new DomainError('forbidden', 'Uploads are accepted only from the verification page itself.');
      const token = req.headers[VERIFICATION_TOKEN_HEADER];
      bb = multipartParser(req, 2);
      const result = await submitVerification(svc, { token: typeof token === 'string' ? token : '', files: filesOf(req, bb) });
      res.status(200).json({ outcome: result.outcome, checks: result.checks });
    } catch (err) {
      if (bb) {
        req.unpipe(bb);
        bb.destroy();
      }
      req.resume();
      throw err;
    }
  });

  router.post('/hooks/idv/:vendor', express.raw({ type: () => true, limit: '256kb' }), async (req, res) => {
    const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : undefined);
    const result = await receiveVendorCallback(svc, {
      vendor: String(req.params.vendor), timestamp: header('idv-timestamp'), signature: header('idv-signature'),
      body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    });
    res.status(200).json({ received: true, duplicate: result.status === 'duplicate' });
  });
  return router;
}
