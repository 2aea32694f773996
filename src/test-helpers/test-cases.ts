import type { Actor, TokenActor } from '../access/index';
import { findCaseRow, type CaseRecord } from '../cases/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { requireTestPrincipal } from './require-test-principal';

/**
 * The test case a helper works on: the caller must be a test principal (requireTestPrincipal), and the case one
 * of its tenant's (another tenant's case and a missing one are the same not_found). Test mode marks which cases
 * are test cases; a live case is to be refused here, as not_found, once it does.
 */
export async function testCaseOf(svc: Services, actor: Actor, caseId: string): Promise<{ actor: TokenActor; c: CaseRecord }> {
  requireTestPrincipal(actor);
  const c = await findCaseRow(forTenant(svc.db, actor.orgId), caseId);
  return { actor, c };
}

/**
 * Of these cases of the tenant, the test cases: what the test clock may act on (reminders, SLA emails,
 * retention), so that advancing it never touches live data. Until test mode marks test cases, a tenant's cases
 * are all taken as its test cases: this is the one place that learns the difference.
 */
export async function testCasesAmong(_svc: Services, _orgId: string, casePks: readonly number[]): Promise<number[]> {
  return [...casePks];
}
