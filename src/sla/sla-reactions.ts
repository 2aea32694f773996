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
    const byTenant = new Map<string, { pks: Set<number>; changed: Map<number, Date>; test: boolean }>();
    for (const e of events) {
      // Test cases have clocks too, on the tenant's test clock (refreshCaseSlas); their rows are marked test.
      if (e.casePk === null) continue;
      let t = byTenant.get(e.orgId);
      if (!t) byTenant.set(e.orgId, (t = { pks: new Set(), changed: new Map(), test: false }));
      if (e.mode === 'test') t.test = true;
      const pk = Number(e.casePk);
      t.pks.add(pk);
      const before = t.changed.get(pk);
      if (STATUS_EVENTS.has(e.type) && (!before || before < e.occurredAt)) t.changed.set(pk, e.occurredAt);
    }
    for (const [orgId, t] of byTenant) tx.afterCommit(() => reactToCases(tx.services, orgId, [...t.pks], t.changed, t.test));
  }
}

/** The events that put a case in a status: a restarted clock starts at the latest of them. */
const STATUS_EVENTS = new Set(['case.created', 'case.status.changed']);

async function reactToCases(svc: Services, orgId: string, casePks: number[], changed: Map<number, Date>, test: boolean): Promise<void> {
  await refreshCaseSlas(svc, orgId, casePks, undefined, changed);
  await mailAtRiskOwners(svc, orgId);
  if (test) await mailAtRiskOwners(svc, orgId, 'test');
}
