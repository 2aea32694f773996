import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import type { ApiClientActor } from '../../src/access/index';
import { isDomainError, type Services } from '../../src/platform/index';
import { runAiReview } from '../../src/review/index';
import type { MemberRole } from '../../src/tenants/index';
import { caseEventsInFeed, feedToken } from '../graphql/case-support';
import { ConsoleHarness } from '../graphql/harness';
import { drainJobs, runtime } from '../support/runtime';
import { caseWithApplication, cleanApplication, insertDocument, setRisk } from './support';

const REVIEW_FIELDS = 'reviewId triggeredBy reviewer recommendation confidence riskFactors { text severity } completedAt';
const RUN = `mutation($id: ID!) { runAiReview(caseId: $id) { ${REVIEW_FIELDS} } }`;
const CASE = `query($id: String!) { case(caseId: $id) { caseId aiReview { ${REVIEW_FIELDS} } } }`;
const LIST = `query { cases(first: 10) { edges { node { caseId aiReview { reviewId recommendation } } } } }`;

describe('console GraphQL: AI case review', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let rt: Runtime;
  before(async () => {
    h = await ConsoleHarness.start();
    rt = await runtime();
  });
  after(() => h.close());

  const reviewCount = async (orgId: string) => Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM ai_reviews WHERE org_id = ?', [orgId]))[0].n);

  it('an analyst runs the review: the answer, the case\'s latest aiReview and ai_review.completed in /v1/events agree', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await caseWithApplication(h.svc, tenant, cleanApplication, 'Plain Widgets Ltd');
    await insertDocument(h.svc, tenant.id, c.pk, { type: 'certificate_of_incorporation' });
    await insertDocument(h.svc, tenant.id, c.pk, { type: 'passport' });
    await setRisk(h.svc, tenant.id, c.pk, 'low', 9);

    expect((await analyst.data<{ case: { aiReview: unknown } }>(CASE, { id: c.caseId })).case.aiReview).to.equal(null);
    const { runAiReview: first } = await analyst.data<{ runAiReview: Record<string, unknown> }>(RUN, { id: c.caseId });
    expect(first).to.deep.equal({
      reviewId: first.reviewId, triggeredBy: analyst.member.email, reviewer: 'local', recommendation: 'Approve', confidence: 'High', riskFactors: [],
      completedAt: first.completedAt,
    });
    await setRisk(h.svc, tenant.id, c.pk, 'high', 80);
    const { runAiReview: second } = await analyst.data<{ runAiReview: Record<string, unknown> }>(RUN, { id: c.caseId });
    expect([second.recommendation, second.confidence, second.riskFactors]).to.deep.equal(['Refer', 'High', [{ text: 'Risk band high (score 80).', severity: 'HIGH' }]]);
    expect(second.reviewId).to.be.above(first.reviewId as number);

    expect((await analyst.data<{ case: { aiReview: unknown } }>(CASE, { id: c.caseId })).case.aiReview).to.deep.equal(second);
    const other = await caseWithApplication(h.svc, tenant, cleanApplication, 'Unreviewed Ltd');
    const list = await analyst.data<{ cases: { edges: { node: { caseId: string; aiReview: unknown } }[] } }>(LIST);
    const byId = new Map(list.cases.edges.map((e) => [e.node.caseId, e.node.aiReview]));
    expect(byId.get(c.caseId)).to.deep.equal({ reviewId: second.reviewId, recommendation: 'Refer' });
    expect(byId.get(other.caseId)).to.equal(null);

    await drainJobs(rt, { orgId: tenant.id });
    const events = (await caseEventsInFeed(h, tenant, c.caseId, await feedToken(h, tenant))).filter((e) => e.type === 'ai_review.completed');
    expect(events.map((e) => [e.payload.reviewId, e.payload.triggeredBy, e.payload.recommendation, e.payload.riskFactorCount, e.payload.completedAt])).to.deep.equal([
      [first.reviewId, analyst.member.email, 'Approve', 0, first.completedAt],
      [second.reviewId, analyst.member.email, 'Refer', 1, second.completedAt],
    ]);
  });

  it('every console role may run it; signed out, or another organisation\'s case, it is refused and nothing is stored', async () => {
    const tenant = await h.tenant();
    const c = await caseWithApplication(h.svc, tenant, cleanApplication);
    for (const role of ['analyst', 'mlro', 'compliance_admin', 'admin'] as MemberRole[]) {
      const member = await h.signedIn(role, tenant);
      const { runAiReview: r } = await member.data<{ runAiReview: { triggeredBy: string } }>(RUN, { id: c.caseId });
      expect(r.triggeredBy, role).to.equal(member.member.email);
    }
    expect(await reviewCount(tenant.id)).to.equal(4);

    const signedOut = await h.browser().error(RUN, { id: c.caseId });
    expect(signedOut.code).to.equal('UNAUTHENTICATED');
    const stranger = await h.signedIn('admin');
    const foreign = await stranger.error(RUN, { id: c.caseId });
    expect([foreign.code, foreign.message]).to.deep.equal(['NOT_FOUND', 'Case not found.']);
    expect((await stranger.data<{ case: unknown }>(CASE, { id: c.caseId })).case).to.equal(null);
    expect(await reviewCount(tenant.id)).to.equal(4);
    expect(await reviewCount(stranger.member.tenant.id)).to.equal(0);
  });

  it('API clients may not run it (it is console work)', async () => {
    const tenant = await h.tenant();
    const c = await caseWithApplication(h.svc, tenant, cleanApplication);
    const client: ApiClientActor = { kind: 'api_client', orgId: tenant.id, clientId: 'crm', scopes: ['read:cases', 'cases:write', 'read:full_case'], tokenId: 'jti', mode: 'live' };
    try {
      await runAiReview(h.svc, client, { caseId: c.caseId });
      expect.fail('expected forbidden');
    } catch (err) {
      expect(isDomainError(err) && err.code).to.equal('forbidden');
    }
    expect(await reviewCount(tenant.id)).to.equal(0);
  });

  it('a reviewer that gives no usable answer is SERVICE_UNAVAILABLE with a plain message, and nothing is stored', async () => {
    const analyst = await h.signedIn('analyst');
    const c = await caseWithApplication(h.svc, analyst.member.tenant, cleanApplication);
    const svc = h.svc as Services;
    const kept = svc.reviewer;
    svc.reviewer = { name: 'llm:gone', review: async () => { throw new Error('The LLM service at http://127.0.0.1:9 gave no complete answer within 30000 ms.'); } };
    try {
      const err = await analyst.error(RUN, { id: c.caseId });
      expect([err.code, err.message]).to.deep.equal(['SERVICE_UNAVAILABLE', 'The AI case review (llm:gone) did not give a usable answer; nothing was stored. Try again later.']);
    } finally {
      svc.reviewer = kept;
    }
    expect(await reviewCount(analyst.member.tenant.id)).to.equal(0);
  });
});
