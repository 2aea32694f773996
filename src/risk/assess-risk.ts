import { forTenant } from '../db/index';
import { setCaseRisk } from '../cases/index';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import { runHookInTx } from '../platform/index';
import { loadCaseFacts } from './case-facts.repository';
import { RISK_ASSESSED } from './risk-assessed.hook';
import { activeRiskModel, insertRiskAssessment } from './risk.repository';
import type { RiskAssessmentView } from './risk-views';
import { scoreRisk } from './score-risk';

/**
 * The risk engine's work inside the caller's transaction, the case row already locked: scores the
 * case under the tenant's active model (stored as version 1 on first use), stores the assessment with
 * its breakdown, keeps the band and score on the case, records risk.assessed (delivered after
 * `orderedAfter` when given: a verdict's consequence), and runs the RISK_ASSESSED hook in this
 * transaction (src/edd reacts by adding the EDD requirements the decision policy asks for at that band).
 */
export async function assessRiskInTx(
  tx: Tx, orgId: string, casePk: number, assessedBy: string, options: { orderedAfter?: string } = {},
): Promise<RiskAssessmentView> {
  const db = forTenant(tx.manager, orgId);
  const now = tx.services.clock.now();
  const model = await activeRiskModel(db, now);
  const facts = await loadCaseFacts(db, casePk);
  if (!facts) throw new Error(`assessRiskInTx: case ${casePk} is not in tenant ${orgId}`);
  const result = scoreRisk(model.definition, facts);
  const assessmentId = await insertRiskAssessment(db, casePk, {
    configId: model.id, compositeScore: result.compositeScore, band: result.band, bandLabel: result.bandLabel, factors: result.factors, assessedBy, assessedAt: now,
  });
  await setCaseRisk(db, casePk, result.compositeScore, result.band, now);
  await recordEvent(tx, {
    orgId,
    type: 'risk.assessed',
    case: { pk: casePk },
    fields: {
      assessmentId, configId: model.id, compositeScore: result.compositeScore, bandId: result.band, bandLabel: result.bandLabel,
      assessedBy, assessedAt: now.toISOString(),
    },
    ...(options.orderedAfter ? { orderedAfter: options.orderedAfter } : {}),
  });
  await runHookInTx(tx, RISK_ASSESSED, { orgId, casePk, band: result.band });
  return {
    assessmentId, configId: model.id, compositeScore: result.compositeScore, band: result.band, bandLabel: result.bandLabel, factors: result.factors,
    assessedBy, assessedAt: now.toISOString(),
  };
}
