import { systemActor } from '../access/index';
import { assignCaseOwnerInTx, caseQueueFacts } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { queueMembers, type QueueMember } from './queue-members';
import type { WorkQueue } from './queue';
import { claimUnassigned, correctOwner, deletePlace, loadQueues, lockQueue, markOwned, setLastAssigned } from './work-queues.repository';

/** Hand-outs per transaction: a long backlog is handed out in several short transactions. */
const BATCH = 50;
const SENIOR_ROLES = new Set(['mlro', 'compliance_admin', 'admin']);

/** The member automatic assignment gives the next case to, or null when every eligible member is full or away. */
export function pickMember(queue: WorkQueue, members: QueueMember[], senior: boolean): QueueMember | null {
  const eligible = members.filter((m) => m.available && (queue.capacity === null || m.openCases < queue.capacity) && (!senior || SENIOR_ROLES.has(m.role)));
  if (eligible.length === 0) return null;
  if (queue.mode === 'least_loaded') {
    // Fewest open cases; ties go to the earlier member of the queue's list.
    return eligible.reduce((best, m) => (m.openCases < best.openCases ? m : best));
  }
  // round_robin: the first eligible member after the last one given a case, in the queue's order.
  const order = members.map((m) => m.memberId);
  const last = queue.lastAssignedMemberId === null ? -1 : order.indexOf(queue.lastAssignedMemberId);
  return [...eligible].sort((a, b) => ((order.indexOf(a.memberId) - last - 1 + order.length) % order.length) - ((order.indexOf(b.memberId) - last - 1 + order.length) % order.length))[0]!;
}

/**
 * Automatic assignment of one queue: hands its waiting cases, oldest first, to available members under
 * their capacity (round_robin or least_loaded), each through cases' assignment with the platform as
 * actor (owner.changed with changedBy null). Cases wait when everyone is full or away. The queue row is
 * locked meanwhile, so two runs never count a member's load twice. Returns how many cases it handed out.
 */
export async function fillQueue(svc: Services, orgId: string, queueId: number): Promise<number> {
  let total = 0;
  for (;;) {
    const round = await inTransaction(svc, async (tx): Promise<{ handed: number; more: boolean }> => {
      const db = forTenant(tx.manager, orgId);
      const queue = await lockQueue(db, queueId);
      if (!queue || queue.mode === 'manual' || queue.memberIds.length === 0) return { handed: 0, more: false };
      const members = await queueMembers(svc, orgId, queue.memberIds, db);
      if (!members.some((m) => m.available && (queue.capacity === null || m.openCases < queue.capacity))) return { handed: 0, more: false };
      const claimed = await claimUnassigned(db, queueId, { senior: true, limit: BATCH });
      const facts = new Map((await caseQueueFacts(db, claimed.map((c) => c.casePk))).map((c) => [c.pk, c]));
      const now = svc.clock.now();
      let n = 0;
      for (const c of claimed) {
        const f = facts.get(c.casePk);
        if (!f || f.closed) {
          await deletePlace(db, c.casePk);
          continue;
        }
        if (f.ownerMemberId !== null) {
          await correctOwner(db, c.casePk, f.ownerMemberId, now);
          continue;
        }
        const m = pickMember(queue, members, c.needsSenior);
        if (!m) continue;
        await assignCaseOwnerInTx(tx, systemActor(orgId), { caseId: f.caseId, memberId: m.memberId });
        const [after] = await caseQueueFacts(db, [c.casePk]);
        await markOwned(db, c.casePk, m.memberId, after!.eventSequence, now);
        m.openCases++;
        queue.lastAssignedMemberId = m.memberId;
        await setLastAssigned(db, queueId, m.memberId);
        n++;
      }
      // A full batch of which some went out: more may wait.
      return { handed: n, more: claimed.length === BATCH && n > 0 };
    });
    total += round.handed;
    if (!round.more) return total;
  }
}

/** Automatic assignment of every queue of the tenant that assigns automatically. Returns how many cases it handed out. */
export async function fillQueues(svc: Services, orgId: string): Promise<number> {
  const queues = (await loadQueues(forTenant(svc.db, orgId))).filter((q) => q.mode !== 'manual' && q.memberIds.length > 0);
  let n = 0;
  for (const q of queues) n += await fillQueue(svc, orgId, q.id);
  return n;
}
