import { auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { forTenant } from '../db/tenant-db';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { memberOf } from './member-of';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { factorsOf, replaceRecoveryCodes } from './second-factors.repository';

/**
 * Ten new recovery codes for the calling member (shown this once); the earlier ones stop working. Needs a
 * second factor (`conflict` without one) proved in the last 10 minutes (`step_up_required`). Audited.
 */
export async function regenerateRecoveryCodes(svc: Services, actor: Actor): Promise<{ recoveryCodes: string[] }> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  if (!(await factorsOf(forTenant(svc.db, member.orgId), member.memberId)).length) {
    throw new DomainError('conflict', 'Recovery codes come with a second factor: set up an authenticator app or a passkey first.');
  }
  requireStepUp(actor);
  const recoveryCodes = newRecoveryCodes();
  const now = svc.clock.now();
  await inTransaction(svc, async (tx) => {
    await replaceRecoveryCodes(forTenant(tx.manager, member.orgId), member.memberId, recoveryCodes.map((c) => recoveryCodeHash(member.memberId, c)), now);
    await recordAudit(tx, { orgId: member.orgId, actor: auditName(actor), action: 'mfa.recovery_codes_regenerated', details: { memberId: member.memberId }, at: now });
  });
  return { recoveryCodes };
}
