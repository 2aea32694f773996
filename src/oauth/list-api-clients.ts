import { IsNull } from 'typeorm';
import { authorize, restrictedMode, type Actor } from '../access/index';
import type { Services } from '../services';
import { Member } from '../tenants/index';
import { OAuthClient } from './oauth-client.entity';
import type { ApiClientView } from './oauth.wire';

/**
 * The actor's tenant's pull-API clients that are not revoked, oldest first, with who created them: those of the
 * actor's mode (a console member sees the test credentials while their console shows test data); the operator all.
 */
export async function listApiClients(svc: Services, actor: Actor): Promise<ApiClientView[]> {
  authorize(actor, 'credentials:read');
  const rows = await svc.db.manager.find(OAuthClient, {
    where: { orgId: actor.orgId, kind: 'api', revokedAt: IsNull(), ...(restrictedMode(actor) ? { mode: restrictedMode(actor) } : {}) }, order: { createdAt: 'ASC', id: 'ASC' },
  });
  const creatorIds = [...new Set(rows.map((c) => c.createdByMemberId).filter((id): id is string => id !== null))];
  const creators = new Map(
    (creatorIds.length ? await svc.db.manager.findBy(Member, creatorIds.map((id) => ({ orgId: actor.orgId, id }))) : []).map((m) => [m.id, m]),
  );
  const now = svc.clock.now();
  return rows.map((c) => {
    const creator = c.createdByMemberId ? creators.get(c.createdByMemberId) : undefined;
    return {
      clientId: c.id, name: c.name, scopes: c.scopes, mode: c.mode, createdAt: c.createdAt.toISOString(), lastUsedAt: c.lastUsedAt ? c.lastUsedAt.toISOString() : null,
      expiresAt: c.expiresAt ? c.expiresAt.toISOString() : null,
      previousSecretExpiresAt: previousSecretLive(c, now) ? c.previousSecretExpiresAt!.toISOString() : null,
      createdBy: creator ? { memberId: creator.id, email: creator.email, name: creator.name, removed: creator.removedAt !== null } : null,
    };
  });
}

/** Whether a client's previous secret (kept after a rotation) is still accepted at `now`. */
export function previousSecretLive(c: Pick<OAuthClient, 'previousSecretHash' | 'previousSecretExpiresAt'>, now: Date): boolean {
  return c.previousSecretHash !== null && c.previousSecretExpiresAt !== null && c.previousSecretExpiresAt.getTime() > now.getTime();
}
