import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { NO_SLA_POLICY, type SlaPolicyView } from './sla-policy';
import { findPolicy } from './sla.repository';

/** The tenant's SLA policy (analysts read it); without one, no targets (updatedAt null). */
export async function getSlaPolicy(svc: Services, actor: Actor): Promise<SlaPolicyView> {
  authorize(actor, 'sla:read');
  return (await findPolicy(forTenant(svc.db, actor))) ?? { ...NO_SLA_POLICY, updatedAt: null, updatedBy: null };
}
