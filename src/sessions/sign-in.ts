import { memberActor, type MemberActor } from '../access/index';
import { DomainError } from '../errors';
import { authenticateMember } from './authenticate-member';
import { admitSignIn, recordSignInSuccess } from './sign-in-throttle';
import type { Services } from '../services';
import { endMemberSession } from './end-member-session';
import type { MemberSession } from './member-session';
import { startMemberSession } from './start-member-session';

export interface SignInInput {
  email: unknown;
  password: unknown;
  /** The request's source address (the per-address limit counts it). */
  address: string | undefined;
  /** The console cookie's token the browser sent, if any: that session is ended first. */
  currentToken?: string;
}

/** The one answer to a wrong email or a wrong password: it never tells which. */
export const SIGN_IN_REFUSED = 'The email or password is incorrect.';

/** "1 second", "45 seconds", "14 minutes". */
export function waitText(seconds: number): string {
  if (seconds === 1) return '1 second';
  if (seconds <= 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Signs a member in to the console: the sign-in throttle of the authorization pages (per source address
 * and per account, `rate_limited` with retryAfterSeconds), then the password (scrypt; an unknown email
 * costs the same time), then a new console session (30 minutes idle, 12 hours absolute) with a new
 * token. A console session the browser already had is ended first, whoever it belonged to.
 * Wrong email or password: `unauthenticated` with one message for both.
 */
export async function signIn(svc: Services, input: SignInInput): Promise<{ session: MemberSession; actor: MemberActor }> {
  const email = typeof input.email === 'string' ? input.email.trim().slice(0, 254) : '';
  const admission = await admitSignIn(svc, { email, address: input.address });
  if (!admission.allowed) {
    throw new DomainError('rate_limited', `Too many sign-in attempts. Wait ${waitText(admission.retryAfterSeconds)} and try again.`, {
      retryAfterSeconds: admission.retryAfterSeconds,
    });
  }
  const member = await authenticateMember(svc, { email, password: input.password });
  if (!member) throw new DomainError('unauthenticated', SIGN_IN_REFUSED);
  await recordSignInSuccess(svc, admission.ticket);
  if (input.currentToken) await endMemberSession(svc, { token: input.currentToken });
  const session = await startMemberSession(svc, { kind: 'console', memberId: member.id });
  return { session, actor: memberActor(member) };
}
