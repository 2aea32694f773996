import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { activeDecisionPolicy } from './policy.repository';
import { decisionPolicyView, type DecisionPolicyView } from './policy-views';

/** The tenant's active decision policy (the default, stored as version 1, when it never had one). */
export async function getDecisionPolicy(svc: Services, actor: Actor): Promise<DecisionPolicyView> {
  authorize(actor, 'policy:read');
  return decisionPolicyView(await activeDecisionPolicy(forTenant(svc.db, actor), svc.clock.now()));
}
