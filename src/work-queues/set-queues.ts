import { auditName, authorize, systemActor, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/transaction';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { listMembers } from '../tenants/index';
import { fillQueues } from './fill-queues';
import { listQueues } from './list-queues';
import { placeAllCases } from './place-cases';
import type { QueueView } from './queue';
import { validateQueues, type SetQueuesItem } from './validate-queues';
import { replaceQueues } from './work-queues.repository';

/**
 * Replaces the tenant's queues (compliance_admin; audited as work_queues.updated). A queue whose name
 * stays keeps its id. Then every open case is sorted into the new queues and the automatic ones hand out
 * what waits. Returns the queues as `queues` lists them.
 */
export async function setQueues(svc: Services, actor: Actor, input: readonly SetQueuesItem[]): Promise<QueueView[]> {
  authorize(actor, 'queues:configure');
  const orgId = actor.orgId;
  const current = new Set((await listMembers(svc, systemActor(orgId))).map((m) => m.userId));
  const queues = validateQueues(input, current);
  await inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    await replaceQueues(forTenant(tx.manager, actor), queues, now);
    await recordAudit(tx, {
      orgId, actor: auditName(actor), action: 'work_queues.updated',
      details: { queues: queues.map((q) => ({ name: q.name, mode: q.mode, capacity: q.capacity, members: q.memberIds.length })) },
      at: now,
    });
  });
  await placeAllCases(svc, orgId);
  await fillQueues(svc, orgId);
  return listQueues(svc, actor);
}
