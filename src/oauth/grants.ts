import { randomUUID } from 'node:crypto';
import { IsNull } from 'typeorm';
import type { Tx } from '../db/transaction';
import { randomToken, sha256Hex } from '../security/tokens';
import { announceRevocationAfterCommit } from '../access/index';
import type { Scope } from './oauth-client.entity';
import { OAuthGrant } from './oauth-grant.entity';
import { OAuthRefreshToken } from './oauth-refresh-token.entity';

/** Refresh-token lifetime: 30 days from issue; each rotation starts a new 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** Creates a connected app (grant) for one member's consent to one connector. */
export async function createGrant(
  tx: Tx, input: { orgId: string; memberId: string; clientId: string; scopes: Scope[]; resources: string[]; now: Date },
): Promise<string> {
  const id = randomUUID();
  await tx.manager.insert(OAuthGrant, {
    id, orgId: input.orgId, memberId: input.memberId, clientId: input.clientId, scopes: input.scopes, resources: input.resources,
    createdAt: input.now, lastUsedAt: input.now, revokedAt: null,
  });
  return id;
}

/** Issues a refresh token of a grant; only its hash is stored. */
export async function issueRefreshToken(tx: Tx, input: { grantId: string; orgId: string; now: Date }): Promise<string> {
  const token = randomToken(32);
  await tx.manager.insert(OAuthRefreshToken, {
    tokenHash: sha256Hex(token), grantId: input.grantId, orgId: input.orgId,
    expiresAt: new Date(input.now.getTime() + REFRESH_TOKEN_TTL_MS), rotatedAt: null, revokedAt: null, createdAt: input.now,
  });
  return token;
}

/**
 * Revokes a grant and every refresh token of it. Its access tokens fail on their next call: the bearer
 * check reads the grant live, and every process's cache of that check is flushed after commit.
 */
export async function revokeGrant(tx: Tx, input: { orgId: string; grantId: string; now: Date }): Promise<void> {
  announceRevocationAfterCommit(tx);
  await tx.manager.update(OAuthGrant, { orgId: input.orgId, id: input.grantId, revokedAt: IsNull() }, { revokedAt: input.now });
  await tx.manager.update(OAuthRefreshToken, { orgId: input.orgId, grantId: input.grantId, revokedAt: IsNull() }, { revokedAt: input.now });
}
