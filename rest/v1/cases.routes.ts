import { Router, type RequestHandler } from 'express';
import { listCaseDecisions, listCases, type CaseStatus } from '../../src/cases/index';
import { createCase, createCases, type CreateCaseOutcome } from '../../src/onboarding/index';
import { getCase } from '../../src/decisions/index';
import { type StoredResponse } from '../../src/idempotency/index';
import { type Services } from '../../src/platform/index';
import { dispositionScreeningHit, listScreeningHits, screenName } from '../../src/screening/index';
import { queryParser } from './openapi-validation';
import { actorOf } from './bearer-auth';

/** The create response of each outcome (the statuses live here, in the adapter). */
export function renderCreateCase(outcome: CreateCaseOutcome): StoredResponse {
  switch (outcome.kind) {
    case 'created':
      return { status: 201, body: outcome.case };
    case 'existing_crm_record':
      return { status: 200, body: outcome.case };
    case 'duplicate_open_case':
      return {
        status: 409,
        body: { error: 'duplicate_open_case', message: 'This customer email already has an open case in your organisation.', existing: outcome.existing },
      };
  }
}

/** /v1/cases and its sub-resources. */
export function casesRoutes(svc: Services, doc: Record<string, unknown>, authenticate: RequestHandler, json: RequestHandler, batchJson: RequestHandler = json): Router {
  const router = Router();
  const listQuery = queryParser(doc, '/v1/cases', 'get');
  const decisionsQuery = queryParser(doc, '/v1/cases/{caseId}/decisions', 'get');
  const screeningQuery = queryParser(doc, '/v1/cases/{caseId}/screening', 'get');

  router.get('/v1/cases', authenticate, async (req, res) => {
    const q = listQuery(req.query as Record<string, unknown>);
    const page = await listCases(svc, actorOf(res), {
      limit: q.limit as number | undefined,
      cursor: q.cursor as string | undefined,
      statuses: q.status as CaseStatus[] | undefined,
      updatedSince: q.updatedSince !== undefined ? new Date(String(q.updatedSince)) : undefined,
      search: q.search as string | undefined,
      q: q.q as string | undefined,
    });
    res.json(page);
  });

  router.post('/v1/cases', authenticate, json, async (req, res) => {
    const key = req.get('Idempotency-Key');
    const result = await createCase(svc, actorOf(res), {
      body: req.body, idempotencyKey: key === undefined ? null : key, render: renderCreateCase,
    });
    if (result.replay === 'idempotency_key') res.setHeader('Idempotent-Replay', 'true');
    else if (result.replay === 'crm_record_id') res.setHeader('Idempotent-Replay', 'crm-record-id');
    res.status(result.response.status).json(result.response.body);
  });

  // Up to 500 bodies of POST /v1/cases, each answered on its own (200 even when some items are invalid).
  router.post('/v1/cases/batch', authenticate, batchJson, async (req, res) => {
    res.json(await createCases(svc, actorOf(res), { body: req.body, render: renderCreateCase }));
  });

  router.get('/v1/cases/:caseId', authenticate, async (req, res) => {
    res.json(await getCase(svc, actorOf(res), String(req.params.caseId)));
  });

  router.get('/v1/cases/:caseId/decisions', authenticate, async (req, res) => {
    const q = decisionsQuery(req.query as Record<string, unknown>);
    res.json(await listCaseDecisions(svc, actorOf(res), String(req.params.caseId), { limit: q.limit as number | undefined, cursor: q.cursor as string | undefined }));
  });

  router.get('/v1/cases/:caseId/screening', authenticate, async (req, res) => {
    const q = screeningQuery(req.query as Record<string, unknown>);
    res.json(await listScreeningHits(svc, actorOf(res), String(req.params.caseId), { limit: q.limit as number | undefined, cursor: q.cursor as string | undefined }));
  });

  router.post('/v1/cases/:caseId/screening/disposition', authenticate, json, async (req, res) => {
    res.json(await dispositionScreeningHit(svc, actorOf(res), String(req.params.caseId), req.body));
  });

  router.post('/v1/screening/match', authenticate, json, async (req, res) => {
    res.json(await screenName(svc, actorOf(res), req.body));
  });

  return router;
}
