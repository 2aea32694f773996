import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { openSecret, sealSecret } from '../security/secret-box';
import type { ValidationDetail } from '../errors';
import type { WebhookEndpoint } from './webhook-endpoint.entity';

/** A fresh endpoint secret: 64 hex characters (256 bits) from the CSPRNG. */
export function generateEndpointSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A supplied secret must be 16..256 printable ASCII characters without spaces; blank means generate one. */
export function readSuppliedSecret(details: ValidationDetail[], raw: unknown): string | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{16,256}$/.test(raw)) {
    details.push({ path: 'secret', message: 'must be 16 to 256 printable ASCII characters without spaces, or blank to generate one' });
    return null;
  }
  return raw;
}

// The ciphertext is bound to its endpoint: a sealed secret copied onto another row does not open.
const aad = (endpointId: string) => `webhook_endpoint:${endpointId}`;

export function sealEndpointSecret(keys: Config['secretsKeys'], endpointId: string, secret: string): { secretCiphertext: string; secretKeyId: string } {
  const sealed = sealSecret(keys, secret, aad(endpointId));
  return { secretCiphertext: sealed.ciphertext, secretKeyId: sealed.keyId };
}

export function openEndpointSecret(keys: Config['secretsKeys'], endpoint: WebhookEndpoint): string {
  return openSecret(keys, { keyId: endpoint.secretKeyId, ciphertext: endpoint.secretCiphertext }, aad(endpoint.id));
}
