import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { lockTenant } from './find-tenant';
import { toOrganisationSettings, type OrganisationSettings } from './organisation-settings';
import { Tenant } from './tenant.entity';

/** Why zero retention cannot be switched on: it is a promise about the full-parity data package. */
export const ZERO_RETENTION_NEEDS_FULL_PARITY_MESSAGE =
  'Zero retention needs full-parity egress: the personal data is purged only after the full case file was delivered, so full-parity egress must be unlocked and switched on first.';

/**
 * Switches zero retention on or off for the actor's tenant (compliance_admin; zero_retention:toggle),
 * with an audit line naming the previous value. While on, a case's personal data is purged once every
 * endpoint subscribed to its case.data_package.delivered answered that delivery with a 2xx (src/retention).
 * Switching on needs full-parity egress entitled and enabled (else validation_failed). Only packages
 * recorded while it is on count (`zeroRetentionSince`): switching on never purges cases decided before.
 * Setting the current value again changes nothing and writes no line.
 */
export async function setZeroRetention(svc: Services, actor: Actor, input: { enabled: boolean }): Promise<OrganisationSettings> {
  authorize(actor, 'zero_retention:toggle');
  requireStepUp(actor);
  if (typeof input.enabled !== 'boolean') throw DomainError.validation([{ path: 'enabled', message: 'must be true or false' }]);
  return inTransaction(svc, async (tx) => {
    const tenant = await lockTenant(tx.manager, actor.orgId);
    if (input.enabled && !(tenant.fullParityEntitled && tenant.fullParityEnabled)) {
      throw DomainError.validation([{ path: 'enabled', message: ZERO_RETENTION_NEEDS_FULL_PARITY_MESSAGE }]);
    }
    if (tenant.zeroRetention === input.enabled) return toOrganisationSettings(tenant);
    const now = svc.clock.now();
    const since = input.enabled ? now : null;
    await tx.manager.update(Tenant, { id: tenant.id }, { zeroRetention: input.enabled, zeroRetentionSince: since, updatedAt: now });
    await recordAudit(tx, {
      orgId: tenant.id, actor: auditName(actor), action: 'zero_retention.set', details: { enabled: input.enabled, previous: tenant.zeroRetention }, at: now,
    });
    return toOrganisationSettings(Object.assign(tenant, { zeroRetention: input.enabled, zeroRetentionSince: since }));
  });
}
