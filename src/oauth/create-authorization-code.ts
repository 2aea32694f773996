import { inTransaction } from '../db/transaction';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import type { SignedInMember } from '../sessions/index';
import type { OAuthClientInfo } from './client-info';
import { saveMetadataDocumentClient } from './client-metadata-document';
import type { Scope } from './oauth-client.entity';
import { OAuthCode } from './oauth-code.entity';

/** Authorization codes live 60 seconds and are single use. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

/**
 * The member allowed the connector on the consent screen: a code bound to the client, the member's
 * tenant, the exact redirect URI, the scopes, the resources and the PKCE challenge. Only its hash is stored.
 */
export async function createAuthorizationCode(
  svc: Services,
  input: { client: OAuthClientInfo; member: SignedInMember; redirectUri: string; scopes: Scope[]; codeChallenge: string; resources: string[] },
): Promise<string> {
  const code = randomToken(32);
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    // A connector known by its metadata document becomes a stored client only now, when a member consents.
    await saveMetadataDocumentClient(tx, input.client, now);
    await tx.manager.insert(OAuthCode, {
      codeHash: sha256Hex(code), clientId: input.client.id, orgId: input.member.orgId, memberId: input.member.id,
      redirectUri: input.redirectUri, scopes: input.scopes, codeChallenge: input.codeChallenge, resources: input.resources, grantId: null,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS), usedAt: null, createdAt: now,
    });
  });
  return code;
}
