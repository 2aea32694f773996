import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { getSlaPolicy } from './get-sla-policy';
import { mailAtRiskOwners } from './at-risk.mail';
import { refreshAllCaseSlas } from './refresh-case-slas';
import { validateSlaPolicy, type SetSlaPolicyInput, type SlaPolicyView } from './sla-policy';
import { upsertPolicy } from './sla.repository';

/**
 * Sets the tenant's SLA policy (compliance_admin; audited as sla_policy.updated), then looks at every open
 * case again: clocks keep their start, and take the new targets, business hours and pausing. Returns the
 * policy as `slaPolicy` shows it.
 */
export async function setSlaPolicy(svc: Services, actor: Actor, input: SetSlaPolicyInput): Promise<SlaPolicyView> {
  authorize(actor, 'sla:configure');
  const policy = validateSlaPolicy(input);
  const orgId = actor.orgId;
  await inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    await upsertPolicy(forTenant(tx.manager, actor), policy, auditName(actor), now);
    await recordAudit(tx, {
      orgId, actor: auditName(actor), action: 'sla_policy.updated',
      details: { targets: policy.targets, businessHours: policy.businessHours, pauseWhileAwaitingCustomer: policy.pauseWhileAwaitingCustomer },
      at: now,
    });
  });
  await refreshAllCaseSlas(svc, orgId, policy);
  await mailAtRiskOwners(svc, orgId);
  return getSlaPolicy(svc, actor);
}
