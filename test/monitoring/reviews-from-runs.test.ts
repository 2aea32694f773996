import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { approveMonitoringReview, dispositionMonitoringReview, listMonitoringReviews } from '../../src/monitoring-reviews/index';
import { runMonitoring } from '../../src/monitoring/index';
import { compileEventSchemas } from '../events/support';
import { caseEventsInFeed, feedToken } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { drainJobs, runtime } from '../support/runtime';
import { approvedCase, SampleSources } from './support';

/**
 * Monitoring runs open reviews through the real hook: the alerts of an analyst's run open one review per
 * fact (monitoring.review.opened after the alerts), a verdict and a second member's approval close one, and
 * the next run, finding the same facts, raises nothing and opens nothing.
 */
describe('monitoring: a run\'s alerts open reviews, decided under four-eyes', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
    (await SampleSources.create()).use(h.svc);
  });
  after(() => h.close());

  it('opens one review per alert, closes the sanctions one after a verdict and a second member\'s approval, and a second run opens nothing', async () => {
    const tenant = await h.tenant();
    const analyst = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'first.analyst@example.com', role: 'analyst' });
    const second = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a2', email: 'second.analyst@example.com', role: 'analyst' });
    const c = await approvedCase(h.svc, tenant);
    const run = await runMonitoring(h.svc, analyst, c.caseId);
    expect(run.alertsGenerated).to.equal(6);

    const reviews = (await listMonitoringReviews(h.svc, analyst, { caseId: c.caseId })).data;
    expect(reviews.map((r) => [r.alertType, r.subjectRef, r.state, r.occurrenceNo, r.source])).to.have.deep.members([
      ['sanctions_hit', 'ubo_0', 'open', 1, 'ad_hoc'], ['pep_change', 'ubo_1', 'open', 1, 'ad_hoc'], ['structure_change', 'company', 'open', 1, 'ad_hoc'],
      ['adverse_media', 'company', 'open', 1, 'ad_hoc'], ['adverse_media', 'dir_0', 'open', 1, 'ad_hoc'], ['adverse_media', 'ubo_0', 'open', 1, 'ad_hoc'],
    ]);
    const sanctions = reviews.find((r) => r.alertType === 'sanctions_hit')!;
    await dispositionMonitoringReview(h.svc, analyst, { id: sanctions.reviewCaseId, disposition: 'false_positive', note: 'Different person: other date of birth.' });
    const closed = await approveMonitoringReview(h.svc, second, { id: sanctions.reviewCaseId });
    expect(closed).to.deep.include({ state: 'closed', disposition: 'false_positive', dispositionBy: 'first.analyst@example.com', approvedBy: 'second.analyst@example.com' });

    const again = await runMonitoring(h.svc, analyst, c.caseId);
    expect(again.alertsGenerated).to.equal(0);
    expect((await listMonitoringReviews(h.svc, analyst, { caseId: c.caseId })).data).to.have.length(6);

    await drainJobs(await runtime(), { orgId: tenant.id });
    const events = await caseEventsInFeed(h, tenant, c.caseId, await feedToken(h, tenant));
    const schemas = compileEventSchemas();
    const reviewEvents = events.filter((e) => e.type.startsWith('monitoring.'));
    for (const e of reviewEvents) expect(schemas.get(e.type)!(e.payload), `${e.type}: ${JSON.stringify(schemas.get(e.type)!.errors)}`).to.equal(true);
    const types = reviewEvents.map((e) => e.type);
    // The first run: its six alerts, its completion, and the six reviews they opened; then the verdict and the close; then the second run.
    expect(types.filter((t) => t === 'monitoring.review.opened')).to.have.length(6);
    expect(types.indexOf('monitoring.review.opened')).to.be.greaterThan(types.indexOf('monitoring.alert.created'));
    expect(types.slice(-3)).to.deep.equal(['monitoring.review.dispositioned', 'monitoring.review.closed', 'monitoring.run.completed']);
    const opened = reviewEvents.find((e) => e.type === 'monitoring.review.opened' && e.payload.reviewCaseId === sanctions.reviewCaseId)!;
    expect(opened.payload).to.deep.include({ caseId: c.caseId, alertType: 'sanctions_hit', subjectRef: 'ubo_0', subjectRole: 'UBO', occurrenceNo: 1, state: 'open', priorDisposition: null });
    // The flagged party by role and position, never by name.
    expect(JSON.stringify(reviewEvents.filter((e) => e.type.startsWith('monitoring.review.')).map((e) => e.payload))).to.not.include('Zhelezny');
  });
});
