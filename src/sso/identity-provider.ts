import * as oidc from 'openid-client';
import { openSecret } from '../security/index';
import type { Services } from '../platform/index';
import { clientSecretAad } from './sso-connection';
import type { SsoConnectionRow } from './sso-connections.repository';

/**
 * The relying party's side of a tenant's identity provider (openid-client): discovery of its metadata,
 * kept per connection version for 10 minutes in this process, with the connection's client secret
 * (client_secret_basic, or client_secret_post when the provider supports only that).
 */

/** How long discovered metadata is reused before the provider is asked again: 10 minutes. */
const METADATA_TTL_MS = 10 * 60_000;
/** The budget of each call to the identity provider, seconds. */
export const IDP_TIMEOUT_SECONDS = 10;
const cache = new Map<string, { config: oidc.Configuration; until: number }>();

/** Options of every request to the provider: the timeout, and plain http only where SSO_ALLOW_HTTP_ISSUERS allows it. */
function requestOptions(svc: Services): oidc.DiscoveryRequestOptions {
  return { timeout: IDP_TIMEOUT_SECONDS, execute: svc.config.ssoAllowHttpIssuers ? [oidc.allowInsecureRequests] : [] };
}

/** The provider's configuration for a connection: discovery (its issuer must be the configured one), cached by connection version. */
export async function providerOf(svc: Services, c: SsoConnectionRow): Promise<oidc.Configuration> {
  const key = `${c.orgId}:${c.updatedAt.getTime()}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.config;
  const secret = openSecret(svc.config.secretsKeys, { keyId: c.secretKeyId, ciphertext: c.secretCiphertext }, clientSecretAad(c.orgId));
  const discovered = await oidc.discovery(new URL(c.issuerUrl), c.clientId, undefined, oidc.None(), requestOptions(svc));
  const metadata = discovered.serverMetadata();
  // client_secret_basic is the default of OpenID Connect; post only for a provider that says it supports nothing else.
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth = methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post') ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret);
  const config = new oidc.Configuration(metadata, c.clientId, secret, auth);
  config.timeout = IDP_TIMEOUT_SECONDS;
  if (svc.config.ssoAllowHttpIssuers) oidc.allowInsecureRequests(config);
  return remember(key, config, now);
}

function remember(key: string, config: oidc.Configuration, now: number): oidc.Configuration {
  if (cache.size > 500) cache.delete(cache.keys().next().value!);
  cache.set(key, { config, until: now + METADATA_TTL_MS });
  return config;
}

/** Discovery alone, uncached, for "Test connection": the metadata, or the error that stopped it. */
export async function discoverForTest(svc: Services, issuerUrl: string, clientId: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(issuerUrl), clientId, undefined, oidc.None(), requestOptions(svc));
}

export { oidc };
