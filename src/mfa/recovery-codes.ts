import { randomInt } from 'node:crypto';
import { sha256Hex } from '../security/tokens';

/** How many recovery codes a member holds at a time. */
export const RECOVERY_CODE_COUNT = 10;
// Base32 without the letters people confuse (no 0/O, 1/I/L): 12 characters, 60 bits.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten fresh codes, shown once: `XXXX-XXXX-XXXX`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** A typed code as stored: upper case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether a typed code has the shape of a recovery code (before any lookup). */
export const looksLikeRecoveryCode = (code: string): boolean => /^[A-Z0-9]{12}$/.test(normaliseRecoveryCode(code));

/** What is stored: SHA-256 bound to the member (the same code of another member hashes differently). */
export const recoveryCodeHash = (memberId: string, code: string): string => sha256Hex(`recovery:${memberId}:${normaliseRecoveryCode(code)}`);
