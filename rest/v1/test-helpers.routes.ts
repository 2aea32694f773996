import { Router, type RequestHandler } from 'express';
import type { Services } from '../../src/platform/index';
import {
  advanceTestClock, decideTestCase, raiseTestMonitoringAlert, recordTestScreeningHit, submitTestApplication, verifyTestIdentity,
} from '../../src/test-helpers/index';
import { actorOf } from './bearer-auth';

/** The case helpers, by the path segment after /v1/test_helpers/cases/{caseId}/. */
const CASE_HELPERS = {
  submit: submitTestApplication,
  verify_identity: verifyTestIdentity,
  screening_hit: recordTestScreeningHit,
  decide: decideTestCase,
  monitoring_alert: raiseTestMonitoringAlert,
} as const;

/**
 * /v1/test_helpers/*: the test helpers (src/test-helpers), for test credentials with the opt-in scope
 * test_helpers. Each case helper answers the case as GET /v1/cases/{caseId} does; the clock answers the clock.
 */
export function testHelpersRoutes(svc: Services, authenticate: RequestHandler, json: RequestHandler): Router {
  const router = Router();
  for (const [step, helper] of Object.entries(CASE_HELPERS)) {
    router.post(`/v1/test_helpers/cases/:caseId/${step}`, authenticate, json, async (req, res) => {
      res.json(await helper(svc, actorOf(res), String(req.params.caseId), req.body));
    });
  }
  router.post('/v1/test_helpers/clock/advance', authenticate, json, async (req, res) => {
    res.json(await advanceTestClock(svc, actorOf(res), req.body));
  });
  return router;
}
