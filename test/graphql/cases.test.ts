import { expect } from 'chai';
import { untilCaching } from '../support/within';
import { assignCaseOwner } from '../../src/cases/index';
import type { Tenant } from '../../src/tenants/index';
import { seedDecision, seedDocument, seedHit, seedParty } from '../rest/factories';
import { analystOf, newCase, setStatus } from './case-support';
import { ConsoleHarness, type ConsoleClient } from './harness';

const PAGE = `query Page($first: Int, $after: String, $filter: CaseFilter) {
  cases(first: $first, after: $after, filter: $filter) {
    edges { cursor node { caseId companyName status source owner { id name email } riskBand riskScore decision { outcome notes analystEmail decidedAt auto reason } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

type Edge = { cursor: string; node: { caseId: string; companyName: string; status: string; owner: { id: string; name: string; email: string } | null; riskBand: string | null; decision: { outcome: string } | null } };
type PageData = { cases: { edges: Edge[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

describe('console GraphQL: cases and case', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const ids = async (client: ConsoleClient, filter: Record<string, unknown>) =>
    (await client.data<PageData>(PAGE, { filter })).cases.edges.map((e) => e.node.caseId);

  it('pages newest first with edge cursors; every edge cursor and endCursor continue after their row; first above 200 is read as 200, below 1 is BAD_USER_INPUT', async () => {
    const analyst = await h.signedIn('analyst');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await newCase(h.svc, analyst.member.tenant, { companyName: `Paged ${i} Ltd` })).caseId);
    const newest = [...made].reverse();
    const p1 = await analyst.data<PageData>(PAGE, { first: 2 });
    expect(p1.cases.edges.map((e) => e.node.caseId)).to.deep.equal(newest.slice(0, 2));
    expect(p1.cases.pageInfo).to.deep.equal({ hasNextPage: true, endCursor: p1.cases.edges[1]!.cursor });
    const p2 = await analyst.data<PageData>(PAGE, { first: 2, after: p1.cases.pageInfo.endCursor });
    expect(p2.cases.edges.map((e) => e.node.caseId)).to.deep.equal(newest.slice(2, 4));
    const fromFirstEdge = await analyst.data<PageData>(PAGE, { first: 10, after: p1.cases.edges[0]!.cursor });
    expect(fromFirstEdge.cases.edges.map((e) => e.node.caseId)).to.deep.equal(newest.slice(1));
    expect(fromFirstEdge.cases.pageInfo.hasNextPage).to.equal(false);

    // The page-size rule of every door (decisions.md's limit): above 200 is read as 200, below 1 is refused.
    // (A light selection: the query-cost limit still refuses 200 rows that each ask for many fields.)
    const light = 'query ($first: Int) { cases(first: $first) { edges { node { caseId } } } }';
    expect((await analyst.data<PageData>(light, { first: 201 })).cases.edges.map((e) => e.node.caseId)).to.deep.equal(newest);
    const tooFew = await analyst.error(PAGE, { first: 0 });
    expect(tooFew).to.deep.include({ code: 'BAD_USER_INPUT', message: 'first: must be at least 1' });
    expect(tooFew.extensions.details).to.deep.equal([{ path: 'first', message: 'must be at least 1' }]);
    // A cursor of another filter is refused, never reinterpreted.
    const foreign = await analyst.error(PAGE, { first: 2, after: p1.cases.pageInfo.endCursor, filter: { status: ['approved'] } });
    expect(foreign.code).to.equal('BAD_USER_INPUT');
    // Another tenant's member sees none of these cases.
    const outsider = await h.signedIn('admin');
    expect(await ids(outsider, {})).to.deep.equal([]);
  });

  it('filters by status, source, crmSource, ownerId, riskBand, updatedSince and search (words anywhere, or prefixes of company, email, caseId, crmRecordId)', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const a = await newCase(h.svc, tenant, { companyName: 'Zephyr Trading Ltd', customerEmail: 'Owner.Zed@Zephyr.example' });
    const b = await newCase(h.svc, tenant, { companyName: 'Acme Widgets plc' });
    const c = await newCase(h.svc, tenant, { companyName: 'Acme Gadgets Ltd' });
    await setStatus(h.svc, a.pk, 'approved');
    await setStatus(h.svc, b.pk, 'in_review');
    await h.svc.db.query("UPDATE cases SET source = 'api', crm_source = 'hubspot', crm_record_id = '0031x00000AbCdE' WHERE pk = ?", [b.pk]);
    await h.svc.db.query("UPDATE cases SET risk_band = 'high', risk_score = 81.5 WHERE pk = ?", [c.pk]);
    await h.svc.db.query('UPDATE cases SET updated_at = ? WHERE pk IN (?)', [new Date('2020-01-01T00:00:00Z'), [a.pk, b.pk]]);
    await assignCaseOwner(h.svc, analystOf(tenant), { caseId: c.caseId, memberId: analyst.member.id });

    expect(await ids(analyst, { status: ['approved', 'in_review'] })).to.deep.equal([b.caseId, a.caseId]);
    expect(await ids(analyst, { status: ['in_progress'] })).to.deep.equal([c.caseId]);
    expect(await ids(analyst, { source: 'api' })).to.deep.equal([b.caseId]);
    expect(await ids(analyst, { source: 'manual' })).to.deep.equal([c.caseId, a.caseId]);
    expect(await ids(analyst, { crmSource: 'hubspot' })).to.deep.equal([b.caseId]);
    expect(await ids(analyst, { ownerId: analyst.member.id })).to.deep.equal([c.caseId]);
    expect(await ids(analyst, { riskBand: 'high' })).to.deep.equal([c.caseId]);
    expect(await ids(analyst, { updatedSince: '2021-01-01T00:00:00.000Z' })).to.deep.equal([c.caseId]);
    expect(await ids(analyst, { search: 'acme' })).to.deep.equal([c.caseId, b.caseId]);
    expect(await ids(analyst, { search: 'Acme W' })).to.deep.equal([b.caseId]);
    expect(await ids(analyst, { search: 'owner.zed@zephyr' })).to.deep.equal([a.caseId]);
    expect(await ids(analyst, { search: a.caseId.toLowerCase() })).to.deep.equal([a.caseId]);
    expect(await ids(analyst, { search: '0031x00000AbC' })).to.deep.equal([b.caseId]);
    expect(await ids(analyst, { search: '0031x00000abc' }), 'a word of the crmRecordId, any letter case').to.deep.equal([b.caseId]);
    expect(await ids(analyst, { search: 'Widgets' }), 'a word anywhere').to.deep.equal([b.caseId]);
    expect(await ids(analyst, { search: 'idgets' }), 'the beginning of a word, not a substring').to.deep.equal([]);
    expect(await ids(analyst, { search: '%cme' }), 'LIKE wildcards are literal').to.deep.equal([]);
    expect(await ids(analyst, { search: 'acme', status: ['in_review'] })).to.deep.equal([b.caseId]);

    const page = await analyst.data<PageData>(PAGE, { filter: { ownerId: analyst.member.id } });
    expect(page.cases.edges[0]!.node).to.deep.include({
      owner: { id: analyst.member.id, name: `analyst ${analyst.member.email.split('.')[1]}`, email: analyst.member.email }, riskBand: 'high', riskScore: 81.5, decision: null,
    });
  });

  it('case(caseId) has every field, its nested parts and timeline; null for a missing or foreign id', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant: Tenant = analyst.member.tenant;
    const c = await newCase(h.svc, tenant, { companyName: 'Nested Ltd', customerEmail: 'nested@customer.example' });
    await h.svc.db.query("UPDATE cases SET company_number = '01234567', country = 'GB' WHERE pk = ?", [c.pk]);
    await seedDecision(h.svc, tenant.id, c.pk, { outcome: 'declined', notes: 'First look.', decidedAt: new Date('2026-01-01T10:00:00Z') });
    await seedDecision(h.svc, tenant.id, c.pk, { outcome: 'approved', notes: 'Second look.', decidedAt: new Date('2026-01-02T10:00:00Z') });
    const docId = await seedDocument(h.svc, tenant.id, c.pk, { extractedData: { companyName: 'Nested Ltd', directors: ['Jane Doe'] } });
    await seedHit(h.svc, tenant.id, c.pk, { hitId: 'hit-1', isPep: true, triaged: true });
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'director', position: 0, name: 'Jane Doe' });
    await seedParty(h.svc, tenant.id, c.pk, { kind: 'ubo', position: 0, name: 'John Roe' });

    const q = `query One($id: String!) { case(caseId: $id) {
      caseId companyName status source onboardingStage customerEmail customerName country companyNumber crmRecordId crmSource createdAt updatedAt createdBy
      owner { id } riskBand riskScore analystUrl
      decision { outcome notes decidedAt auto reason }
      decisions { outcome notes }
      documents { id caseId status filename confidence extractedData warnings }
      screeningHits { hitId subjectName isPep isSanctioned topics triage { status confidence disposition } disposition }
      parties { kind position name roles ownershipPercent dateOfBirth verificationStatus }
      timeline(first: 5) { edges { node { eventType eventVersion caseSequence occurredAt payload } } pageInfo { hasNextPage } }
    } }`;
    const { case: got } = await analyst.data<{ case: Record<string, unknown> }>(q, { id: c.caseId });
    expect(got).to.deep.include({
      caseId: c.caseId, companyName: 'Nested Ltd', status: 'in_progress', source: 'manual', onboardingStage: 'created', customerEmail: 'nested@customer.example',
      customerName: null, country: 'GB', companyNumber: '01234567', crmRecordId: null, crmSource: null, createdBy: 'operator', owner: null, riskBand: null,
      riskScore: null, analystUrl: `${h.url}/cases?case=${c.caseId}`,
      decision: { outcome: 'approved', notes: 'Second look.', decidedAt: '2026-01-02T10:00:00.000Z', auto: false, reason: null },
      decisions: [{ outcome: 'approved', notes: 'Second look.' }, { outcome: 'declined', notes: 'First look.' }],
      documents: [{ id: docId, caseId: c.caseId, status: 'complete', filename: 'incorporation.pdf', confidence: 'High', extractedData: { companyName: 'Nested Ltd', directors: ['Jane Doe'] }, warnings: ['blurry page 2'] }],
      screeningHits: [{ hitId: 'hit-1', subjectName: 'John Doe', isPep: true, isSanctioned: false, topics: ['sanction'], triage: { status: 'complete', confidence: 87, disposition: 'false_positive' }, disposition: null }],
      parties: [
        { kind: 'director', position: 0, name: 'Jane Doe', roles: ['director'], ownershipPercent: null, dateOfBirth: '1980-04-01', verificationStatus: null },
        { kind: 'ubo', position: 0, name: 'John Roe', roles: ['ubo'], ownershipPercent: 25.5, dateOfBirth: '1980-04-01', verificationStatus: null },
      ],
    });
    const timeline = got.timeline as { edges: { node: { eventType: string; caseSequence: number; payload: Record<string, unknown>; occurredAt: string } }[]; pageInfo: { hasNextPage: boolean } };
    const [stored] = (await h.svc.db.query('SELECT data FROM events WHERE org_id = ? AND case_id = ?', [tenant.id, c.caseId])) as { data: string }[];
    expect(timeline.edges.map((e) => e.node.eventType)).to.deep.equal(['case.created']);
    expect(timeline.edges[0]!.node.payload).to.deep.equal(JSON.parse(stored!.data));
    expect(timeline.edges[0]!.node.occurredAt).to.equal(JSON.parse(stored!.data).timestamp);

    expect((await analyst.data<{ case: unknown }>(q, { id: 'CS-2020-99999' })).case).to.equal(null);
    expect((await analyst.data<{ case: unknown }>(q, { id: 'not a case id' })).case).to.equal(null);
    const outsider = await h.signedIn('admin');
    expect((await outsider.data<{ case: unknown }>(q, { id: c.caseId })).case, 'another tenant').to.equal(null);
  });

  it('asks nothing of an anonymous browser: UNAUTHENTICATED', async () => {
    const e = await h.browser().error('{ cases { edges { node { caseId } } } }');
    expect(e.code).to.equal('UNAUTHENTICATED');
  });

  it('a page of 5 and of 50 cases costs the same statements: two with owner, riskBand and decision (one once the session check is cached), three with documents too', async () => {
    const analyst = await h.signedIn('analyst');
    const sessions = h.svc.consoleSessionCache;
    await untilCaching(sessions);
    const tenant = analyst.member.tenant;
    for (let i = 0; i < 50; i++) {
      const c = await newCase(h.svc, tenant, { companyName: `Counted ${i} Ltd` });
      await seedDecision(h.svc, tenant.id, c.pk, { outcome: i % 2 ? 'approved' : 'declined' });
      if (i % 3 === 0) await assignCaseOwner(h.svc, analystOf(tenant), { caseId: c.caseId, memberId: analyst.member.id });
      await h.svc.db.query("UPDATE cases SET risk_band = 'low' WHERE pk = ?", [c.pk]);
    }
    const logger = h.svc.db.logger;
    const original = logger.logQuery.bind(logger);
    const statements: string[] = [];
    logger.logQuery = (query, parameters, runner) => {
      statements.push(query);
      return original(query, parameters, runner);
    };
    try {
      for (const first of [5, 50]) {
        // The session check read from the database (nothing cached), then answered from this process's cache.
        sessions.flush();
        statements.length = 0;
        const page = await analyst.data<PageData>(PAGE, { first });
        expect(page.cases.edges).to.have.lengthOf(first);
        expect(page.cases.edges.every((e) => e.node.decision !== null && e.node.riskBand === 'low')).to.equal(true);
        expect(page.cases.edges.filter((e) => e.node.owner !== null).length).to.be.greaterThan(0);
        // The session with its member (one statement), then the page of cases with their decisions (owner and risk band are on the row).
        // (The tags are a subquery of the page's statement, and whether the member has a second factor one of the session's.)
        const tables = statements.map((q) => /\bFROM\s+`?(\w+)/.exec(q.replace(/FROM (case_tags t|second_factors f)\b/g, ''))?.[1] ?? q.slice(0, 40));
        expect(tables, `first: ${first}`).to.deep.equal(['member_sessions', 'cases']);
        expect(statements[0], 'the member comes with the session').to.match(/JOIN members m/);
        expect(statements[1], 'the decisions come with the page').to.match(/LEFT JOIN decisions d/);

        // A nested list goes through the request's DataLoader: one more statement for the whole page.
        statements.length = 0;
        const withDocs = await analyst.data<{ cases: { edges: { node: { documents: unknown[]; decision: unknown } }[] } }>(
          `query($first: Int) { cases(first: $first) { edges { node { caseId documents { id } ...D } } } } fragment D on Case { decision { outcome } }`, { first },
        );
        expect(withDocs.cases.edges.every((e) => e.node.decision !== null && e.node.documents.length === 0)).to.equal(true);
        expect(statements.map((q) => /\bFROM\s+`?(\w+)/.exec(q.replace(/FROM (case_tags t|second_factors f)\b/g, ''))?.[1]), `first: ${first}, documents`).to.deep.equal(['cases', 'cases']);
        expect(statements[1], 'one statement for the documents of the whole page').to.match(/JOIN documents d .* c\.case_id IN \(/s);
      }
    } finally {
      logger.logQuery = original;
    }
  });

  it('refuses an abusive query before running it: too deep, or too costly (GRAPHQL_VALIDATION_FAILED, 400)', async () => {
    const analyst = await h.signedIn('analyst');
    const legit = await analyst.gql('{ cases(first: 20) { edges { node { caseId owner { name } decision { outcome } timeline(first: 5) { edges { node { payload } } } } } } }');
    expect(legit.status, JSON.stringify(legit.body.errors)).to.equal(200);

    // The console's types do not nest that deep; the depth rule counts the selection as written.
    let nested = 'x';
    for (let i = 0; i < 8; i++) nested = `n${i} { ${nested} }`;
    const tooDeep = await analyst.gql(`{ cases { edges { node { ${nested} } } } }`);
    expect(tooDeep.status).to.equal(400);
    expect(tooDeep.body.errors!.map((e) => e.message)).to.include('The query is nested 12 levels deep; at most 10 are allowed.');
    expect(tooDeep.body.errors!.every((e) => e.extensions.code === 'GRAPHQL_VALIDATION_FAILED')).to.equal(true);

    const costly = await analyst.gql(`{ cases(first: 100) { edges { node { caseId companyName status source onboardingStage customerEmail customerName
      country companyNumber crmRecordId crmSource createdAt updatedAt createdBy riskBand riskScore analystUrl owner { id name email }
      decision { outcome notes analystEmail decidedAt } timeline(first: 100) { edges { node { payload } } } } } } }`);
    expect(costly.status).to.equal(400);
    expect(costly.body.errors![0]!.extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
    expect(costly.body.errors![0]!.message).to.match(/^The query would cost \d+; at most 3000 is allowed/);
    expect(costly.body.data).to.equal(undefined);
  });
});
