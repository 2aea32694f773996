import { expect } from 'chai';
import { assignCaseOwner } from '../../src/cases/index';
import { countConsoleCases } from '../../src/cases/case-work.repository';
import { listConsoleCases } from '../../src/cases/list-console-cases';
import { forTenant } from '../../src/db/index';
import { memberActor } from '../../src/access/index';
import type { Services } from '../../src/platform/index';
import { bulkCases } from '../support/bulk-cases';
import { CASE_TAGS_BACKFILL } from '../../migrations/1763704530000-case-tags-on-case';
import type { MemberRole } from '../../src/tenants/index';
import { analystOf, newCase, setStatus } from './case-support';
import { ConsoleHarness, type ConsoleClient } from './harness';

/** The case list as a work queue (issue 26): references, sorting, totals, assignee and tag filters, tags, views. */
const LIST = `query List($first: Int, $after: String, $filter: CaseFilter, $sort: CaseSort) {
  cases(first: $first, after: $after, filter: $filter, sort: $sort) {
    totalCount
    edges { cursor node { caseId reference companyName tags } }
    pageInfo { hasNextPage endCursor }
  }
}`;
type ListData = { cases: { totalCount: number; edges: { cursor: string; node: { caseId: string; reference: string; companyName: string; tags: string[] } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

const SET_TAGS = 'mutation ($caseId: String!, $tags: [String!]!) { setCaseTags(caseId: $caseId, tags: $tags) { caseId tags } }';
const VIEWS = '{ caseViews { id name builtIn createdBy viewerCanDelete filter { status search assignee tags riskBand } } }';
const SAVE = 'mutation ($name: String!, $filter: CaseFilter!) { saveCaseView(name: $name, filter: $filter) { id name builtIn createdBy viewerCanDelete filter { status search assignee tags } } }';
const DELETE = 'mutation ($id: ID!) { deleteCaseView(viewId: $id) }';
/** Each listed case's tags by its company name, as the list shows them. */
const tagsByCompany = async (client: ConsoleClient) =>
  Object.fromEntries((await client.data<ListData>(LIST, {})).cases.edges.map((e) => [e.node.companyName, e.node.tags]));
type View = { id: string; name: string; builtIn: boolean; createdBy: string | null; viewerCanDelete: boolean; filter: Record<string, unknown> };

describe('console GraphQL: the case list as a work queue', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('every case has a short reference C-<n> per organisation; caseId stays the id; search finds words anywhere and references', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const a = await newCase(h.svc, tenant, { companyName: 'Casino Royale Ltd', customerEmail: 'vesper@lynd.example' });
    const b = await newCase(h.svc, tenant, { companyName: 'Royal Mail Holdings' });
    const c = await newCase(h.svc, tenant, { companyName: 'Quantum of Solace plc' });
    const got = await analyst.data<ListData>(LIST, {});
    expect(got.cases.edges.map((e) => [e.node.caseId, e.node.reference])).to.deep.equal([[c.caseId, 'C-3'], [b.caseId, 'C-2'], [a.caseId, 'C-1']]);
    expect(got.cases.totalCount).to.equal(3);
    const one = await analyst.data<{ case: { caseId: string; reference: string } }>('query ($id: String!) { case(caseId: $id) { caseId reference } }', { id: b.caseId });
    expect(one.case).to.deep.equal({ caseId: b.caseId, reference: 'C-2' });
    // Another organisation counts from 1 again.
    const outsider = await h.signedIn('analyst');
    await newCase(h.svc, outsider.member.tenant, { companyName: 'Elsewhere Ltd' });
    expect((await outsider.data<ListData>(LIST, {})).cases.edges.map((e) => e.node.reference)).to.deep.equal(['C-1']);

    const search = async (term: string) => (await analyst.data<ListData>(LIST, { filter: { search: term } })).cases;
    expect((await search('Royale')).edges.map((e) => e.node.caseId), 'a word in the middle').to.deep.equal([a.caseId]);
    expect((await search('royal')).edges.map((e) => e.node.caseId), 'the beginning of words').to.deep.equal([b.caseId, a.caseId]);
    expect((await search('solace quantum')).edges.map((e) => e.node.caseId), 'words in any order').to.deep.equal([c.caseId]);
    expect((await search('lynd')).edges.map((e) => e.node.caseId), 'a word of the email').to.deep.equal([a.caseId]);
    expect((await search('C-2')).edges.map((e) => e.node.caseId), 'the reference').to.deep.equal([b.caseId]);
    expect((await search('oyale')).edges, 'not inside a word').to.deep.equal([]);
    expect((await search('royal')).totalCount).to.equal(2);

    // The count stops one past its cap (10,000 in the list): here a cap of 2 reads 3 rows and says "more".
    const capped = await analyst.data<{ cases: { totalCount: number; totalCountCapped: boolean } }>('{ cases(first: 1) { totalCount totalCountCapped } }');
    expect(capped.cases).to.deep.equal({ totalCount: 3, totalCountCapped: false });
    const db = forTenant(h.svc.db, tenant.id);
    expect([await countConsoleCases(db, {}, 2), await countConsoleCases(db, {}, 1), await countConsoleCases(db, {}, 3)]).to.deep.equal([3, 2, 3]);
    // The page's statement counts (every filter, not the page's position); a page past the last row still has the count.
    const PAGE = 'query ($after: String, $filter: CaseFilter) { cases(first: 1, after: $after, filter: $filter) { totalCount edges { node { caseId } } pageInfo { endCursor } } }';
    type PageData = { cases: { totalCount: number; edges: { node: { caseId: string } }[]; pageInfo: { endCursor: string | null } } };
    const first = (await analyst.data<PageData>(PAGE, { filter: { search: 'royal' } })).cases;
    const second = (await analyst.data<PageData>(PAGE, { after: first.pageInfo.endCursor, filter: { search: 'royal' } })).cases;
    const past = (await analyst.data<PageData>(PAGE, { after: second.pageInfo.endCursor, filter: { search: 'royal' } })).cases;
    expect([first, second, past].map((p) => [p.edges.map((e) => e.node.caseId), p.totalCount])).to.deep.equal([[[b.caseId], 2], [[a.caseId], 2], [[], 2]]);
  });

  it('a tenant whose whole list holds more than 1,000 cases: counted past the cap once, then not again; its filtered lists and test data are still counted', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    await bulkCases(h.svc, tenant.id, 1000, 'cap');
    const newest = await newCase(h.svc, tenant, { companyName: 'Thousand And First Ltd' });
    await newCase(h.svc, tenant, { companyName: 'Test Data Ltd', mode: 'test' });
    // The statements the page runs, through a handle that records them.
    const statements: string[] = [];
    const db = new Proxy(h.svc.db, {
      get: (target, p, receiver) => (p === 'query'
        ? (sql: string, params?: unknown[]) => { statements.push(sql); return target.query(sql, params); }
        : Reflect.get(target, p, receiver)),
    });
    const svc: Services = { ...h.svc, db };
    const page = async (mode: 'live' | 'test', filter: { search?: string } = {}) => {
      statements.length = 0;
      const p = await listConsoleCases(svc, memberActor({ ...analyst.member, orgId: tenant.id }, undefined, mode), { limit: 1, withTotal: true, ...filter });
      return { first: p.data[0]?.caseId, total: p.totalCount, capped: p.totalCountCapped, counted: statements.some((q) => q.includes('COUNT(*)')) };
    };
    expect(await page('live'), 'the first look counts').to.deep.equal({ first: newest.caseId, total: 1000, capped: true, counted: true });
    expect(await page('live'), 'then it is known').to.deep.equal({ first: newest.caseId, total: 1000, capped: true, counted: false });
    expect(await page('live', { search: 'thousand' }), 'a filtered list').to.deep.equal({ first: newest.caseId, total: 1, capped: false, counted: true });
    expect(await page('test'), 'the test data').to.include({ total: 1, capped: false, counted: true });
    // The console answers the same.
    const seen = await analyst.data<{ cases: { totalCount: number; totalCountCapped: boolean } }>('{ cases(first: 1) { totalCount totalCountCapped } }');
    expect(seen.cases).to.deep.equal({ totalCount: 1000, totalCountCapped: true });
  });

  it('test cases are numbered T-<n> on their own counter: the live references stay contiguous, and each view finds its own by reference', async () => {
    const live = await h.signedIn('analyst');
    const tenant = live.member.tenant;
    const test = await h.signedInAs(live.member);
    await test.data('mutation { setConsoleMode(mode: "test") { mode } }');
    const made = [];
    for (const mode of ['live', 'test', 'test', 'live', 'test', 'live'] as const) made.push(await newCase(h.svc, tenant, { companyName: `Interleaved ${made.length} Ltd`, mode }));
    const refs = async (client: typeof live, search?: string) =>
      (await client.data<ListData>(LIST, search ? { filter: { search } } : {})).cases.edges.map((e) => [e.node.caseId, e.node.reference]);
    expect(await refs(live), 'the live list: C-1, C-2, C-3 with no gap').to.deep.equal([[made[5]!.caseId, 'C-3'], [made[3]!.caseId, 'C-2'], [made[0]!.caseId, 'C-1']]);
    expect(await refs(test), 'the test list: T-1, T-2, T-3').to.deep.equal([[made[4]!.caseId, 'T-3'], [made[2]!.caseId, 'T-2'], [made[1]!.caseId, 'T-1']]);
    // A reference is an id to the search: T-2 finds the test case in the test view and nothing in the live view; C-2 the reverse.
    expect(await refs(test, 'T-2')).to.deep.equal([[made[2]!.caseId, 'T-2']]);
    expect(await refs(live, 'T-2')).to.deep.equal([]);
    expect(await refs(live, 'C-2')).to.deep.equal([[made[3]!.caseId, 'C-2']]);
    expect(await refs(test, 'C-2')).to.deep.equal([]);
    expect(await refs(test, 't-1')).to.deep.equal([[made[1]!.caseId, 'T-1']]);
  });

  it('sorts by created, updated and risk (asc or desc, not assessed last when descending), pages in that order, and counts the whole list', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const cs = [];
    for (let i = 0; i < 5; i++) cs.push(await newCase(h.svc, tenant, { companyName: `Sorted ${i} Ltd` }));
    const [c0, c1, c2, c3, c4] = cs as [typeof cs[0], typeof cs[0], typeof cs[0], typeof cs[0], typeof cs[0]];
    await h.svc.db.query('UPDATE cases SET risk_score = ?, risk_band = ? WHERE pk = ?', [40, 'medium', c0.pk]);
    await h.svc.db.query('UPDATE cases SET risk_score = ?, risk_band = ? WHERE pk = ?', [90, 'high', c1.pk]);
    await h.svc.db.query('UPDATE cases SET risk_score = ?, risk_band = ? WHERE pk = ?', [40, 'medium', c3.pk]);
    const at = (iso: string, pk: number) => h.svc.db.query('UPDATE cases SET updated_at = ? WHERE pk = ?', [new Date(iso), pk]);
    await at('2026-01-05T00:00:00Z', c0.pk);
    await at('2026-01-01T00:00:00Z', c1.pk);
    await at('2026-01-03T00:00:00Z', c2.pk);
    await at('2026-01-04T00:00:00Z', c3.pk);
    await at('2026-01-02T00:00:00Z', c4.pk);
    const order = async (sort: Record<string, unknown> | null, first = 50) => (await analyst.data<ListData>(LIST, { sort, first })).cases.edges.map((e) => e.node.caseId);
    expect(await order(null)).to.deep.equal([c4, c3, c2, c1, c0].map((c) => c.caseId));
    expect(await order({ by: 'created', direction: 'asc' })).to.deep.equal([c0, c1, c2, c3, c4].map((c) => c.caseId));
    expect(await order({ by: 'updated' })).to.deep.equal([c0, c3, c2, c4, c1].map((c) => c.caseId));
    expect(await order({ by: 'updated', direction: 'asc' })).to.deep.equal([c1, c4, c2, c3, c0].map((c) => c.caseId));
    // Equal scores: the newer case first (desc); cases not assessed after every score.
    const byRisk = [c1, c3, c0, c4, c2].map((c) => c.caseId);
    expect(await order({ by: 'risk' })).to.deep.equal(byRisk);
    expect(await order({ by: 'risk', direction: 'asc' })).to.deep.equal([...byRisk].reverse());

    // Paging two at a time walks the same order, through ties and the cases not assessed, in either direction.
    for (const sort of [{ by: 'risk' }, { by: 'risk', direction: 'asc' }, { by: 'updated' }]) {
      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < 5; page++) {
        const got: ListData = await analyst.data<ListData>(LIST, { sort, first: 2, after });
        expect(got.cases.totalCount).to.equal(5);
        seen.push(...got.cases.edges.map((e) => e.node.caseId));
        if (!got.cases.pageInfo.hasNextPage) break;
        after = got.cases.pageInfo.endCursor;
      }
      expect(seen, JSON.stringify(sort)).to.deep.equal(await order(sort));
    }
    // A cursor of one order is refused in another.
    const first = await analyst.data<ListData>(LIST, { sort: { by: 'risk' }, first: 2 });
    expect((await analyst.error(LIST, { sort: { by: 'updated' }, first: 2, after: first.cases.pageInfo.endCursor })).code).to.equal('BAD_USER_INPUT');
    expect((await analyst.error(LIST, { sort: { by: 'priority' } })).code).to.equal('BAD_USER_INPUT');
  });

  it('filters by assignee (me, nobody); the built-in views Mine, Needs a decision, Unassigned and Breaching SLA come first in caseViews', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const mine = await newCase(h.svc, tenant, { companyName: 'Mine Ltd' });
    const theirs = await newCase(h.svc, tenant, { companyName: 'Theirs Ltd' });
    const waiting = await newCase(h.svc, tenant, { companyName: 'Waiting Ltd' });
    const returned = await newCase(h.svc, tenant, { companyName: 'Returned Ltd' });
    const done = await newCase(h.svc, tenant, { companyName: 'Done Ltd' });
    const other = await h.member('analyst', tenant);
    await assignCaseOwner(h.svc, analystOf(tenant), { caseId: mine.caseId, memberId: analyst.member.id });
    await assignCaseOwner(h.svc, analystOf(tenant), { caseId: theirs.caseId, memberId: other.id });
    await setStatus(h.svc, waiting.pk, 'in_review');
    await setStatus(h.svc, returned.pk, 'returned');
    await setStatus(h.svc, done.pk, 'approved');

    const views = (await analyst.data<{ caseViews: View[] }>(VIEWS)).caseViews;
    expect(views.map((v) => [v.id, v.name, v.builtIn, v.viewerCanDelete])).to.deep.equal([
      ['builtin:mine', 'Mine', true, false], ['builtin:needs_decision', 'Needs a decision', true, false], ['builtin:unassigned', 'Unassigned', true, false],
      ['builtin:breaching_sla', 'Breaching SLA', true, false],
    ]);
    const list = async (filter: Record<string, unknown>) => {
      const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== null));
      return (await analyst.data<ListData>(LIST, { filter: clean })).cases.edges.map((e) => e.node.companyName);
    };
    expect(await list(views[0]!.filter)).to.deep.equal(['Mine Ltd']);
    expect(await list(views[1]!.filter)).to.deep.equal(['Returned Ltd', 'Waiting Ltd']);
    expect(await list(views[2]!.filter)).to.deep.equal(['Returned Ltd', 'Waiting Ltd']);
    expect(await list({ assignee: 'nobody' })).to.deep.equal(['Done Ltd', 'Returned Ltd', 'Waiting Ltd']);
    expect(await list({ assignee: 'me' })).to.deep.equal(['Mine Ltd']);
  });

  it('setCaseTags sets the whole set (normalised, bounded); tags filter the list (every tag given); caseTags lists them; any member role may tag', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    const a = await newCase(h.svc, tenant, { companyName: 'Tagged A Ltd' });
    const b = await newCase(h.svc, tenant, { companyName: 'Tagged B Ltd' });
    await newCase(h.svc, tenant, { companyName: 'Untagged Ltd' });
    const roles: MemberRole[] = ['analyst', 'mlro', 'compliance_admin', 'admin'];
    for (const role of roles) {
      const client = role === 'admin' ? admin : await h.signedIn(role, tenant);
      const set = await client.data<{ setCaseTags: { caseId: string; tags: string[] } }>(SET_TAGS, { caseId: a.caseId, tags: ['  High  Value ', 'pep', 'PEP', `by-${role}`] });
      expect(set.setCaseTags).to.deep.equal({ caseId: a.caseId, tags: [`by-${role}`, 'high value', 'pep'] });
    }
    await admin.data(SET_TAGS, { caseId: a.caseId, tags: ['pep', 'vip'] });
    await admin.data(SET_TAGS, { caseId: b.caseId, tags: ['pep'] });
    const tagged = async (tags: string[]) => (await admin.data<ListData>(LIST, { filter: { tags } })).cases.edges.map((e) => e.node.companyName);
    expect(await tagged(['PEP'])).to.deep.equal(['Tagged B Ltd', 'Tagged A Ltd']);
    expect(await tagged(['pep', 'vip'])).to.deep.equal(['Tagged A Ltd']);
    expect(await tagged(['none'])).to.deep.equal([]);
    expect((await admin.data<{ caseTags: string[] }>('{ caseTags }')).caseTags).to.deep.equal(['pep', 'vip']);
    // Tags are not an update of the case: the pull API's updatedSince does not see them.
    const [row] = (await h.svc.db.query('SELECT updated_at FROM cases WHERE pk = ?', [b.pk])) as { updated_at: Date }[];
    await admin.data(SET_TAGS, { caseId: b.caseId, tags: ['pep', 'later'] });
    const [after] = (await h.svc.db.query('SELECT updated_at FROM cases WHERE pk = ?', [b.pk])) as { updated_at: Date }[];
    expect(after!.updated_at.getTime()).to.equal(row!.updated_at.getTime());
    // The list reads each case's tags from its row (cases.tags, written with case_tags), in tag order.
    const listed = () => tagsByCompany(admin);
    expect(await listed()).to.deep.equal({ 'Tagged A Ltd': ['pep', 'vip'], 'Tagged B Ltd': ['later', 'pep'], 'Untagged Ltd': [] });
    // Clearing.
    expect((await admin.data<{ setCaseTags: { tags: string[] } }>(SET_TAGS, { caseId: b.caseId, tags: [] })).setCaseTags.tags).to.deep.equal([]);
    expect(await listed()).to.deep.equal({ 'Tagged A Ltd': ['pep', 'vip'], 'Tagged B Ltd': [], 'Untagged Ltd': [] });

    // Bad input: each bad tag by position, too many tags; nothing changes.
    const bad = await admin.error(SET_TAGS, { caseId: a.caseId, tags: ['ok', '   ', '-dash first', 'x'.repeat(41), '<b>'] });
    expect(bad.code).to.equal('BAD_USER_INPUT');
    expect(bad.extensions.details).to.deep.equal([
      { path: 'tags[1]', message: 'must not be blank' },
      { path: 'tags[2]', message: 'must start with a letter or digit and hold only letters, digits, spaces, -, _, : or .' },
      { path: 'tags[3]', message: 'must be at most 40 characters long' },
      { path: 'tags[4]', message: 'must start with a letter or digit and hold only letters, digits, spaces, -, _, : or .' },
    ]);
    const tooMany = await admin.error(SET_TAGS, { caseId: a.caseId, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.extensions.details).to.deep.equal([{ path: 'tags', message: 'must hold at most 20 distinct tags' }]);
    expect((await admin.error(LIST, { filter: { tags: ['-'] } })).extensions.details).to.deep.equal([
      { path: 'filter.tags[0]', message: 'must start with a letter or digit and hold only letters, digits, spaces, -, _, : or .' },
    ]);
    expect(await tagged(['vip'])).to.deep.equal(['Tagged A Ltd']);
    // Another organisation's case is not found; a browser without a session is unauthenticated.
    const outsider = await h.signedIn('admin');
    expect((await outsider.error(SET_TAGS, { caseId: a.caseId, tags: ['x'] })).code).to.equal('NOT_FOUND');
    expect((await outsider.data<{ caseTags: string[] }>('{ caseTags }')).caseTags).to.deep.equal([]);
    expect((await h.browser().error(SET_TAGS, { caseId: a.caseId, tags: ['x'] })).code).to.equal('UNAUTHENTICATED');
  });

  it('the migration that keeps tags on the case row copies the tags cases already had, in tag order', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    const a = await newCase(h.svc, tenant, { companyName: 'Before A Ltd' });
    const b = await newCase(h.svc, tenant, { companyName: 'Before B Ltd' });
    await newCase(h.svc, tenant, { companyName: 'Before C Ltd' });
    // Tags as they were stored before the copy existed: case_tags only.
    await h.svc.db.query('INSERT INTO case_tags (org_id, case_pk, tag) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?)', [tenant.id, a.pk, 'zeta', tenant.id, a.pk, 'alpha', tenant.id, b.pk, 'kyc']);
    const listed = () => tagsByCompany(admin);
    expect(await listed()).to.deep.equal({ 'Before A Ltd': [], 'Before B Ltd': [], 'Before C Ltd': [] });
    await h.svc.db.query(CASE_TAGS_BACKFILL);
    expect(await listed()).to.deep.equal({ 'Before A Ltd': ['alpha', 'zeta'], 'Before B Ltd': ['kyc'], 'Before C Ltd': [] });
  });

  it('saveCaseView shares a filter in the organisation; names are unique; its author or an admin deletes it, nobody else', async () => {
    const author = await h.signedIn('analyst');
    const tenant = author.member.tenant;
    const colleague = await h.signedIn('compliance_admin', tenant);
    const admin = await h.signedIn('admin', tenant);
    const mlro = await h.signedIn('mlro', tenant);
    await newCase(h.svc, tenant, { companyName: 'Casino Royale Ltd' });

    const saved = (await author.data<{ saveCaseView: View }>(SAVE, { name: '  High risk  PEPs ', filter: { riskBand: 'high', tags: ['PEP'], status: ['in_review', 'in_review'], search: ' royale ' } })).saveCaseView;
    expect(saved).to.deep.include({ name: 'High risk PEPs', builtIn: false, createdBy: author.member.email, viewerCanDelete: true });
    expect(saved.filter).to.deep.equal({ status: ['in_review'], search: 'royale', assignee: null, tags: ['pep'] });
    const mlroSaved = (await mlro.data<{ saveCaseView: View }>(SAVE, { name: 'Mine too', filter: { assignee: 'me' } })).saveCaseView;

    // Everyone in the organisation sees both, after the built-in views, by name; only the author (or an admin) may delete.
    const seenBy = async (client: typeof author) => (await client.data<{ caseViews: View[] }>(VIEWS)).caseViews.filter((v) => !v.builtIn).map((v) => [v.name, v.viewerCanDelete]);
    expect(await seenBy(author)).to.deep.equal([['High risk PEPs', true], ['Mine too', false]]);
    expect(await seenBy(colleague)).to.deep.equal([['High risk PEPs', false], ['Mine too', false]]);
    expect(await seenBy(admin)).to.deep.equal([['High risk PEPs', true], ['Mine too', true]]);
    const outsider = await h.signedIn('admin');
    expect(await seenBy(outsider)).to.deep.equal([]);

    // Names: unique in the organisation (built-in ones too), 1..80 characters; the filter is checked as the list checks it.
    expect((await colleague.error(SAVE, { name: 'high risk peps', filter: {} })).code, 'any letter case').to.equal('CONFLICT');
    expect((await colleague.error(SAVE, { name: 'High risk PEPs', filter: {} })).code).to.equal('CONFLICT');
    expect((await colleague.error(SAVE, { name: 'needs a DECISION', filter: {} })).code).to.equal('CONFLICT');
    const blank = await colleague.error(SAVE, { name: ' ', filter: { tags: ['<x>'], updatedSince: '2026-01-01T00:00:00Z' } });
    expect(blank.code).to.equal('BAD_USER_INPUT');
    expect(blank.extensions.details).to.deep.equal([
      { path: 'name', message: 'must not be blank' },
      { path: 'filter.tags[0]', message: 'must start with a letter or digit and hold only letters, digits, spaces, -, _, : or .' },
      { path: 'filter.updatedSince', message: 'is a moment, not kept in a saved view; leave it out' },
    ]);
    expect((await colleague.error(SAVE, { name: 'x'.repeat(81), filter: {} })).extensions.details).to.deep.equal([{ path: 'name', message: 'must be at most 80 characters long' }]);

    // Deleting: another member (even a compliance admin) is refused; the other tenant and built-in views are not found.
    expect((await colleague.error(DELETE, { id: saved.id })).code).to.equal('FORBIDDEN');
    expect((await mlro.error(DELETE, { id: saved.id })).code).to.equal('FORBIDDEN');
    expect((await outsider.error(DELETE, { id: saved.id })).code).to.equal('NOT_FOUND');
    expect((await author.error(DELETE, { id: 'builtin:mine' })).code).to.equal('NOT_FOUND');
    expect((await author.data<{ deleteCaseView: boolean }>(DELETE, { id: saved.id })).deleteCaseView).to.equal(true);
    expect((await admin.data<{ deleteCaseView: boolean }>(DELETE, { id: mlroSaved.id })).deleteCaseView).to.equal(true);
    expect(await seenBy(admin)).to.deep.equal([]);
    expect((await author.error(DELETE, { id: saved.id })).code).to.equal('NOT_FOUND');
    expect((await h.browser().error(VIEWS)).code).to.equal('UNAUTHENTICATED');
  });
});
