import type { EventRecord, EventSubscriber } from '../events/index';
import type { Services, Tx } from '../services';
import { fillQueues } from './fill-queues';
import { placeCases } from './place-cases';

/**
 * The queues' outbox subscriber: once the relay's transaction has committed, every case a batch has an
 * event of is placed again in the first queue its facts now meet (its status, risk band, review level or
 * owner may have changed; a closed case leaves its queue), then the tenant's automatic queues hand out
 * what waits (a case entered, or a member's load went down). It writes nothing in the relay's
 * transaction. A reaction lost to a crash is made good by the sweep (sweepWorkQueues).
 */
export class WorkQueueReactor implements EventSubscriber {
  readonly name = 'work-queues';

  async onEvents(tx: Tx, events: EventRecord[]): Promise<void> {
    const byTenant = new Map<string, Set<number>>();
    for (const e of events) {
      if (e.casePk === null) continue;
      let pks = byTenant.get(e.orgId);
      if (!pks) byTenant.set(e.orgId, (pks = new Set()));
      pks.add(Number(e.casePk));
    }
    for (const [orgId, pks] of byTenant) tx.afterCommit(() => reactToCases(tx.services, orgId, [...pks]));
  }
}

/** Places the cases again and hands out what waits (nothing when the tenant has no queues). */
export async function reactToCases(svc: Services, orgId: string, casePks: number[]): Promise<void> {
  if (await placeCases(svc, orgId, casePks)) await fillQueues(svc, orgId);
}
