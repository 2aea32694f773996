import { authorize, type Actor } from '../access/index';
import { forTenant, type TenantDb } from '../db/index';
import type { Services } from '../services';
import { slaBreaches } from '../sla/index';
import { queueMembers } from './queue-members';
import type { QueueView } from './queue';
import { loadQueues, queueCounts, queuesOfCases } from './work-queues.repository';

/**
 * The tenant's queues in order, each with its members (availability, open cases owned), its open and
 * unassigned counts, oldest age and SLA breaches (its cases whose SLA is breached now, src/sla).
 */
export async function listQueues(svc: Services, actor: Actor): Promise<QueueView[]> {
  authorize(actor, 'queues:read');
  const db = forTenant(svc.db, actor);
  const queues = await loadQueues(db);
  if (queues.length === 0) return [];
  const counts = await queueCounts(db);
  const members = new Map((await queueMembers(svc, actor.orgId, [...new Set(queues.flatMap((q) => q.memberIds))], db)).map((m) => [m.memberId, m]));
  const nowDate = svc.clock.now();
  const now = nowDate.getTime();
  const breaches = await breachesByQueue(db, nowDate);
  return queues.map((q) => {
    const c = counts.get(q.id);
    return {
      id: String(q.id), name: q.name, position: q.position, conditions: q.conditions, mode: q.mode, capacity: q.capacity,
      members: q.memberIds.flatMap((id) => members.get(id) ?? []),
      openCount: c?.open ?? 0, unassignedCount: c?.unassigned ?? 0,
      oldestAgeSeconds: c?.oldest ? Math.max(0, Math.floor((now - c.oldest.getTime()) / 1000)) : null,
      slaBreaches: breaches.get(q.id) ?? 0,
    };
  });
}

/** How many cases of each queue have a breached SLA at `now` (queues without any absent). */
export async function breachesByQueue(db: TenantDb, now: Date): Promise<Map<number, number>> {
  const breached = await slaBreaches(db, now);
  const places = await queuesOfCases(db, breached.map((b) => b.casePk));
  const counts = new Map<number, number>();
  for (const q of places.values()) counts.set(q, (counts.get(q) ?? 0) + 1);
  return counts;
}
