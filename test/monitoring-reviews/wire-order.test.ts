import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { operatorActor } from '../../src/access/index';
import { listEventFeed, relayEvents } from '../../src/events/index';
import { dispositionMonitoringReview } from '../../src/monitoring-reviews/index';
import type { Tenant } from '../../src/tenants/index';
import { startWorker } from '../../worker/runner';
import { newTenant, runtime } from '../support/runtime';
import { newEndpoint, receiversPerTest, withConfig, type TestReceiver } from '../webhooks/support';
import { alert, fact, member, monitoredCase } from './support';

type Arrival = { event: string; eventId: string; caseId: string };

/**
 * "For every endpoint, the dispositioned event's delivery is attempted before any of its consequences'
 * deliveries, and the feed orders them the same way." Several reviews are dispositioned at once, each
 * verdict with consequences (risk.assessed, monitoring.review.escalated, escalation.created), and a
 * running worker with many concurrent jobs delivers them to two real HTTPS receivers that answer after
 * a random delay and record the order in which the requests arrive.
 */
describe('monitoring reviews: wire order of a verdict and its consequences', function () {
  this.timeout(120_000);
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();
  before(async () => {
    rt = await runtime();
  });
  beforeEach(async () => {
    tenant = await newTenant(rt);
  });

  it('every endpoint receives each dispositioned event before its consequences, under concurrent delivery; the feed agrees', async () => {
    const analyst = await member(rt, tenant, 'analyst');
    const verdicts: { id: string; disposition: 'true_match' | 'escalate'; events: number }[] = [];
    for (let i = 0; i < 6; i++) {
      // AE: a confirmed sanctions match raises the band (risk.assessed, escalated, escalation.created);
      // escalate hands off without a re-score (escalated, escalation.created).
      const c = await monitoredCase(rt, tenant, { profile: { country: 'AE' } });
      await alert(rt, fact(tenant, c));
      const [row] = await rt.svc.db.query('SELECT review_case_id FROM monitoring_reviews WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk]);
      const disposition = i % 3 === 2 ? 'escalate' : 'true_match';
      verdicts.push({ id: row.review_case_id as string, disposition, events: disposition === 'true_match' ? 4 : 3 });
    }
    await relayEvents(rt.svc); // the set-up's events go out before the endpoints exist
    const answerLate = () => ({ status: 200, body: 'ok', hold: new Promise<void>((r) => setTimeout(r, Math.random() * 40)) });
    const receivers: TestReceiver[] = [await receiver(answerLate), await receiver(answerLate)];
    for (const r of receivers) await newEndpoint(rt.svc, { orgId: tenant.id, url: r.url() });

    await Promise.all(verdicts.map((v) => dispositionMonitoringReview(rt.svc, analyst, { id: v.id, disposition: v.disposition, note: 'Decided together.' })));
    const total = verdicts.reduce((n, v) => n + v.events, 0);
    const worker = await startWorker(withConfig(rt, { workerConcurrency: 16 }), rt.queue);
    let arrivals: Arrival[][];
    try {
      arrivals = await Promise.all(receivers.map(async (r) => (await r.waitForRequests(total, 60_000)).map((req) => JSON.parse(req.body.toString('utf8')) as Arrival)));
    } finally {
      await worker.stop();
    }

    const orderOf = (list: Arrival[]) => {
      const byCase = new Map<string, string[]>();
      for (const a of list) byCase.set(a.caseId, [...(byCase.get(a.caseId) ?? []), a.event]);
      return byCase;
    };
    for (const [i, list] of arrivals.entries()) {
      expect(list, `endpoint ${i}: each event once`).to.have.length(total);
      for (const [caseId, events] of orderOf(list)) {
        expect(events[0], `endpoint ${i}, case ${caseId}: ${events.join(' < ')}`).to.equal('monitoring.review.dispositioned');
      }
    }
    // The feed: the same events (those of the verdicts' transactions), each verdict first for its case.
    const delivered = new Set(arrivals[0]!.map((a) => a.eventId));
    const feed = await listEventFeed(rt.svc, operatorActor(tenant.id), { limit: 200 });
    const inFeed = feed.items.map((item) => JSON.parse(item.data) as Arrival).filter((a) => delivered.has(a.eventId));
    expect(inFeed).to.have.length(total);
    for (const [caseId, events] of orderOf(inFeed)) {
      expect(events[0], `case ${caseId} in the feed: ${events.join(' < ')}`).to.equal('monitoring.review.dispositioned');
    }
  });
});
