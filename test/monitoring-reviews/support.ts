import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { memberActor, operatorActor, systemActor, type MemberActor } from '../../src/access/index';
import { inTransaction } from '../../src/db/index';
import { listEventFeed, relayEvents } from '../../src/events/index';
import { onMonitoringAlert, type MonitoringAlertFact } from '../../src/monitoring-reviews/index';
import { assessCaseRisk } from '../../src/risk/index';
import { createMember, setFourEyes, type MemberRole, type Tenant } from '../../src/tenants/index';
import { caseEvents, newApplicationCase, type CaseSetup } from '../risk/support';
import type { Payload } from '../support/event-payloads';

/** An approved, risk-assessed case of the tenant (the kind monitoring watches). */
export async function monitoredCase(rt: Runtime, tenant: Tenant, s: CaseSetup = {}): Promise<{ caseId: string; pk: number }> {
  const c = await newApplicationCase(rt.svc, tenant, { status: 'approved', ...s });
  await assessCaseRisk(rt.svc, systemActor(tenant.id), { orgId: tenant.id, casePk: c.pk });
  return c;
}

let alertIds = 1000;
/** What a monitoring run would hand over for a new alert; a UBO sanctions hit unless told otherwise. */
export function fact(tenant: Tenant, c: { pk: number }, over: Partial<MonitoringAlertFact> = {}): MonitoringAlertFact {
  return {
    orgId: tenant.id, casePk: c.pk, alertId: ++alertIds, runId: alertIds, alertType: 'sanctions_hit', severity: 'high',
    factKey: 'sanctions_hit:ubo_0:ent-1', fingerprint: 'fp-1', subjectRole: 'UBO', subjectRef: 'ubo_0', personId: null, source: 'scheduled', ...over,
  };
}

/** Calls onMonitoringAlert inside a transaction, as a monitoring run does. */
export async function alert(rt: Runtime, f: MonitoringAlertFact): Promise<void> {
  await inTransaction(rt.svc, (tx) => onMonitoringAlert(tx, f));
}

/** A real member of the tenant with this role, as a console actor. */
export async function member(rt: Runtime, tenant: Tenant, role: MemberRole, name: string = role): Promise<MemberActor> {
  const email = `${name}+${randomUUID()}@example.com`;
  const m = await createMember(rt.svc, operatorActor(tenant.id), { email, password: 'a long enough password', role });
  return memberActor({ orgId: tenant.id, id: m.id, email, role });
}

export async function fourEyes(rt: Runtime, tenant: Tenant, enabled: boolean): Promise<void> {
  await setFourEyes(rt.svc, operatorActor(tenant.id), { enabled });
}

/** Event-specific part of a payload (without the envelope recordEvent fills). */
export const own = (p: Payload) => {
  const { event: _e, eventId: _i, eventVersion: _v, timestamp: _t, orgId: _o, caseId: _c, crmRecordId: _r, caseSequence: _s, crmSource: _cs, ...rest } = p;
  return rest;
};

/** A recorder of the case's events: `since()` returns those recorded after the last call, validated against their schemas. */
export async function eventCursor(rt: Runtime, tenant: Tenant, c: { pk: number }) {
  let seen = (await caseEvents(rt.svc, tenant.id, c.pk)).length;
  return {
    async since(): Promise<{ type: string; payload: Payload }[]> {
      const all = await caseEvents(rt.svc, tenant.id, c.pk);
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh;
    },
  };
}

/** Relays the outbox and checks each given event equals its /v1/events item (the same bytes, type and id). */
export async function expectInFeed(rt: Runtime, tenant: Tenant, events: { type: string; payload: Payload }[]): Promise<void> {
  await relayEvents(rt.svc);
  const items = new Map<string, { eventType: string; data: string }>();
  let cursor: string | undefined;
  for (;;) {
    const page = await listEventFeed(rt.svc, operatorActor(tenant.id), { limit: 200, ...(cursor ? { cursor } : {}) });
    for (const i of page.items) items.set(i.eventId, i);
    if (!page.hasMore) break;
    cursor = page.nextCursor;
  }
  for (const e of events) {
    const item = items.get(e.payload.eventId as string);
    expect(item, `${e.type} in the feed`).to.not.equal(undefined);
    expect(item!.eventType).to.equal(e.type);
    expect(JSON.parse(item!.data)).to.deep.equal(e.payload);
  }
}
