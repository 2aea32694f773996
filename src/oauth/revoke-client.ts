import { IsNull } from 'typeorm';
import { auditName, authorize, requireStepUp, type Actor, type ServiceOperator } from '../access/index';
import { crossTenant } from '../db/cross-tenant';
import { inTransaction } from '../db/transaction';
import { recordAudit } from '../audit/record-audit';
import { announceRevocationAfterCommit } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { OAuthClient } from './oauth-client.entity';
import { OAuthGrant } from './oauth-grant.entity';
import { OAuthRefreshToken } from './oauth-refresh-token.entity';

/**
 * Revokes a client: its access tokens fail on their next call (the bearer check looks the client up)
 * and every grant and refresh token it holds is revoked. A tenant's caller may revoke the tenant's own API
 * clients (another tenant's or a connector is not_found); the service operator may revoke any client.
 */
export async function revokeClient(svc: Services, actor: Actor | ServiceOperator, input: { clientId: string }): Promise<{ revoked: true }> {
  if (actor.kind !== 'service_operator') authorize(actor, 'credentials:manage');
  if (actor.kind !== 'service_operator') requireStepUp(actor);
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    // The operator's revocation reaches any client, and a connector's grants in every tenant.
    const operator = crossTenant(tx.manager, 'service-operator');
    const lock = { mode: 'pessimistic_write' } as const;
    const client = actor.kind === 'service_operator'
      ? await operator.findOne(OAuthClient, { where: { id: input.clientId }, lock })
      : await tx.manager.findOne(OAuthClient, { where: { orgId: actor.orgId, id: input.clientId, kind: 'api' }, lock });
    if (!client) throw DomainError.notFound('Client');
    if (!client.revokedAt) await tx.manager.update(OAuthClient, { orgId: client.orgId ?? IsNull(), id: client.id }, { revokedAt: now });
    announceRevocationAfterCommit(tx);
    const grants = client.orgId
      ? await tx.manager.find(OAuthGrant, { where: { orgId: client.orgId, clientId: client.id, revokedAt: IsNull() } })
      : await operator.find(OAuthGrant, { where: { clientId: client.id, revokedAt: IsNull() } });
    for (const grant of grants) {
      await tx.manager.update(OAuthGrant, { orgId: grant.orgId, id: grant.id }, { revokedAt: now });
      await tx.manager.update(OAuthRefreshToken, { orgId: grant.orgId, grantId: grant.id, revokedAt: IsNull() }, { revokedAt: now });
    }
    if (client.orgId) {
      await recordAudit(tx, { orgId: client.orgId, actor: auditName(actor), action: 'api_client.revoked', details: { clientId: client.id }, at: now });
    }
  });
  return { revoked: true };
}
