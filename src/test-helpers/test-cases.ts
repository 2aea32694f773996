import type { Actor, TokenActor } from '../access/index';
import { casePksOfMode, findCaseRow, type CaseRecord } from '../cases/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { requireTestPrincipal } from './require-test-principal';

/**
 * The test case a helper works on: the caller must be a test principal (requireTestPrincipal), and the case a test
 * case of its tenant (read through the caller's handle, which sees its own mode only: a live case, another tenant's
 * and a missing one are the same not_found).
 */
export async function testCaseOf(svc: Services, actor: Actor, caseId: string): Promise<{ actor: TokenActor; c: CaseRecord }> {
  requireTestPrincipal(actor);
  const c = await findCaseRow(forTenant(svc.db, actor), caseId);
  return { actor, c };
}

/**
 * Of these cases of the tenant, the test cases: what the test clock may act on (reminders, retention; SLA
 * clocks carry their mode themselves), so that advancing it never touches live data.
 */
export async function testCasesAmong(svc: Services, orgId: string, casePks: readonly number[]): Promise<number[]> {
  return casePksOfMode(forTenant(svc.db, orgId), casePks, 'test');
}
