import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import type { Config } from '../config';

/** The one algorithm access tokens are signed with and the only one the bearer check accepts. */
export const ACCESS_TOKEN_ALG = 'ES256';

export interface SigningKey {
  /** RFC 7638 thumbprint of the public key: changes whenever JWT_SIGNING_KEY does. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public half as published in the JWKS. */
  publicJwk: JWK;
}

const cache = new Map<string, Promise<SigningKey>>();

/** The access-token signing key of JWT_SIGNING_KEY (P-256), with its kid; computed once per process. */
export function signingKey(config: Pick<Config, 'jwtSigningKeyPem'>): Promise<SigningKey> {
  let key = cache.get(config.jwtSigningKeyPem);
  if (!key) {
    key = load(config.jwtSigningKeyPem);
    cache.set(config.jwtSigningKeyPem, key);
  }
  return key;
}

async function load(pem: string): Promise<SigningKey> {
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg: ACCESS_TOKEN_ALG, use: 'sig' } };
}

/** GET /v1/oauth/jwks.json: the public keys that verify access tokens. */
export async function publicJwks(config: Pick<Config, 'jwtSigningKeyPem'>): Promise<{ keys: JWK[] }> {
  return { keys: [(await signingKey(config)).publicJwk] };
}
