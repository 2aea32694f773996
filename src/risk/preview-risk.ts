import { type TenantDb } from '../db/index';
import { loadCaseFacts } from './case-facts.repository';
import type { Band } from './risk-model';
import { activeRiskModel } from './risk.repository';
import { scoreRisk } from './score-risk';

/**
 * The band a case would get on the tenant's current model from its facts as they stand in the caller's
 * transaction, without storing anything: lets a use case know the outcome of a re-score before it
 * records the events that come first (a verdict before its risk.assessed).
 */
export async function previewCaseBand(db: TenantDb, casePk: number, now: Date): Promise<Band> {
  const orgId = db.orgId;
  const model = await activeRiskModel(db, now);
  const facts = await loadCaseFacts(db, casePk);
  if (!facts) throw new Error(`previewCaseBand: case ${casePk} is not in tenant ${orgId}`);
  return scoreRisk(model.definition, facts).band;
}
