import type { TenantDb } from '../db/index';
import { inQueueCondition, loadQueues, queuesOfCases } from './work-queues.repository';

// Reads of the queues for the features that report on them (case-metrics): which queue a case sits in, and
// a condition narrowing a read of cases to one queue's.

/** The tenant's queue of this id (a decimal string, as on every wire), or null: unknown, malformed or another tenant's. */
export async function findQueue(db: TenantDb, queueId: string): Promise<{ id: number; name: string } | null> {
  if (!/^\d{1,18}$/.test(queueId)) return null;
  const id = Number(queueId);
  const q = (await loadQueues(db)).find((x) => x.id === id);
  return q ? { id: q.id, name: q.name } : null;
}

export { queuesOfCases, inQueueCondition };
