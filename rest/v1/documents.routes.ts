import { Router, type RequestHandler } from 'express';
import { getDocument, listDocuments, type DocumentStatus } from '../../src/documents/index';
import { type Services } from '../../src/platform/index';
import { queryParser } from './openapi-validation';
import { actorOf } from './bearer-auth';

/** /v1/documents and /v1/documents/{id}. */
export function documentsRoutes(svc: Services, doc: Record<string, unknown>, authenticate: RequestHandler): Router {
  const router = Router();
  const listQuery = queryParser(doc, '/v1/documents', 'get');
  router.get('/v1/documents', authenticate, async (req, res) => {
    const q = listQuery(req.query as Record<string, unknown>);
    res.json(await listDocuments(svc, actorOf(res), {
      caseId: q.caseId as string | undefined, status: q.status as DocumentStatus | undefined, limit: q.limit as number | undefined, cursor: q.cursor as string | undefined,
    }));
  });
  router.get('/v1/documents/:id', authenticate, async (req, res) => {
    res.json(await getDocument(svc, actorOf(res), String(req.params.id)));
  });
  return router;
}
