import * as oidc from 'openid-client';
import { openSecret, resolveAndCheck, UrlCheckFailure } from '../security/index';
import type { Services } from '../platform/index';
import { clientSecretAad } from './sso-connection';
import type { SsoConnectionRow } from './sso-connections.repository';

/**
 * The relying party's side of a tenant's identity provider (openid-client): discovery of its metadata,
 * kept per connection version for 10 minutes in this process, with the connection's client secret
 * (client_secret_basic, or client_secret_post when the provider supports only that). Every request to the
 * provider (discovery, JWKS, token, userinfo) goes out through the outbound guard of webhooks (outboundFetch).
 */

/** How long discovered metadata is reused before the provider is asked again: 10 minutes. */
const METADATA_TTL_MS = 10 * 60_000;
/** The budget of each call to the identity provider, seconds. */
export const IDP_TIMEOUT_SECONDS = 10;
/** The words for an issuer whose host is at a private, loopback or metadata address. */
export const UNSAFE_ISSUER_MESSAGE = 'must not be at a private or loopback address';
const cache = new Map<string, { config: oidc.Configuration; until: number }>();

/** A request to the provider that the guard refused or that got no answer, in words (no secret in them). */
export class IdpRequestFailed extends Error {
  constructor(readonly kind: 'unsafe' | 'dns' | 'invalid' | 'network', message: string) {
    super(message);
    this.name = 'IdpRequestFailed';
  }
}

// Statuses whose Response has no body.
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * openid-client's fetch, as webhooks call out: https only; the host's addresses must all be public (the URL
 * guard, with the injected resolver; WEBHOOK_ALLOW_PRIVATE_TARGETS opens private ones for tests and demos);
 * and the webhook sender connects to the checked address and nowhere else (no second lookup, no redirect
 * followed, its 64 KiB and time budget).
 */
function outboundFetch(svc: Services): oidc.CustomFetch {
  return async (raw, options) => {
    const url = new URL(raw);
    if (url.protocol !== 'https:') throw new IdpRequestFailed('invalid', `${url.origin} is not https.`);
    let address: string;
    try {
      ({ address } = await resolveAndCheck(svc, url));
    } catch (err) {
      if (err instanceof UrlCheckFailure) throw new IdpRequestFailed(err.kind, err.kind === 'unsafe' ? `${url.host} is at a private or loopback address.` : err.message);
      throw err;
    }
    const body = options.body === undefined || options.body === null ? undefined : typeof options.body === 'string' ? options.body : options.body instanceof URLSearchParams
      ? options.body.toString() : Buffer.from(options.body as ArrayBuffer).toString('utf8');
    const answer = await svc.webhookSender.send({
      url, address, method: options.method === 'POST' ? 'POST' : 'GET', headers: options.headers, ...(body !== undefined ? { body } : {}),
      timeoutMs: IDP_TIMEOUT_SECONDS * 1000,
    });
    if (answer.status === 0) throw new IdpRequestFailed('network', answer.error ?? 'no answer');
    return new Response(NO_BODY.has(answer.status) ? null : answer.body, { status: answer.status, headers: answer.headers ?? {} });
  };
}

/** Options of discovery: the timeout, and every request through the guard. */
function requestOptions(svc: Services): oidc.DiscoveryRequestOptions {
  return { timeout: IDP_TIMEOUT_SECONDS, [oidc.customFetch]: outboundFetch(svc) };
}

/** The provider's configuration for a connection: discovery (its issuer must be the configured one), cached by connection version. */
export async function providerOf(svc: Services, c: SsoConnectionRow): Promise<oidc.Configuration> {
  const key = `${c.orgId}:${c.updatedAt.getTime()}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.config;
  const secret = openSecret(svc.config.secretsKeys, { keyId: c.secretKeyId, ciphertext: c.secretCiphertext }, clientSecretAad(c.orgId));
  const discovered = await oidc.discovery(new URL(c.issuer), c.clientId, undefined, oidc.None(), requestOptions(svc));
  const metadata = discovered.serverMetadata();
  // client_secret_basic is the default of OpenID Connect; post only for a provider that says it supports nothing else.
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth = methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post') ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret);
  const config = new oidc.Configuration(metadata, c.clientId, secret, auth);
  config.timeout = IDP_TIMEOUT_SECONDS;
  config[oidc.customFetch] = outboundFetch(svc);
  return remember(key, config, now);
}

function remember(key: string, config: oidc.Configuration, now: number): oidc.Configuration {
  if (cache.size > 500) cache.delete(cache.keys().next().value!);
  cache.set(key, { config, until: now + METADATA_TTL_MS });
  return config;
}

/** Discovery alone, uncached, for "Test connection": the metadata, or the error that stopped it. */
export async function discoverForTest(svc: Services, issuer: string, clientId: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(issuer), clientId, undefined, oidc.None(), requestOptions(svc));
}

export { oidc };
