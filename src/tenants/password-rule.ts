import { createRequire } from 'node:module';
import type { ValidationDetail } from '../errors';

/** Fewest characters (Unicode code points) of a member's password. */
export const PASSWORD_MIN_LENGTH = 12;
/** Most characters of a password (scrypt hashes anything; this bounds the work one request can ask for). */
export const PASSWORD_MAX_LENGTH = 1024;

let breached: Set<string> | null = null;

/**
 * The breached-password list: the most common passwords of the public breach corpora, as shipped by
 * @zxcvbn-ts/language-common (about 49,000 entries, lower case; no network). Loaded on first use.
 */
function breachedPasswords(): Set<string> {
  if (!breached) {
    const { dictionary } = createRequire(__filename)('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    breached = new Set((dictionary['passwords-common'] ?? []).map((p) => p.toLowerCase()));
    if (breached.size < 10_000) throw new Error('The breached-password list of @zxcvbn-ts/language-common is missing or truncated.');
  }
  return breached;
}

/**
 * What is wrong with a new password, or null: at least 12 characters (not only spaces), at most 1024,
 * and not on the breached-password list (compared without regard to letter case). The one rule for
 * every way a password is set: createMember (and the CLI's user:create), resetPassword, acceptInvitation.
 */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return `must be a string of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || password.trim().length === 0) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (breachedPasswords().has(lower) || breachedPasswords().has(lower.trim())) {
    return 'is on a list of passwords exposed in data breaches; choose another';
  }
  return null;
}

/** Adds `{path, message}` to `details` when the password breaks the rule (see passwordProblem). */
export function checkNewPassword(details: ValidationDetail[], path: string, password: unknown): void {
  const problem = passwordProblem(password);
  if (problem) details.push({ path, message: problem });
}
