import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { queueMembers } from './queue-members';
import type { QueueView } from './queue';
import { loadQueues, queueCounts } from './work-queues.repository';

/** The tenant's queues in order, each with its members (availability, open cases owned) and its open and unassigned counts and oldest age. */
export async function listQueues(svc: Services, actor: Actor): Promise<QueueView[]> {
  authorize(actor, 'queues:read');
  const db = forTenant(svc.db, actor.orgId);
  const queues = await loadQueues(db);
  if (queues.length === 0) return [];
  const counts = await queueCounts(db);
  const members = new Map((await queueMembers(svc, actor.orgId, [...new Set(queues.flatMap((q) => q.memberIds))], db)).map((m) => [m.memberId, m]));
  const now = svc.clock.now().getTime();
  return queues.map((q) => {
    const c = counts.get(q.id);
    return {
      id: String(q.id), name: q.name, position: q.position, conditions: q.conditions, mode: q.mode, capacity: q.capacity,
      members: q.memberIds.flatMap((id) => members.get(id) ?? []),
      openCount: c?.open ?? 0, unassignedCount: c?.unassigned ?? 0,
      oldestAgeSeconds: c?.oldest ? Math.max(0, Math.floor((now - c.oldest.getTime()) / 1000)) : null,
      slaBreaches: 0,
    };
  });
}
