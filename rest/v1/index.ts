import express, { Router, type RequestHandler } from 'express';
import type { Services } from '../../src/platform/index';
import { casesRoutes } from './cases.routes';
import { crmRecordIdRoutes } from './crm-record-id.routes';
import { documentsRoutes } from './documents.routes';
import { eventsRoutes } from './events.routes';
import { evidenceRoutes } from './evidence.routes';
import { buildOpenApi } from './openapi';
import { testHelpersRoutes } from './test-helpers.routes';
import { webhooksRoutes } from './webhooks.routes';

/** Request bodies on /v1: JSON only, at most 64 KiB (413 payload_too_large above). */
export const BODY_LIMIT = '64kb';
/** POST /v1/cases/batch takes up to 500 case bodies: at most 1 MiB. */
export const BATCH_BODY_LIMIT = '1mb';

export interface V1Options {
  /** The bearer check: sets res.locals.actor or answers 401/429. */
  authenticate: RequestHandler;
}

/**
 * The pull API and case creation under /v1, the OpenAPI document, and the crm-record-id route.
 * Every response is tenant data: never cached by intermediaries.
 */
export function v1Routes(svc: Services, options: V1Options): Router {
  const doc = buildOpenApi(svc.config);
  const docJson = JSON.stringify(doc);
  const json = express.json({ limit: BODY_LIMIT, strict: true });
  const router = Router();
  router.get('/v1/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(docJson);
  });
  router.use('/v1', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(casesRoutes(svc, doc, options.authenticate, json, express.json({ limit: BATCH_BODY_LIMIT, strict: true })));
  router.use(documentsRoutes(svc, doc, options.authenticate));
  router.use(eventsRoutes(svc, doc, options.authenticate));
  router.use(evidenceRoutes(svc, options.authenticate));
  router.use(webhooksRoutes(svc, doc, options.authenticate, json));
  router.use(crmRecordIdRoutes(svc, options.authenticate, json));
  router.use(testHelpersRoutes(svc, options.authenticate, json));
  return router;
}

export { buildOpenApi };
