import { systemActor } from '../access/index';
import { countOpenCasesOwned } from '../cases/index';
import { forTenant, type TenantDb } from '../db/index';
import type { Services } from '../services';
import { listMembers } from '../tenants/index';
import { effectiveAvailability, type QueueMemberView } from './queue';
import { availabilityOf } from './work-queues.repository';

/** A member of a queue as assignment sees them: the view the queues list shows. */
export type QueueMember = QueueMemberView;

/** The tenant's current members among `memberIds` (removed ones left out), in the given order, with availability and load. */
export async function queueMembers(svc: Services, orgId: string, memberIds: readonly string[], db: TenantDb = forTenant(svc.db, orgId)): Promise<QueueMember[]> {
  if (memberIds.length === 0) return [];
  const current = new Map((await listMembers(svc, systemActor(orgId))).map((m) => [m.userId, m]));
  const ids = memberIds.filter((id) => current.has(id));
  const [availability, load] = await Promise.all([availabilityOf(db, ids), countOpenCasesOwned(db, ids)]);
  const now = svc.clock.now();
  return ids.map((id) => {
    const m = current.get(id)!;
    return { memberId: id, name: m.name ?? m.email, email: m.email, role: m.role, available: effectiveAvailability(availability.get(id), now), openCases: load.get(id) ?? 0 };
  });
}
