import { forTenant } from '../db/tenant-db';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { admitSignIn, recordSignInSuccess, signInRateLimited } from '../sessions/index';
import { openTotpSecret } from './factor-secret';
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { factorsOf, spendRecoveryCode, spendTotpStep, unusedRecoveryCodeCount } from './second-factors.repository';
import { matchTotp } from './totp';

/** The ways a member can prove a second factor, as MFA_REQUIRED lists them. */
export type SecondFactorMethod = 'totp' | 'webauthn' | 'recovery_code';

/** The one answer to a wrong, reused or expired code. */
export const CODE_REFUSED = 'The code is incorrect or was already used.';

/** The methods a member has: their confirmed factors' kinds, and recovery codes while any is left. */
export async function methodsOf(svc: Services, member: { id: string; orgId: string }): Promise<SecondFactorMethod[]> {
  const db = forTenant(svc.db, member.orgId);
  const kinds = new Set((await factorsOf(db, member.id)).map((f) => f.kind));
  const methods: SecondFactorMethod[] = [];
  if (kinds.has('totp')) methods.push('totp');
  if (kinds.has('webauthn')) methods.push('webauthn');
  if (methods.length && (await unusedRecoveryCodeCount(db, member.id)) > 0) methods.push('recovery_code');
  return methods;
}

/**
 * Checks a code a member typed: a TOTP code of one of their apps (within one step of drift, each step
 * once) or one of their unused recovery codes (spent). Wrong codes count against the member's account in
 * the sign-in throttle, as wrong passwords do (`rate_limited` with retryAfterSeconds); a wrong code is
 * `unauthenticated`. Answers the method that matched.
 */
export async function checkSecondFactorCode(
  svc: Services, member: { id: string; orgId: string; email: string }, input: { code: unknown; address: string | undefined },
): Promise<'totp' | 'recovery_code'> {
  const admission = await admitSignIn(svc, { email: member.email, address: input.address });
  if (!admission.allowed) throw signInRateLimited(admission.retryAfterSeconds);
  const code = typeof input.code === 'string' ? input.code.trim().slice(0, 64) : '';
  const db = forTenant(svc.db, member.orgId);
  const now = svc.clock.now();
  let method: 'totp' | 'recovery_code' | null = null;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    for (const factor of (await factorsOf(db, member.id)).filter((f) => f.kind === 'totp')) {
      const step = matchTotp(openTotpSecret(svc.config.secretsKeys, factor), digits, now.getTime(), factor.lastUsedStep);
      if (step !== null && (await spendTotpStep(db, factor.id, step, now))) {
        method = 'totp';
        break;
      }
    }
  } else if (looksLikeRecoveryCode(code) && (await spendRecoveryCode(db, member.id, recoveryCodeHash(member.id, code), now))) {
    method = 'recovery_code';
  }
  if (!method) throw new DomainError('unauthenticated', CODE_REFUSED);
  await recordSignInSuccess(svc, admission.ticket);
  return method;
}
