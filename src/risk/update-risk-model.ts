import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { lockTenant } from '../tenants/index';
import { activeRiskModel, insertRiskModelVersion } from './risk.repository';
import { riskModelView, type RiskModelView } from './risk-views';
import { validateRiskModel } from './validate-risk-model';

/**
 * A compliance admin edits the risk model: the definition is checked field by field
 * (validation_failed with every problem's path), stored as a new version (the new active configId)
 * and written to the configuration audit log with the previous and new versions. Cases keep the
 * assessments they have; recomputeRisk re-scores one under the new version.
 */
export async function updateRiskModel(svc: Services, actor: Actor, definition: unknown): Promise<RiskModelView> {
  authorize(actor, 'risk:configure');
  const valid = validateRiskModel(definition);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    // The tenant row lock orders concurrent edits: each gets the next version.
    await lockTenant(tx.manager, actor.orgId);
    const now = svc.clock.now();
    const previous = await activeRiskModel(db, now);
    const created = await insertRiskModelVersion(db, valid, auditName(actor), now);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'risk_model.updated',
      details: { configId: created.id, version: created.version, previousConfigId: previous.id, previousVersion: previous.version },
      at: now,
    });
    return riskModelView(created);
  });
}
