import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { DomainError, type Services } from '../platform/index';
import { discoverForTest, IdpRequestFailed, providerOf, UNSAFE_ISSUER_MESSAGE } from './identity-provider';
import { findConnection } from './sso-connections.repository';

/** What "Test connection" found: ok, or what is wrong in words an admin can act on. */
export interface SsoConnectionTest {
  ok: boolean;
  message: string;
  /** The issuer the provider's metadata names (when discovery got that far). */
  issuer: string | null;
}

/**
 * Runs discovery against the saved connection's issuer (admin; changes nothing, so no step-up and no audit
 * line): the metadata must be reachable JSON naming the configured issuer, with an authorization and a token
 * endpoint, the `code` response type, S256 PKCE and a JWKS, and the sealed secret must open. `not_found` without
 * a connection.
 */
export async function testSsoConnection(svc: Services, actor: Actor): Promise<SsoConnectionTest> {
  authorize(actor, 'sso:configure');
  const row = await findConnection(forTenant(svc.db.manager, actor));
  if (!row) throw DomainError.notFound('SSO connection');
  let metadata;
  try {
    metadata = (await discoverForTest(svc, row.issuer, row.clientId)).serverMetadata();
  } catch (err) {
    return { ok: false, issuer: null, message: discoveryProblem(row.issuer, err) };
  }
  const fail = (message: string): SsoConnectionTest => ({ ok: false, issuer: metadata.issuer, message });
  if (!metadata.authorization_endpoint) return fail('The provider\'s metadata has no authorization_endpoint.');
  if (!metadata.token_endpoint) return fail('The provider\'s metadata has no token_endpoint.');
  if (!metadata.jwks_uri) return fail('The provider\'s metadata has no jwks_uri, so its ID tokens cannot be verified.');
  if (metadata.response_types_supported && !metadata.response_types_supported.includes('code')) return fail('The provider does not support the authorization code flow (response type "code").');
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes('S256')) {
    return fail('The provider does not support PKCE with S256, which sign-in requires.');
  }
  try {
    await providerOf(svc, row);
  } catch {
    return fail('The stored client secret cannot be opened (was SECRETS_KEY changed?). Enter the client secret again.');
  }
  return { ok: true, issuer: metadata.issuer, message: `Discovery works: ${metadata.issuer} answers with its sign-in and token endpoints and its keys.` };
}

/** Discovery's failure in words: refused by the outbound guard, unreachable, not JSON, or another issuer. */
function discoveryProblem(issuer: string, err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown };
  const where = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const outbound = err instanceof IdpRequestFailed ? err : e.cause instanceof IdpRequestFailed ? e.cause : null;
  if (outbound?.kind === 'unsafe') return `${where} was not called: the issuer ${UNSAFE_ISSUER_MESSAGE}.`;
  if (outbound) return `${where} could not be reached: ${outbound.message}`;
  if (e.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || /issuer/i.test(e.message ?? '')) {
    return `The metadata at ${where} names another issuer: the issuer must be exactly the provider's issuer identifier.`;
  }
  if (e.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || e.code === 'OAUTH_PARSE_ERROR' || /status code|JSON/i.test(e.message ?? '')) {
    return `${where} did not answer with OpenID Connect metadata (check the issuer).`;
  }
  if (e.name === 'TimeoutError' || e.code === 'OAUTH_TIMEOUT' || /abort|timeout/i.test(e.message ?? '')) return `${where} did not answer in time.`;
  return `${where} could not be reached (${(e.cause as { code?: string } | undefined)?.code ?? e.code ?? 'network error'}).`;
}
