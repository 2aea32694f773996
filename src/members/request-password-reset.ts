import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { findMemberByEmail } from '../sessions/index';
import { consumeRateLimit, type RateLimit } from '../access/rate-limit';
import { sourceAddressKey } from '../access/source-address';
import { sha256Hex } from '../security/tokens';
import { SERVICE_MEMBER_HASH } from '../security/index';
import type { Services } from '../services';
import { createMemberToken } from './member-tokens';
import { isEmail } from '../validation';
import { waitText } from '../sessions/index';

/** Password-reset requests per source address: at most 10 an hour (any emails). */
export const PASSWORD_RESET_ADDRESS_LIMIT: RateLimit = { name: 'password-reset-address', limit: 10, windowMs: 60 * 60_000 };
/** Password-reset requests per account (the member the email reaches, else the email itself): at most 3 an hour. */
export const PASSWORD_RESET_ACCOUNT_LIMIT: RateLimit = { name: 'password-reset-account', limit: 3, windowMs: 60 * 60_000 };

/**
 * "Forgot your password": when the email belongs to a (not removed) member, emails them a single-use
 * link to choose a new password (1 hour; an earlier link stops working), sent by a worker job after
 * commit. The answer is the same whether or not the email belongs to anyone, and so are the limits
 * (per source address, and per account keyed by the email when no member has it): `rate_limited`
 * with retryAfterSeconds past either. A malformed email is validation_failed.
 */
export async function requestPasswordReset(svc: Services, input: { email: unknown; address: string | undefined }): Promise<true> {
  if (!isEmail(input.email)) throw DomainError.validation([{ path: 'email', message: 'must be a valid email address' }]);
  const email = input.email;
  const member = await findMemberByEmail(svc, email);
  const accountKey = sha256Hex(member ? `member:${member.id}` : `email:${email.trim().normalize('NFKC').toLowerCase()}`);
  for (const [rule, bucket] of [
    [PASSWORD_RESET_ADDRESS_LIMIT, `pwreset-addr:${sourceAddressKey(input.address)}`],
    [PASSWORD_RESET_ACCOUNT_LIMIT, `pwreset-acct:${accountKey}`],
  ] as const) {
    const state = await consumeRateLimit(svc, bucket, rule);
    if (!state.allowed) {
      throw new DomainError('rate_limited', `Too many password reset requests. Wait ${waitText(state.resetSeconds)} and try again.`, {
        retryAfterSeconds: state.resetSeconds,
      });
    }
  }
  // A member the service acts as never gets a link: nobody may choose their password.
  if (member && member.passwordHash !== SERVICE_MEMBER_HASH) {
    await inTransaction(svc, (tx) => createMemberToken(tx, { orgId: member.orgId, memberId: member.id, purpose: 'password_reset' }));
  }
  return true;
}
