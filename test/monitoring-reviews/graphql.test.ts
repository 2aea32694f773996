import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { ConsoleHarness } from '../graphql/harness';
import { runtime } from '../support/runtime';
import { alert, fact, monitoredCase } from './support';

const FIELDS = 'id reviewRef caseId state occurrenceNo subjectRole subjectRef disposition dispositionBy approvedBy bandBefore bandAfter';
const LIST = `query($state: MonitoringReviewState, $caseId: String, $first: Int, $after: String) {
  monitoringReviews(state: $state, caseId: $caseId, first: $first, after: $after) { edges { node { ${FIELDS} } } pageInfo { hasNextPage endCursor } } }`;
const ONE = `query($id: ID!) { monitoringReview(id: $id) { ${FIELDS} alerts { alertId source } history { action actor note } } }`;
const DISPOSITION = `mutation($id: ID!, $d: MonitoringReviewDisposition!, $note: String!) { dispositionMonitoringReview(id: $id, disposition: $d, note: $note) { ${FIELDS} } }`;
const APPROVE = `mutation($id: ID!) { approveMonitoringReview(id: $id) { ${FIELDS} } }`;
const RESOLVE = `mutation($id: ID!, $d: MonitoringReviewResolution!, $note: String!) { resolveMonitoringReview(id: $id, disposition: $d, note: $note) { ${FIELDS} } }`;
const REOPEN = `mutation($id: ID!, $reason: String!) { reopenMonitoringReview(id: $id, reason: $reason) { ${FIELDS} history { action } } }`;
const DEFAULT_MLRO = 'mutation($m: ID) { setDefaultMlro(memberId: $m) { defaultMlroMemberId } }';

type Node = Record<string, unknown>;

describe('console GraphQL: monitoring reviews', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  before(async () => {
    h = await ConsoleHarness.start();
    rt = await runtime();
  });
  after(() => h.close());

  it('queue, detail, verdict, self-approval refused, approval by a second analyst, reopen and MLRO resolution; roles enforced', async () => {
    const a = await h.signedIn('analyst');
    const tenant = a.member.tenant;
    const b = await h.signedIn('analyst', tenant);
    const mlro = await h.signedIn('mlro', tenant);
    const admin = await h.signedIn('compliance_admin', tenant);
    const c = await monitoredCase(rt, tenant);
    await alert(rt, fact(tenant, c));
    await alert(rt, fact(tenant, c, { fingerprint: 'again' }));

    const queue = await a.data<{ monitoringReviews: { edges: { node: Node }[] } }>(LIST, { state: 'open' });
    expect(queue.monitoringReviews.edges).to.have.length(1);
    const review = queue.monitoringReviews.edges[0]!.node;
    expect(review).to.include({ caseId: c.caseId, state: 'open', occurrenceNo: 1, subjectRole: 'UBO', subjectRef: 'ubo_0', disposition: null });
    const id = review.id as string;
    const detail = (await a.data<{ monitoringReview: Node & { alerts: unknown[] } }>(ONE, { id })).monitoringReview;
    expect(detail.alerts).to.have.length(2);
    expect((await a.data<{ monitoringReview: Node }>(ONE, { id: review.reviewRef })).monitoringReview.id, 'by reviewRef too').to.equal(id);

    const verdict = (await a.data<{ dispositionMonitoringReview: Node }>(DISPOSITION, { id, d: 'false_positive', note: 'A namesake.' })).dispositionMonitoringReview;
    expect(verdict).to.include({ state: 'pending_approval', dispositionBy: a.member.email });
    const self = await a.error(APPROVE, { id });
    expect(self.code).to.equal('FORBIDDEN');
    expect(self.message).to.contain('cannot approve');
    const again = await a.error(DISPOSITION, { id, d: 'true_match', note: 'n' });
    expect(again.code).to.equal('CONFLICT');
    expect(again.message).to.contain('is pending_approval');
    expect((await b.data<{ approveMonitoringReview: Node }>(APPROVE, { id })).approveMonitoringReview).to.include({ state: 'closed', approvedBy: b.member.email });

    expect((await b.error(REOPEN, { id, reason: 'r' })).code).to.equal('FORBIDDEN');
    const reopened = (await mlro.data<{ reopenMonitoringReview: Node & { history: { action: string }[] } }>(REOPEN, { id, reason: 'New facts.' })).reopenMonitoringReview;
    expect(reopened).to.include({ state: 'reopened', disposition: null, approvedBy: null });
    expect(reopened.history.at(-1)).to.deep.equal({ action: 'reopened' });

    await b.data(DISPOSITION, { id, d: 'escalate', note: 'Cannot tell.' });
    const mlroQueue = await mlro.data<{ monitoringReviews: { edges: { node: Node }[] } }>(LIST, { state: 'with_mlro', caseId: c.caseId });
    expect(mlroQueue.monitoringReviews.edges.map((e) => e.node.id)).to.deep.equal([id]);
    expect((await a.error(RESOLVE, { id, d: 'true_match', note: 'n' })).code).to.equal('FORBIDDEN');
    const resolved = (await mlro.data<{ resolveMonitoringReview: Node }>(RESOLVE, { id, d: 'true_match', note: 'Confirmed by passport.' })).resolveMonitoringReview;
    expect(resolved).to.include({ state: 'closed', disposition: 'true_match', dispositionBy: mlro.member.email, approvedBy: mlro.member.email });

    // Bad input and the default MLRO.
    expect((await a.error(LIST, { first: 0 })).code).to.equal('BAD_USER_INPUT');
    expect((await a.error(LIST, { caseId: 'CS-2000-99999' })).code).to.equal('NOT_FOUND');
    expect((await a.data<{ monitoringReview: unknown }>(ONE, { id: '00000000-0000-4000-8000-000000000000' })).monitoringReview).to.equal(null);
    expect((await a.error(DEFAULT_MLRO, { m: mlro.member.id })).code).to.equal('FORBIDDEN');
    expect((await admin.error(DEFAULT_MLRO, { m: a.member.id })).code).to.equal('BAD_USER_INPUT');
    expect((await admin.data<{ setDefaultMlro: Node }>(DEFAULT_MLRO, { m: mlro.member.id })).setDefaultMlro).to.deep.equal({ defaultMlroMemberId: mlro.member.id });
    expect((await admin.data<{ setDefaultMlro: Node }>(DEFAULT_MLRO, { m: null })).setDefaultMlro).to.deep.equal({ defaultMlroMemberId: null });
  });

  it('pages the queue newest first with a cursor bound to its filters', async () => {
    const a = await h.signedIn('analyst');
    const tenant = a.member.tenant;
    const c = await monitoredCase(rt, tenant);
    for (let i = 0; i < 3; i++) await alert(rt, fact(tenant, c, { factKey: `adverse_media:dir_0:${i}`, alertType: 'adverse_media', subjectRef: 'dir_0' }));
    const p1 = (await a.data<{ monitoringReviews: { edges: { node: Node }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(LIST, { first: 2 })).monitoringReviews;
    expect(p1.edges.map((e) => e.node.reviewRef)).to.deep.equal([`MR-${new Date().getUTCFullYear()}-00003`, `MR-${new Date().getUTCFullYear()}-00002`]);
    expect(p1.pageInfo.hasNextPage).to.equal(true);
    const p2 = (await a.data<{ monitoringReviews: { edges: { node: Node }[]; pageInfo: { hasNextPage: boolean } } }>(LIST, { first: 2, after: p1.pageInfo.endCursor })).monitoringReviews;
    expect(p2.edges.map((e) => e.node.reviewRef)).to.deep.equal([`MR-${new Date().getUTCFullYear()}-00001`]);
    expect(p2.pageInfo.hasNextPage).to.equal(false);
    expect((await a.error(LIST, { first: 2, after: p1.pageInfo.endCursor, state: 'open' })).code).to.equal('BAD_USER_INPUT');
  });
});
