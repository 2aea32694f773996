import type { TokenActor } from '../access/index';
import { getCase, type CaseDetailView } from '../decisions/index';
import type { Services } from '../services';

/**
 * What a case helper answers: the case as GET /v1/cases/{caseId} shows it to a holder of read:cases (without
 * fullParity), whatever else the test credential may read.
 */
export function testCaseAnswer(svc: Services, actor: TokenActor, caseId: string): Promise<CaseDetailView> {
  return getCase(svc, { ...actor, scopes: ['read:cases'] }, caseId);
}
