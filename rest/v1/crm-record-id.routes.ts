import { Router, type RequestHandler } from 'express';
import { setCrmRecordId, type Services } from '../../src/index';
import { principalOf } from './bearer-auth';

/** POST {APP_URL}/api/cases/{caseId}/crm-record-id (a bearer token of the tenant with cases:write). */
export function crmRecordIdRoutes(svc: Services, authenticate: RequestHandler, json: RequestHandler): Router {
  const router = Router();
  router.post('/api/cases/:caseId/crm-record-id', authenticate, json, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await setCrmRecordId(svc, principalOf(res), String(req.params.caseId), req.body));
  });
  return router;
}
