import type { Actor } from '../access/index';
import { decideCase, type CaseDetailView } from '../decisions/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { testCaseAnswer } from './case-answer';
import { testAnalystOf } from './test-analyst';
import { testCaseOf } from './test-cases';
import { TestDecideRequestSchema } from './test-helpers.wire';

/**
 * POST /v1/test_helpers/cases/{caseId}/decide: the tenant's Test analyst (a member who cannot sign in, created
 * on first use) approves or declines the case through the console's decision use case (decideCase): the
 * decision, case.decision.made (analystEmail the Test analyst's), case.status.changed and the stage
 * decision_made, and the data package where the tenant has full-parity egress. Its refusals are the analyst's:
 * invalid_transition (409) unless the case is in_review or returned, decision_blocked (409, with the blockers)
 * for an approval over open checks. Deciding the same case again is refused as for an analyst.
 */
export async function decideTestCase(svc: Services, actor: Actor, caseId: string, body: unknown): Promise<CaseDetailView> {
  const { actor: caller, c } = await testCaseOf(svc, actor, caseId);
  const input = assertSchema(TestDecideRequestSchema, body ?? {});
  await decideCase(svc, await testAnalystOf(svc, caller.orgId), { caseId: c.caseId, outcome: input.outcome, notes: input.notes ?? '' });
  return testCaseAnswer(svc, caller, c.caseId);
}
