import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token of `bytes` bytes of entropy (default 32: 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hex SHA-256: how high-entropy tokens (client secrets, codes, refresh tokens, invite links) are stored. */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time equality of two strings (false on length mismatch, without early exit on content). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
