import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

// OWASP's scrypt floor: N=2^17, r=8, p=1 (about 128 MiB, ~0.2 s), the default cost (PASSWORD_HASH_COST, log2 N).
// maxmem must allow the largest N accepted (2^20: 1 GiB).
const DEFAULT_COST = 17;
const R = 8;
const P = 1;
const KEYLEN = 32;

const maxmem = (n: number) => 128 * R * n + 64 * 1024 * 1024;

/** A slow, salted password hash: `scrypt$N$r$p$salt$hash` (base64url), N = 2^cost (the configuration's PASSWORD_HASH_COST). */
export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: maxmem(N) });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: maxmem(Number(n)),
  });
  return timingSafeEqual(key, expected);
}

/**
 * The stored hash of a member who has no password yet (invited, not yet accepted): no password
 * verifies against it, and the sign-in check treats it like an unknown email (same slow hash).
 */
export const NO_PASSWORD_HASH = '!no-password';

/**
 * The stored hash of a member the service itself acts as (the test helpers' Test analyst): no password
 * verifies against it, no reset link is sent for it, and every sign-in (password, passkey, SSO) is refused.
 */
export const SERVICE_MEMBER_HASH = '!service-member';

/** Whether a stored hash can verify a password at all. */
export function isUsablePasswordHash(stored: string): boolean {
  return stored.startsWith('scrypt$');
}
