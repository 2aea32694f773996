import { authorize, can, type Actor } from '../access/index';
import { assignCaseOwnerInTx, caseQueueFacts, type ConsoleCaseView } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { claimUnassigned, correctOwner, deletePlace, loadQueues, markOwned } from './work-queues.repository';

/** Stale places (a case closed or owned meanwhile) passed over in one call before giving up. */
const MAX_STALE = 50;
const SENIOR_ROLES = new Set(['mlro', 'compliance_admin', 'admin']);

/**
 * Gives the calling member the oldest unassigned case of the queue they may work and assigns it to them
 * (cases' assignment: owner.changed with changedBy their email), in one transaction: the queue's place is
 * claimed with FOR UPDATE SKIP LOCKED, so concurrent callers each get a different case. Cases waiting for
 * senior review go to mlro and above only. A queue with members is worked by them (compliance admins may
 * pull from any). Returns null when nothing waits.
 */
export async function nextCase(svc: Services, actor: Actor, input: { queueId: string }): Promise<ConsoleCaseView | null> {
  authorize(actor, 'queues:read');
  authorize(actor, 'cases:work');
  if (actor.kind !== 'member') throw new DomainError('forbidden', 'Only a signed-in member can take the next case of a queue.');
  const queueId = /^\d{1,18}$/.test(input.queueId) ? Number(input.queueId) : NaN;
  const queue = Number.isSafeInteger(queueId) ? (await loadQueues(forTenant(svc.db, actor))).find((q) => q.id === queueId) : undefined;
  if (!queue) throw DomainError.notFound('Queue');
  if (queue.memberIds.length > 0 && !queue.memberIds.includes(actor.memberId) && !can(actor, 'queues:configure')) {
    throw new DomainError('forbidden', 'You are not a member of this queue.');
  }
  const senior = SENIOR_ROLES.has(actor.role);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const now = svc.clock.now();
    for (let stale = 0; stale < MAX_STALE; stale++) {
      const [claimed] = await claimUnassigned(db, queue.id, { senior, limit: 1 });
      if (!claimed) return null;
      const [facts] = await caseQueueFacts(db, [claimed.casePk]);
      if (!facts || facts.closed) {
        await deletePlace(db, claimed.casePk);
        continue;
      }
      if (facts.ownerMemberId !== null) {
        await correctOwner(db, claimed.casePk, facts.ownerMemberId, now);
        continue;
      }
      const view = await assignCaseOwnerInTx(tx, actor, { caseId: facts.caseId, memberId: actor.memberId });
      const [after] = await caseQueueFacts(db, [claimed.casePk]);
      await markOwned(db, claimed.casePk, actor.memberId, after!.eventSequence, now);
      return view;
    }
    return null;
  });
}
