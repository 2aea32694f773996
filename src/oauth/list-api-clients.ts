import { IsNull } from 'typeorm';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { OAuthClient } from './oauth-client.entity';
import type { ApiClientView } from './oauth.wire';

/** The actor's tenant's pull-API clients that are not revoked, oldest first. */
export async function listApiClients(svc: Services, actor: Actor): Promise<ApiClientView[]> {
  authorize(actor, 'credentials:read');
  const rows = await svc.db.manager.find(OAuthClient, {
    where: { orgId: actor.orgId, kind: 'api', revokedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' },
  });
  return rows.map((c) => ({
    clientId: c.id, name: c.name, scopes: c.scopes, createdAt: c.createdAt.toISOString(), lastUsedAt: c.lastUsedAt ? c.lastUsedAt.toISOString() : null,
  }));
}
