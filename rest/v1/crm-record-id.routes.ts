import { Router, type RequestHandler } from 'express';
import { setCrmRecordId } from '../../src/cases/index';
import { type Services } from '../../src/platform/index';
import { actorOf } from './bearer-auth';

/** POST {APP_URL}/api/cases/{caseId}/crm-record-id (a bearer token of the tenant with cases:write). */
export function crmRecordIdRoutes(svc: Services, authenticate: RequestHandler, json: RequestHandler): Router {
  const router = Router();
  router.post('/api/cases/:caseId/crm-record-id', authenticate, json, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await setCrmRecordId(svc, actorOf(res), String(req.params.caseId), req.body));
  });
  return router;
}
