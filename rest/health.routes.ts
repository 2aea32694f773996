import { Router } from 'express';
import { checkReadiness, type Services } from '../src/platform/index';

/** GET /healthz: the process is alive. GET /readyz: both databases answer. */
export function healthRoutes(svc: Services): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness(svc);
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ready' : 'unavailable', checks: readiness.checks });
  });
  return router;
}
