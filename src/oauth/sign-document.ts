import { CompactSign, compactVerify, createLocalJWKSet, type JWK } from 'jose';
import type { Config } from '../config';
import { ACCESS_TOKEN_ALG, signingKey } from './signing-key';

/**
 * Signs `bytes` with the service's signing key (JWT_SIGNING_KEY, the key published at /v1/oauth/jwks.json) as a
 * JWS with a detached payload (RFC 7515 appendix F): `<protected header>..<signature>`. Anyone holding the JWKS
 * verifies it offline against the same bytes. `typ` names what is signed (e.g. `evidence-manifest+json`).
 */
export async function signDetached(config: Pick<Config, 'jwtSigningKeyPem'>, bytes: Uint8Array, typ: string): Promise<string> {
  const key = await signingKey(config);
  const jws = await new CompactSign(bytes).setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: key.kid, typ }).sign(key.privateKey);
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}

/** Signs a JSON document (its exact serialisation is the payload) as a compact JWS with the payload attached. */
export async function signJson(config: Pick<Config, 'jwtSigningKeyPem'>, document: unknown, typ: string): Promise<string> {
  const key = await signingKey(config);
  return new CompactSign(Buffer.from(JSON.stringify(document)))
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: key.kid, typ })
    .sign(key.privateKey);
}

/**
 * Verifies a detached JWS made by {@link signDetached} over `bytes` against a JWKS (the published one). Returns
 * the protected header when valid; throws jose's error otherwise.
 */
export async function verifyDetached(jwks: { keys: JWK[] }, bytes: Uint8Array, detached: string): Promise<Record<string, unknown>> {
  const [header, empty, signature] = detached.split('.');
  if (empty !== '' || !header || !signature) throw new Error('not a detached JWS (<header>..<signature>)');
  const payload = Buffer.from(bytes).toString('base64url');
  const { protectedHeader } = await compactVerify(`${header}.${payload}.${signature}`, createLocalJWKSet(jwks), { algorithms: [ACCESS_TOKEN_ALG] });
  return protectedHeader as Record<string, unknown>;
}
