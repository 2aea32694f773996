import { Router } from 'express';
import { checkReadiness, type Services } from '../src/platform/index';

/**
 * GET /healthz: the process is alive. GET /readyz: 200 when this process can do its work, 503 when
 * not, with the checks (docs/operations.md, "Readiness").
 */
export function healthRoutes(svc: Services): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, ...rest } = await checkReadiness(svc);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', ...rest });
  });
  return router;
}
