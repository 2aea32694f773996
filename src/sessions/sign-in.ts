import { DomainError } from '../errors';
import { authenticateMember, type SignedInMember } from './authenticate-member';
import { admitSignIn, recordSignInSuccess } from './sign-in-throttle';
import type { Services } from '../services';

export interface SignInInput {
  email: unknown;
  password: unknown;
  /** The request's source address (the per-address limit counts it). */
  address: string | undefined;
}

/** The one answer to a wrong email or a wrong password: it never tells which. */
export const SIGN_IN_REFUSED = 'The email or password is incorrect.';

/** "1 second", "45 seconds", "14 minutes". */
export function waitText(seconds: number): string {
  if (seconds === 1) return '1 second';
  if (seconds <= 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The refusal of an attempt the sign-in throttle did not admit. */
export function signInRateLimited(retryAfterSeconds: number): DomainError {
  return new DomainError('rate_limited', `Too many sign-in attempts. Wait ${waitText(retryAfterSeconds)} and try again.`, { retryAfterSeconds });
}

/**
 * The first step of every member sign-in (console and authorization pages): the sign-in throttle (per
 * source address and per account, `rate_limited` with retryAfterSeconds), then the password (scrypt; an
 * unknown email costs the same time). Starts no session: the second factor decides what comes next
 * (src/mfa). Wrong email or password: `unauthenticated` with one message for both.
 */
export async function checkPassword(svc: Services, input: SignInInput): Promise<SignedInMember> {
  const email = typeof input.email === 'string' ? input.email.trim().slice(0, 254) : '';
  const admission = await admitSignIn(svc, { email, address: input.address });
  if (!admission.allowed) throw signInRateLimited(admission.retryAfterSeconds);
  const member = await authenticateMember(svc, { email, password: input.password });
  if (!member) throw new DomainError('unauthenticated', SIGN_IN_REFUSED);
  await recordSignInSuccess(svc, admission.ticket);
  return member;
}
