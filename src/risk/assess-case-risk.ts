import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { StepGuard } from '../step-guard';
import type { Services } from '../services';
import { assessRiskInTx } from './assess-risk';
import { lockCaseRow } from './risk.repository';
import type { RiskAssessmentView } from './risk-views';

/**
 * The pipeline's risk step: assesses a case under the tenant's active risk model (assessedBy
 * `system`), stores the assessment with its factor breakdown, updates cases.risk_score / risk_band and
 * records risk.assessed, in one transaction. With a guard that says the step is done it writes nothing
 * and returns null. Without a guard a second run is a refresh: a new assessment and a new risk.assessed.
 */
export async function assessCaseRisk(
  svc: Services, actor: Actor, ref: { orgId: string; casePk: number }, guard?: StepGuard,
): Promise<RiskAssessmentView | null> {
  authorize(actor, 'risk:assess');
  if (actor.orgId !== ref.orgId) throw DomainError.notFound('Case');
  return inTransaction(svc, async (tx) => {
    if (guard && !(await guard.claim(tx))) return null;
    if (!(await lockCaseRow(forTenant(tx.manager, ref.orgId), ref.casePk))) throw DomainError.notFound('Case');
    const view = await assessRiskInTx(tx, ref.orgId, ref.casePk, 'system');
    await guard?.done(tx);
    return view;
  });
}
