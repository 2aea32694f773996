import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';
import { runtime } from '../support/runtime';
import { alert, fact, monitoredCase } from './support';

const FIELDS = 'id reviewRef caseId state';
const LIST = `query($state: MonitoringReviewState, $caseId: String) {
  monitoringReviews(state: $state, caseId: $caseId, first: 50) { edges { node { ${FIELDS} } } } }`;
const ONE = `query($id: ID!) { monitoringReview(id: $id) { ${FIELDS} alerts { alertId } } }`;
const DISPOSITION = `mutation($id: ID!, $d: MonitoringReviewDisposition!, $note: String!) { dispositionMonitoringReview(id: $id, disposition: $d, note: $note) { ${FIELDS} } }`;
const APPROVE = `mutation($id: ID!) { approveMonitoringReview(id: $id) { ${FIELDS} } }`;
const REOPEN = `mutation($id: ID!, $reason: String!) { reopenMonitoringReview(id: $id, reason: $reason) { ${FIELDS} } }`;
const MONITORING = 'query($caseId: ID!) { caseMonitoring(caseId: $caseId) { caseId monitored } }';
const TEST_DATA = 'mutation { setConsoleMode(mode: "test") { mode } }';

type Node = { id: string; reviewRef: string; caseId: string; state: string };

describe('console GraphQL: monitoring reviews follow the Test data switch', function () {
  this.timeout(90_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  before(async () => {
    h = await ConsoleHarness.start();
    rt = await runtime();
  });
  after(() => h.close());

  const list = async (client: ConsoleClient, vars: Record<string, unknown> = {}) =>
    (await client.data<{ monitoringReviews: { edges: { node: Node }[] } }>(LIST, vars)).monitoringReviews.edges.map((e) => e.node);

  it('the live view lists, opens and acts on live reviews only, the test view test ones only; the other mode\'s review is not found', async () => {
    const live = await h.signedIn('mlro');
    const tenant = live.member.tenant;
    // The same member in a second browser with "Test data" on; a second analyst of each view signs off.
    const test = await h.signedInAs(live.member);
    expect((await test.data<{ setConsoleMode: { mode: string } }>(TEST_DATA)).setConsoleMode).to.deep.equal({ mode: 'test' });
    const liveB = await h.signedIn('analyst', tenant);
    const testB = await h.signedInAs(liveB.member);
    await testB.data(TEST_DATA);

    const liveCase = await monitoredCase(rt, tenant, { companyName: 'Live Holdings Ltd' });
    const testCase = await monitoredCase(rt, tenant, { companyName: 'Test Holdings Ltd', mode: 'test' });
    await alert(rt, fact(tenant, liveCase));
    await alert(rt, fact(tenant, testCase));

    const [liveReview, ...moreLive] = await list(live);
    const [testReview, ...moreTest] = await list(test);
    expect(moreLive, 'the live queue: the live review only').to.deep.equal([]);
    expect(moreTest, 'the test queue: the test review only').to.deep.equal([]);
    expect(liveReview).to.include({ caseId: liveCase.caseId, state: 'open' });
    expect(testReview).to.include({ caseId: testCase.caseId, state: 'open' });
    expect(await list(live, { state: 'open' })).to.deep.equal([liveReview]);
    expect(await list(test, { state: 'open' })).to.deep.equal([testReview]);

    // A review of the other mode is as missing as one that does not exist, by id and by reviewRef.
    expect((await live.data<{ monitoringReview: unknown }>(ONE, { id: testReview!.id })).monitoringReview).to.equal(null);
    expect((await live.data<{ monitoringReview: unknown }>(ONE, { id: testReview!.reviewRef })).monitoringReview).to.equal(null);
    expect((await test.data<{ monitoringReview: unknown }>(ONE, { id: liveReview!.id })).monitoringReview).to.equal(null);
    expect((await test.data<{ monitoringReview: Node }>(ONE, { id: testReview!.reviewRef })).monitoringReview).to.include({ id: testReview!.id, caseId: testCase.caseId });
    // The list narrowed to a case of the other mode: that case is not found.
    expect(await live.error(LIST, { caseId: testCase.caseId })).to.deep.include({ code: 'NOT_FOUND', message: 'Case not found.' });
    expect(await test.error(LIST, { caseId: liveCase.caseId })).to.deep.include({ code: 'NOT_FOUND', message: 'Case not found.' });
    expect(await list(test, { caseId: testCase.caseId })).to.deep.equal([testReview]);
    // The case's monitoring (runs and alerts): null across modes, as for a missing case.
    expect((await live.data<{ caseMonitoring: unknown }>(MONITORING, { caseId: testCase.caseId })).caseMonitoring).to.equal(null);
    expect((await test.data<{ caseMonitoring: unknown }>(MONITORING, { caseId: testCase.caseId })).caseMonitoring).to.deep.equal({ caseId: testCase.caseId, monitored: true });

    // Actions across modes: not found, and nothing changes.
    const notFound = { code: 'NOT_FOUND', message: 'Monitoring review not found.' };
    expect(await liveB.error(DISPOSITION, { id: testReview!.id, d: 'false_positive', note: 'A namesake.' })).to.deep.include(notFound);
    expect(await testB.error(DISPOSITION, { id: liveReview!.reviewRef, d: 'false_positive', note: 'A namesake.' })).to.deep.include(notFound);
    expect((await test.data<{ monitoringReview: Node }>(ONE, { id: testReview!.id })).monitoringReview.state).to.equal('open');

    // In its own mode a test review is worked as a live one: verdict, approval by a second member, reopening.
    expect((await testB.data<{ dispositionMonitoringReview: Node }>(DISPOSITION, { id: testReview!.id, d: 'false_positive', note: 'A namesake.' }))
      .dispositionMonitoringReview).to.include({ state: 'pending_approval' });
    expect(await live.error(APPROVE, { id: testReview!.id })).to.deep.include(notFound);
    expect((await test.data<{ approveMonitoringReview: Node }>(APPROVE, { id: testReview!.id })).approveMonitoringReview).to.include({ state: 'closed' });
    expect(await live.error(REOPEN, { id: testReview!.id, reason: 'New facts.' })).to.deep.include(notFound);
    expect((await test.data<{ reopenMonitoringReview: Node }>(REOPEN, { id: testReview!.id, reason: 'New facts.' })).reopenMonitoringReview).to.include({ state: 'reopened' });
    expect(await list(live, { state: 'reopened' }), 'the live view still has no reopened review').to.deep.equal([]);
    expect((await list(live)).map((r) => [r.id, r.state])).to.deep.equal([[liveReview!.id, 'open']]);
  });
});
