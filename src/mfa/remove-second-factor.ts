import { announceRevocationAfterCommit, auditName, authorize, requireStepUp, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { forTenant } from '../db/tenant-db';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { memberOf } from './member-of';
import { deleteFactor, deleteRecoveryCodes, factorsOf } from './second-factors.repository';

/**
 * Removes one of the calling member's second factors (an id of mySecondFactors; any other is not_found).
 * Needs a second factor proved in the last 10 minutes (`step_up_required`). The last one goes with the
 * recovery codes, unless the tenant requires MFA (`conflict`: add another first). Audited.
 */
export async function removeSecondFactor(svc: Services, actor: Actor, input: { id: string }): Promise<boolean> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  requireStepUp(actor);
  const now = svc.clock.now();
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, member.orgId);
    const factors = await factorsOf(db, member.memberId, { lock: true });
    const factor = factors.find((f) => f.id === input.id);
    if (!factor) throw DomainError.notFound('Second factor');
    if (factors.length === 1 && member.secondFactor?.required) {
      throw new DomainError('conflict', 'Your organisation requires a second factor: add another one before removing this one.');
    }
    await deleteFactor(db, member.memberId, factor.id);
    // Whether the member has a second factor is read (and cached) with their console sessions.
    announceRevocationAfterCommit(tx);
    if (factors.length === 1) await deleteRecoveryCodes(db, member.memberId);
    await recordAudit(tx, {
      orgId: member.orgId, actor: auditName(actor), action: 'mfa.factor_removed', details: { memberId: member.memberId, factorId: factor.id, kind: factor.kind }, at: now,
    });
    return true;
  });
}
