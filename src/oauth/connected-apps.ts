import { IsNull } from 'typeorm';
import { auditName, authorize, can, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { crossTenant } from '../db/cross-tenant';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { Member } from '../tenants/index';
import { revokeGrant } from './grants';
import { OAuthClient, type Scope } from './oauth-client.entity';
import { OAuthGrant } from './oauth-grant.entity';

/** A connected app as the console's Connected Apps panel shows it. */
export interface ConnectedApp {
  grantId: string;
  clientId: string;
  appName: string;
  memberId: string;
  memberEmail: string;
  /** The member's display name, when they have one. */
  memberName: string | null;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Every live connected app of the tenant, whichever member connected it, newest first. */
export async function listConnectedApps(svc: Services, actor: Actor): Promise<ConnectedApp[]> {
  authorize(actor, 'connected_apps:read');
  const grants = await svc.db.manager.find(OAuthGrant, { where: { orgId: actor.orgId, revokedAt: IsNull() }, order: { createdAt: 'DESC', id: 'ASC' } });
  if (!grants.length) return [];
  const members = new Map((await svc.db.manager.find(Member, { where: { orgId: actor.orgId } })).map((m) => [m.id, m]));
  const clientIds = [...new Set(grants.map((g) => g.clientId))];
  // The connectors (rows of no tenant) the tenant's grants name.
  const clients = new Map((await crossTenant(svc.db.manager, 'service-operator').findBy(OAuthClient, clientIds.map((id) => ({ id })))).map((c) => [c.id, c]));
  return grants
    .filter((g) => !clients.get(g.clientId)?.revokedAt)
    .map((g) => ({
      grantId: g.id, clientId: g.clientId, appName: clients.get(g.clientId)?.name ?? g.clientId, memberId: g.memberId,
      memberEmail: members.get(g.memberId)?.email ?? '', memberName: members.get(g.memberId)?.name ?? null, scopes: g.scopes, createdAt: g.createdAt, lastUsedAt: g.lastUsedAt,
    }));
}

/**
 * Disconnects a connected app: the member who connected it may, and an admin may for anyone (so may the
 * operator). Every access and refresh token of it fails from the next call on. Audited.
 */
export async function disconnectApp(svc: Services, actor: Actor, input: { grantId: string }): Promise<{ disconnected: true }> {
  authorize(actor, 'connected_apps:disconnect');
  const orgId = actor.orgId;
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    const grant = await tx.manager.findOne(OAuthGrant, { where: { orgId, id: input.grantId }, lock: { mode: 'pessimistic_write' } });
    if (!grant) throw DomainError.notFound('Connected app');
    const own = actor.kind === 'member' && grant.memberId === actor.memberId;
    if (!own && !can(actor, 'connected_apps:disconnect_any')) {
      throw new DomainError('forbidden', "Only an admin may disconnect another member's app.");
    }
    if (grant.revokedAt) return;
    await revokeGrant(tx, { orgId, grantId: grant.id, now });
    await recordAudit(tx, {
      orgId, actor: auditName(actor), action: 'connected_app.disconnected',
      details: { grantId: grant.id, clientId: grant.clientId, memberId: grant.memberId }, at: now,
    });
  });
  return { disconnected: true };
}
