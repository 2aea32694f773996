import { auditName, authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { deletePurgedBlobs, purgeLockedCase, PURGED_CATEGORIES } from './purge-locked-case';
import { lockCaseForPurge } from './retention.repository';
import { retentionPeriod } from './retention-period';
import { findActiveLegalHold, findCaseRetentionFacts, findDueErasure, findRetentionPolicy, markErasuresDone } from './schedules.repository';

export type RetentionPurgeResult =
  | { outcome: 'purged'; caseId: string; purgedAt: string; blobsDeleted: number }
  | { outcome: 'already_purged'; caseId: string }
  | { outcome: 'held'; caseId: string; reason: 'legal_hold' | 'no_period' | 'period_running'; dueAt: string | null };

/**
 * The retention schedule's purge of one case (the system, from the sweep; the operator): in one transaction with
 * the case row locked, the period under the tenant's current policy must have ended by svc.clock's now
 * (retentionPeriod) and no legal hold may be active; then the personal data goes as zero retention's does, a
 * deletion certificate names the policy version and the period, and the audit log records
 * `case.personal_data.purged` with `basis: retention_policy`. Blobs are deleted after commit.
 */
export async function purgeDueCase(svc: Services, actor: Actor, ref: { casePk: number }): Promise<RetentionPurgeResult> {
  authorize(actor, 'retention:purge');
  const orgId = actor.orgId;
  const result = await inTransaction(svc, async (tx): Promise<RetentionPurgeResult> => {
    const db = forTenant(tx.manager, actor);
    const c = await lockCaseForPurge(db, ref.casePk);
    if (!c) throw DomainError.notFound('Case');
    if (c.purgedAt) return { outcome: 'already_purged', caseId: c.caseId };
    const facts = (await findCaseRetentionFacts(db, ref.casePk))!;
    const policy = await findRetentionPolicy(db);
    const now = svc.clock.now();
    const period = retentionPeriod(policy, facts, now);
    // An erasure request retained until a date that has passed (requestErasure) is due as well.
    const erasure = period.state === 'ended' ? null : await findDueErasure(db, ref.casePk, now);
    if (erasure) {
      if (await findActiveLegalHold(db, ref.casePk)) return { outcome: 'held', caseId: c.caseId, reason: 'legal_hold', dueAt: erasure.retainUntil.toISOString() };
      const grounds = { requestId: erasure.requestId, reason: erasure.reason, retainedUntil: erasure.retainUntil.toISOString(), legalBasis: erasure.legalBasis };
      const { purgedAt } = await purgeLockedCase(tx, {
        orgId, casePk: ref.casePk, caseId: c.caseId, actorName: auditName(actor), basis: 'erasure_request', action: 'case.personal_data.purged', policy: null, grounds,
        auditDetails: (counts, at) => ({ caseId: c.caseId, basis: 'erasure_request', ...grounds, categories: [...PURGED_CATEGORIES], counts, purgedAt: at.toISOString() }),
      });
      await markErasuresDone(db, ref.casePk, purgedAt);
      return { outcome: 'purged', caseId: c.caseId, purgedAt: purgedAt.toISOString(), blobsDeleted: 0 };
    }
    if (period.state === 'none') return { outcome: 'held', caseId: c.caseId, reason: 'no_period', dueAt: null };
    if (period.state === 'running') return { outcome: 'held', caseId: c.caseId, reason: 'period_running', dueAt: period.dueAt.toISOString() };
    if (await findActiveLegalHold(db, ref.casePk)) return { outcome: 'held', caseId: c.caseId, reason: 'legal_hold', dueAt: period.dueAt.toISOString() };
    const grounds = { closedAt: period.closedAt.toISOString(), dueAt: period.dueAt.toISOString(), status: facts.status, legalBasis: period.basis };
    const { purgedAt } = await purgeLockedCase(tx, {
      orgId, casePk: ref.casePk, caseId: c.caseId, actorName: auditName(actor), basis: 'retention_policy', action: 'case.personal_data.purged',
      policy: { version: policy!.version, yearsAfterClosure: policy!.yearsAfterClosure, declinedDays: policy!.declinedDays, withdrawnDays: policy!.withdrawnDays },
      grounds,
      auditDetails: (counts, at) => ({
        caseId: c.caseId, basis: 'retention_policy', policyVersion: policy!.version, ...grounds, categories: [...PURGED_CATEGORIES], counts, purgedAt: at.toISOString(),
      }),
    });
    await markErasuresDone(db, ref.casePk, purgedAt);
    return { outcome: 'purged', caseId: c.caseId, purgedAt: purgedAt.toISOString(), blobsDeleted: 0 };
  });
  if (result.outcome !== 'purged') return result;
  const blobsDeleted = await deletePurgedBlobs(svc, forTenant(svc.db, actor), ref.casePk);
  svc.log.info({ orgId, caseId: result.caseId, blobsDeleted }, 'retention schedule: personal data purged');
  return { ...result, blobsDeleted };
}
