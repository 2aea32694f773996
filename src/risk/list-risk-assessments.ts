import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { latestRiskAssessmentsOf } from './risk.repository';
import { riskAssessmentView, type RiskAssessmentView } from './risk-views';

/** The latest assessment of each case named (null for a case without one), in the order asked: for the console's per-request loaders. */
export async function latestRiskAssessments(svc: Services, actor: Actor, caseIds: string[]): Promise<(RiskAssessmentView | null)[]> {
  authorize(actor, 'cases:read');
  const rows = await latestRiskAssessmentsOf(forTenant(svc.db, actor), caseIds);
  const byCase = new Map(rows.map((r) => [r.caseId, riskAssessmentView(r)]));
  return caseIds.map((id) => byCase.get(id) ?? null);
}
