import type { EventRecord, EventSubscriber } from '../events/index';
import type { Services, Tx } from '../services';
import { mailAtRiskOwners } from './at-risk.mail';
import { refreshCaseSlas } from './refresh-case-slas';

/**
 * The SLAs' outbox subscriber: once the relay's transaction has committed, every case a batch has an event
 * of gets its clock looked at again (a status change restarts it; an EDD or document request sent
 * (edd.requested, outreach.email.sent) or fulfilled (edd.requirements.changed, document.uploaded ...) pauses
 * or resumes it; a decision closes it), then owners of cases now at risk are emailed. It writes nothing in
 * the relay's transaction; the sweep (sweepSlas) makes good a reaction lost to a crash.
 */
export class SlaReactor implements EventSubscriber {
  readonly name = 'sla';

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

async function reactToCases(svc: Services, orgId: string, casePks: number[]): Promise<void> {
  await refreshCaseSlas(svc, orgId, casePks);
  await mailAtRiskOwners(svc, orgId);
}
