import type { ServiceOperator } from '../access/index';
import { inTransaction } from '../db/transaction';
import type { ValidationDetail } from '../errors';
import { randomToken, sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { requireText, throwIfAny } from '../validation';
import { OAuthClient, SCOPES } from './oauth-client.entity';

/**
 * Registers an AI-assistant connector (operator action). Redirect URIs are matched exactly at
 * authorize time; they must be https, or http on a loopback host (RFC 8252 native apps).
 */
export async function registerConnector(
  svc: Services,
  _operator: ServiceOperator,
  input: { name: string; redirectUris: string[]; public: boolean },
): Promise<{ clientId: string; clientSecret: string | null }> {
  const details: ValidationDetail[] = [];
  const name = requireText(details, 'name', input.name, 200);
  if (!input.redirectUris.length) details.push({ path: 'redirectUris', message: 'at least one redirect URI is required' });
  input.redirectUris.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) details.push({ path: `redirectUris[${i}]`, message: problem });
  });
  throwIfAny(details);
  const clientId = `con_${randomToken(16)}`;
  const clientSecret = input.public ? null : randomToken(32);
  await inTransaction(svc, (tx) =>
    tx.manager.insert(OAuthClient, {
      id: clientId, orgId: null, kind: 'connector', name, secretHash: clientSecret ? sha256Hex(clientSecret) : null,
      scopes: [...SCOPES], redirectUris: input.redirectUris, createdAt: svc.clock.now(), lastUsedAt: null, revokedAt: null,
    }),
  );
  return { clientId, clientSecret };
}

/** Why a redirect URI may not be registered, in words; null when it may. */
export function redirectUriProblem(uri: string): string | null {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (u.hash) return 'must not contain a fragment';
  if (u.username || u.password) return 'must not contain credentials';
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback)) return 'must be https (http only on a loopback host)';
  return null;
}
