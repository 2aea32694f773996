import { announceRevocationAfterCommit, auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { forTenant } from '../db/tenant-db';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { admitSignIn, markSecondFactor, recordSignInSuccess, signInRateLimited } from '../sessions/index';
import { CODE_REFUSED } from './check-code';
import { openTotpSecret } from './factor-secret';
import { memberOf } from './member-of';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { confirmFactor, factorsOf, replaceRecoveryCodes } from './second-factors.repository';
import { matchTotp } from './totp';

/**
 * Confirms the authenticator app of startTotpEnrolment with a code it shows: the app becomes a second
 * factor, the member gets ten new recovery codes (shown this once; any earlier ones stop working), and
 * this session counts as having proved a second factor (so a member held at enrolment goes on at once).
 * Wrong codes count in the sign-in throttle. Audited (`mfa.totp_enrolled`).
 */
export async function confirmTotpEnrolment(
  svc: Services, actor: Actor, input: { code: unknown; sessionToken?: string; address: string | undefined },
): Promise<{ recoveryCodes: string[] }> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  const db = forTenant(svc.db, member.orgId);
  const pending = (await factorsOf(db, member.memberId, { withUnconfirmed: true })).find((f) => f.kind === 'totp' && !f.confirmedAt);
  if (!pending) throw new DomainError('conflict', 'There is no authenticator app being set up. Start again.');
  const admission = await admitSignIn(svc, { email: member.email, address: input.address });
  if (!admission.allowed) throw signInRateLimited(admission.retryAfterSeconds);
  const code = typeof input.code === 'string' ? input.code.replace(/\s/g, '') : '';
  const now = svc.clock.now();
  const step = matchTotp(openTotpSecret(svc.config.secretsKeys, pending), code, now.getTime(), null);
  if (step === null) throw DomainError.validation([{ path: 'code', message: CODE_REFUSED }]);
  await recordSignInSuccess(svc, admission.ticket);
  const recoveryCodes = newRecoveryCodes();
  await inTransaction(svc, async (tx) => {
    const txDb = forTenant(tx.manager, member.orgId);
    await confirmFactor(txDb, pending.id, now, step);
    // Whether the member has a second factor is read (and cached) with their console sessions.
    announceRevocationAfterCommit(tx);
    await replaceRecoveryCodes(txDb, member.memberId, recoveryCodes.map((c) => recoveryCodeHash(member.memberId, c)), now);
    await recordAudit(tx, { orgId: member.orgId, actor: auditName(actor), action: 'mfa.totp_enrolled', details: { memberId: member.memberId, factorId: pending.id }, at: now });
  });
  if (input.sessionToken) await markSecondFactor(svc, { token: input.sessionToken, memberId: member.memberId });
  return { recoveryCodes };
}
