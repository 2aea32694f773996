import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { forTenant, inTransaction } from '../db/index';
import { DomainError, type Services } from '../platform/index';
import { lockTenant, writeSsoRequired } from '../tenants/index';
import { deleteConnection } from './sso-connections.repository';

/**
 * Removes the tenant's SSO connection (admin, step-up, audited `sso.connection_removed`): its sealed secret
 * and domains go, "SSO required" goes off, and members sign in with their passwords again (those provisioned
 * just in time have none: they choose one with "Forgot your password?"). `not_found` when there is none.
 */
export async function removeSsoConnection(svc: Services, actor: Actor): Promise<void> {
  authorize(actor, 'sso:configure');
  requireStepUp(actor);
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (!(await deleteConnection(forTenant(tx.manager, actor)))) throw DomainError.notFound('SSO connection');
    if (tenant.ssoRequired) await writeSsoRequired(tx.manager, actor.orgId, false, now);
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'sso.connection_removed', details: { ssoRequiredWas: tenant.ssoRequired }, at: now });
  });
}
