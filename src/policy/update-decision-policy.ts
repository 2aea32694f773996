import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { lockTenant } from '../tenants/index';
import { activeDecisionPolicy, insertDecisionPolicyVersion } from './policy.repository';
import { decisionPolicyView, type DecisionPolicyView } from './policy-views';
import { validatePolicy } from './validate-policy';

/**
 * A compliance admin edits the decision policy (rules, default outcome, the age gate's minimum age and
 * individual entity types, the EDD items per band): validated with every problem's path, stored as a new version (the new
 * active policyId), and written to the configuration audit log with the previous and new versions.
 */
export async function updateDecisionPolicy(svc: Services, actor: Actor, input: unknown): Promise<DecisionPolicyView> {
  authorize(actor, 'policy:configure');
  validatePolicy(input); // every problem reported before anything is locked
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    await lockTenant(tx.manager, actor.orgId);
    const now = svc.clock.now();
    const previous = await activeDecisionPolicy(db, now);
    // An edit that leaves out the EDD items keeps the active version's.
    const valid = validatePolicy(input, previous.definition.eddItems);
    const created = await insertDecisionPolicyVersion(db, valid, auditName(actor), now);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'decision_policy.updated',
      details: {
        policyId: created.id, version: created.version, name: valid.name, previousPolicyId: previous.id, previousVersion: previous.version,
        ruleCount: valid.rules.length, minimumAge: valid.minimumAge,
      },
      at: now,
    });
    return decisionPolicyView(created);
  });
}
