import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, type Tx } from '../db/transaction';
import { DomainError } from '../errors';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { elevatedScopeRefusal } from './create-api-client';
import { OAuthClient } from './oauth-client.entity';

/** How long the previous secret keeps working after a rotation unless it is retired sooner. */
export const PREVIOUS_SECRET_GRACE_MS = 7 * 24 * 3600_000;

/** The tenant's live API client, locked for update; not_found otherwise (another tenant's, a connector, revoked). */
async function lockApiClient(tx: Tx, orgId: string, clientId: string): Promise<OAuthClient> {
  const client = await tx.manager.findOne(OAuthClient, { where: { orgId, id: clientId }, lock: { mode: 'pessimistic_write' } });
  if (!client || client.kind !== 'api' || client.revokedAt) throw DomainError.notFound('Client');
  return client;
}

/**
 * Rotation without downtime: a new secret (shown this once) replaces the current one, which stays
 * accepted as the previous secret for PREVIOUS_SECRET_GRACE_MS or until retirePreviousApiClientSecret.
 * A second rotation replaces the previous secret. Credentials holding an elevated scope need a
 * compliance admin (whoever rotates learns a working secret). Audited.
 */
export async function rotateApiClientSecret(
  svc: Services, actor: Actor, input: { clientId: string },
): Promise<{ clientId: string; clientSecret: string; previousSecretExpiresAt: Date }> {
  authorize(actor, 'credentials:manage');
  requireStepUp(actor);
  const clientSecret = randomToken(32);
  const now = svc.clock.now();
  const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS);
  await inTransaction(svc, async (tx) => {
    const client = await lockApiClient(tx, actor.orgId, input.clientId);
    const refusal = elevatedScopeRefusal(actor, client.scopes);
    if (refusal) throw refusal;
    await tx.manager.update(OAuthClient, { orgId: actor.orgId, id: client.id }, {
      secretHash: sha256Hex(clientSecret), previousSecretHash: client.secretHash, previousSecretExpiresAt, secretRotatedAt: now,
    });
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'api_client.secret_rotated',
      details: { clientId: client.id, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() }, at: now,
    });
  });
  return { clientId: input.clientId, clientSecret, previousSecretExpiresAt };
}

/** Ends the previous secret of a rotation at once (the current one goes on). Idempotent; audited. */
export async function retirePreviousApiClientSecret(svc: Services, actor: Actor, input: { clientId: string }): Promise<{ retired: true }> {
  authorize(actor, 'credentials:manage');
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    const client = await lockApiClient(tx, actor.orgId, input.clientId);
    if (client.previousSecretHash === null) return;
    await tx.manager.update(OAuthClient, { orgId: actor.orgId, id: client.id }, { previousSecretHash: null, previousSecretExpiresAt: null });
    await recordAudit(tx, { orgId: actor.orgId, actor: auditName(actor), action: 'api_client.previous_secret_retired', details: { clientId: client.id }, at: now });
  });
  return { retired: true };
}
