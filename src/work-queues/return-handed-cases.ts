import { systemActor } from '../access/index';
import { assignCaseOwnerInTx, caseQueueFacts } from '../cases/index';
import type { TenantDb } from '../db/index';
import type { Tx } from '../db/transaction';
import { lockHandedTo, markOwned } from './work-queues.repository';

/**
 * In the caller's transaction: the cases the queues handed to `memberId` that nobody touched since (the
 * case's event count is what it was just after the hand-out) and that they still own go back to their queue,
 * unassigned by the platform (owner.changed, newOwner null, changedBy null). Returns how many went back.
 */
export async function returnHandedCases(tx: Tx, db: TenantDb, memberId: string, now: Date): Promise<number> {
  const handed = await lockHandedTo(db, memberId);
  const facts = new Map((await caseQueueFacts(db, handed.map((h) => h.casePk))).map((c) => [c.pk, c]));
  let n = 0;
  for (const h of handed) {
    const f = facts.get(h.casePk);
    if (!f || f.closed || f.ownerMemberId !== memberId || f.eventSequence !== h.handedSequence) continue;
    await assignCaseOwnerInTx(tx, systemActor(db.orgId), { caseId: f.caseId, memberId: null });
    await markOwned(db, h.casePk, null, null, now);
    n++;
  }
  return n;
}
