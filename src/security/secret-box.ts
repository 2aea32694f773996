import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config';

/** A secret sealed with AES-256-GCM under the master key `keyId` (base64url of iv|tag|ciphertext). */
export interface Sealed {
  keyId: string;
  ciphertext: string;
}

/** Seals with the first (current) master key of SECRETS_KEY. */
export function sealSecret(keys: Config['secretsKeys'], plaintext: string, associatedData: string): Sealed {
  const { id, key } = keys[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { keyId: id, ciphertext: Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url') };
}

/** Opens with whichever master key sealed it; throws if that key is gone or the data was altered. */
export function openSecret(keys: Config['secretsKeys'], sealed: Sealed, associatedData: string): string {
  const entry = keys.find((k) => k.id === sealed.keyId);
  if (!entry) throw new Error(`Master key ${sealed.keyId} is not configured in SECRETS_KEY.`);
  const raw = Buffer.from(sealed.ciphertext, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', entry.key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
