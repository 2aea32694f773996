import type { Config } from '../config';
import { openSecret, sealSecret } from '../security/secret-box';

// Sealed like webhook secrets (AES-256-GCM under SECRETS_KEY), bound to the factor: a copied ciphertext does not open elsewhere.
const aad = (factorId: string) => `second_factor:${factorId}`;

export function sealTotpSecret(keys: Config['secretsKeys'], factorId: string, secret: string): { secretCiphertext: string; secretKeyId: string } {
  const sealed = sealSecret(keys, secret, aad(factorId));
  return { secretCiphertext: sealed.ciphertext, secretKeyId: sealed.keyId };
}

export function openTotpSecret(keys: Config['secretsKeys'], factor: { id: string; secretKeyId: string | null; secretCiphertext: string | null }): string {
  if (!factor.secretKeyId || !factor.secretCiphertext) throw new Error(`second factor ${factor.id} has no sealed secret`);
  return openSecret(keys, { keyId: factor.secretKeyId, ciphertext: factor.secretCiphertext }, aad(factor.id));
}
