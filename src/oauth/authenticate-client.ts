import { crossTenant } from '../db/cross-tenant';
import { safeEqual, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { toClientInfo, type OAuthClientInfo } from './client-info';
import { findMetadataDocumentClient, isMetadataDocumentClientId } from './client-metadata-document';
import { previousSecretLive } from './list-api-clients';
import { OAuthClient } from './oauth-client.entity';
import { OAuthError } from './oauth.errors';

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Authenticates a client at the token and revocation endpoints. A confidential client proves its
 * 256-bit secret (compared by hash in constant time), or, after a rotation, its previous secret until
 * that is retired or expires; a public connector presents client_id alone. A metadata-document client
 * (client_id an https URL) is a public connector known once a member consented to it.
 * Unknown, revoked, expired and wrong-secret clients fail alike: invalid_client.
 */
export async function authenticateClient(
  svc: Services,
  input: { clientId: string; clientSecret: string | null },
): Promise<OAuthClientInfo> {
  const fail = () => new OAuthError('invalid_client', 'Client authentication failed.');
  const client = isMetadataDocumentClientId(input.clientId)
    ? await findMetadataDocumentClient(svc, input.clientId)
    : CLIENT_ID.test(input.clientId) ? await crossTenant(svc.db.manager, 'token-lookup').findOneBy(OAuthClient, { id: input.clientId }) : null;
  // Hash even when the client is unknown, so the answer takes the same time either way.
  const presented = sha256Hex(input.clientSecret ?? '');
  if (!client || client.revokedAt) throw fail();
  const now = svc.clock.now();
  if (client.expiresAt && client.expiresAt.getTime() <= now.getTime()) throw fail();
  if (client.secretHash === null) {
    if (input.clientSecret !== null) throw fail();
  } else {
    const current = safeEqual(presented, client.secretHash);
    const previous = previousSecretLive(client, now) && safeEqual(presented, client.previousSecretHash!);
    if (input.clientSecret === null || !(current || previous)) throw fail();
  }
  return toClientInfo(client);
}
