import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { CASE_EXPORT_COLUMNS, MAX_BULK_CASES } from '../../src/cases/index';
import { parseCsv } from '../support/csv';
import { ownerChanges } from '../work-queues/support';
import { newCase } from './case-support';
import { ConsoleHarness } from './harness';

const BULK_ASSIGN = `mutation($ids: [String!]!, $owner: ID) { bulkAssignCases(caseIds: $ids, ownerId: $owner) {
  changed unchanged refused results { caseId outcome reason message case { caseId owner { id email } } } } }`;
const BULK_TAG = `mutation($ids: [String!]!, $add: [String!], $remove: [String!]) { bulkTagCases(caseIds: $ids, add: $add, remove: $remove) {
  changed unchanged refused results { caseId outcome reason case { caseId tags updatedAt } } } }`;

interface Answer { changed: number; unchanged: number; refused: number; results: { caseId: string; outcome: string; reason: string | null; message: string | null; case: Record<string, unknown> | null }[] }

/** The case list's bulk actions (issue 26, "Bulk actions on the case list: assign, tag, and export"), over HTTP. */
describe('console: bulk actions on the case list', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('bulkAssignCases: every member role may; signed out may not; owner.changed per case that changed, with mixed results', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    // Another organisation's case: its own 5th case, an id this tenant (3 cases) does not have.
    const other = await h.tenant();
    for (let i = 0; i < 4; i++) await newCase(h.svc, other);
    const foreign = await newCase(h.svc, other);
    const cases = [await newCase(h.svc, tenant), await newCase(h.svc, tenant), await newCase(h.svc, tenant)];
    const ids = cases.map((c) => c.caseId);
    for (const role of ['analyst', 'mlro', 'compliance_admin', 'admin'] as const) {
      const m = role === 'admin' ? admin : await h.signedIn(role, tenant);
      const a = (await m.data<{ bulkAssignCases: Answer }>(BULK_ASSIGN, { ids: [ids[0]], owner: m.member.id })).bulkAssignCases;
      expect([a.changed, a.results[0]!.outcome, (a.results[0]!.case!.owner as { email: string }).email], role).to.deep.equal([1, 'changed', m.member.email]);
    }
    expect((await h.browser().error(BULK_ASSIGN, { ids, owner: null })).code).to.equal('UNAUTHENTICATED');

    // Case 0 belongs to the admin already (the last loop turn): unchanged; 1 and 2 change; a foreign and an unknown one are refused.
    const answer = (await admin.data<{ bulkAssignCases: Answer }>(BULK_ASSIGN, {
      ids: [ids[0], ids[1], foreign.caseId, ids[2], 'CS-1999-99999', ids[1]], owner: admin.member.id,
    })).bulkAssignCases;
    expect([answer.changed, answer.unchanged, answer.refused]).to.deep.equal([2, 1, 2]);
    expect(answer.results.map((r) => [r.caseId, r.outcome, r.reason])).to.deep.equal([
      [ids[0], 'unchanged', null], [ids[1], 'changed', null], [foreign.caseId, 'refused', 'not_found'], [ids[2], 'changed', null], ['CS-1999-99999', 'refused', 'not_found'],
    ]);
    expect(answer.results[2]!.message).to.equal('Case not found.');
    expect(answer.results[2]!.case).to.equal(null);
    const foreignOwner: { owner_member_id: string | null }[] = await h.svc.db.query('SELECT owner_member_id FROM cases WHERE pk = ?', [foreign.pk]);
    expect(foreignOwner[0]!.owner_member_id, "another organisation's case is untouched").to.equal(null);

    // One owner.changed per case that changed, exactly as a single assignment records it.
    const change = (e: Record<string, unknown>) => [(e.previousOwner as { email: string } | null)?.email ?? null, (e.newOwner as { email: string } | null)?.email ?? null, e.changedBy];
    expect((await ownerChanges(h.svc, tenant, ids[1]!)).map(change)).to.deep.equal([[null, admin.member.email, admin.member.email]]);
    expect((await ownerChanges(h.svc, tenant, ids[0]!)).map(change)).to.have.lengthOf(4);

    // Clearing the owners.
    const cleared = (await admin.data<{ bulkAssignCases: Answer }>(BULK_ASSIGN, { ids, owner: null })).bulkAssignCases;
    expect([cleared.changed, cleared.results.every((r) => r.case!.owner === null)]).to.deep.equal([3, true]);
    expect((await ownerChanges(h.svc, tenant, ids[2]!)).map(change)).to.deep.equal([[null, admin.member.email, admin.member.email], [admin.member.email, null, admin.member.email]]);
  });

  it('refuses the whole call, writing nothing, over the limit, with no ids, or for an unknown owner', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const c = await newCase(h.svc, tenant);
    const tooMany = [c.caseId, ...Array.from({ length: MAX_BULK_CASES }, (_, i) => `CS-2000-${String(i).padStart(5, '0')}`)];
    const over = await analyst.error(BULK_ASSIGN, { ids: tooMany, owner: analyst.member.id });
    expect(over.code).to.equal('BAD_USER_INPUT');
    expect(over.extensions.details).to.deep.equal([{ path: 'caseIds', message: `must name at most ${MAX_BULK_CASES} cases (it names ${MAX_BULK_CASES + 1})` }]);
    expect((await analyst.error(BULK_TAG, { ids: tooMany, add: ['vip'] })).code).to.equal('BAD_USER_INPUT');
    expect((await analyst.error(BULK_ASSIGN, { ids: [], owner: null })).extensions.details).to.deep.equal([{ path: 'caseIds', message: 'must name at least one case' }]);
    expect((await analyst.error(BULK_ASSIGN, { ids: [c.caseId], owner: '00000000-0000-4000-8000-00000000dead' })).code).to.equal('NOT_FOUND');
    const outsider = await h.member('analyst');
    expect((await analyst.error(BULK_ASSIGN, { ids: [c.caseId], owner: outsider.id })).code, "another organisation's member").to.equal('NOT_FOUND');
    expect(await ownerChanges(h.svc, tenant, c.caseId)).to.deep.equal([]);
    const bad = await analyst.error(BULK_TAG, { ids: [c.caseId], add: ['ok', '#bad'], remove: ['ok'] });
    expect(bad.extensions.details).to.deep.equal([
      { path: 'add[1]', message: 'must start with a letter or digit and hold only letters, digits, spaces, -, _, : or .' },
      { path: 'remove', message: 'must not hold a tag that add holds' },
    ]);
    expect((await analyst.error(BULK_TAG, { ids: [c.caseId] })).extensions.details).to.deep.equal([{ path: 'add', message: 'add or remove must hold at least one tag' }]);
  });

  it('bulkTagCases adds and removes, per case changed, unchanged or refused (too many tags), without touching updatedAt', async () => {
    const mlro = await h.signedIn('mlro');
    const tenant = mlro.member.tenant;
    const [a, b, full] = [await newCase(h.svc, tenant), await newCase(h.svc, tenant), await newCase(h.svc, tenant)];
    const SET = 'mutation($id: String!, $tags: [String!]!) { setCaseTags(caseId: $id, tags: $tags) { tags updatedAt } }';
    await mlro.data(SET, { id: b.caseId, tags: ['VIP', 'kyc'] });
    const before = (await mlro.data<{ setCaseTags: { updatedAt: string } }>(SET, { id: full.caseId, tags: Array.from({ length: 20 }, (_, i) => `t${i}`) })).setCaseTags;

    const answer = (await mlro.data<{ bulkTagCases: Answer }>(BULK_TAG, { ids: [a.caseId, b.caseId, full.caseId], add: ['VIP', 'Priority  One'], remove: ['kyc'] })).bulkTagCases;
    expect(answer.results.map((r) => [r.outcome, r.reason, r.case?.tags ?? null])).to.deep.equal([
      ['changed', null, ['priority one', 'vip']], ['changed', null, ['priority one', 'vip']], ['refused', 'too_many_tags', null],
    ]);
    const again = (await mlro.data<{ bulkTagCases: Answer }>(BULK_TAG, { ids: [a.caseId, full.caseId], add: ['vip'], remove: ['nothing'] })).bulkTagCases;
    expect(again.results.map((r) => r.outcome)).to.deep.equal(['unchanged', 'refused']);
    const removed = (await mlro.data<{ bulkTagCases: Answer }>(BULK_TAG, { ids: [full.caseId, b.caseId], remove: ['t3', 'vip'] })).bulkTagCases;
    expect(removed.results.map((r) => [r.outcome, (r.case!.tags as string[]).length])).to.deep.equal([['changed', 19], ['changed', 1]]);
    expect(removed.results[0]!.case!.updatedAt, 'tags leave updatedAt alone').to.equal(before.updatedAt);
    const events: { n: number | string }[] = await h.svc.db.query("SELECT COUNT(*) AS n FROM events WHERE org_id = ? AND type = 'owner.changed'", [tenant.id]);
    expect(Number(events[0]!.n)).to.equal(0);
  });

  it('GET /console/export/cases.csv?caseId=..&caseId=.. exports only the selected cases (with the filters), audited with the selection', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const cases = [await newCase(h.svc, tenant, { companyName: 'One Ltd' }), await newCase(h.svc, tenant, { companyName: 'Two Ltd' }), await newCase(h.svc, tenant, { companyName: 'Three Ltd' })];
    const otherTenant = await h.tenant();
    for (let i = 0; i < 4; i++) await newCase(h.svc, otherTenant);
    const other = await newCase(h.svc, otherTenant);
    const download = (query: string) => fetch(`${h.url}/console/export/cases.csv?${query}`, { headers: { ...analyst.cookieHeader(), 'Sec-Fetch-Site': 'same-origin' } });

    const res = await download(`caseId=${cases[0]!.caseId}&caseId=${cases[2]!.caseId}&caseId=${other.caseId}`);
    expect(res.status).to.equal(200);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).to.deep.equal([...CASE_EXPORT_COLUMNS]);
    const col = (name: string) => rows.slice(1).map((r) => r[CASE_EXPORT_COLUMNS.indexOf(name)]);
    expect(col('caseId'), 'the selection, newest first, never another organisation\'s').to.deep.equal([cases[2]!.caseId, cases[0]!.caseId]);
    expect(col('companyName')).to.deep.equal(['Three Ltd', 'One Ltd']);

    const combined = parseCsv((await (await download(`caseId=${cases[0]!.caseId},${cases[1]!.caseId}&q=two`)).text()).replace(/^\uFEFF/, ''));
    expect(combined.slice(1).map((r) => r[1]), 'a comma list, and the filters still apply').to.deep.equal([cases[1]!.caseId]);

    const tooMany = Array.from({ length: MAX_BULK_CASES + 1 }, (_, i) => `caseId=CS-2000-${String(i).padStart(5, '0')}`).join('&');
    const over = await download(tooMany);
    expect(over.status).to.equal(400);
    expect(((await over.json()) as { details: unknown }).details).to.deep.equal([{ path: 'caseId', message: `must name at most ${MAX_BULK_CASES} cases (it names ${MAX_BULK_CASES + 1})` }]);

    const audit = (await listAuditLog(h.svc, operatorActor(tenant.id), { limit: 10 })).data.filter((e) => e.action === 'cases.exported');
    expect(audit).to.have.lengthOf(2);
    const first = audit.find((e) => (e.details as { rows: number }).rows === 2)!;
    expect((first.details as { filter: { caseIds: string[] } }).filter.caseIds).to.deep.equal([cases[0]!.caseId, cases[2]!.caseId, other.caseId]);
  });
});
