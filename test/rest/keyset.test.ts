import { expect } from 'chai';
import { listCasesQuery } from '../../src/cases/index';
import { bulkCases } from '../support/bulk-cases';
import { RestHarness, uniqueEmail } from './harness';

describe('/v1 keyset paging', () => {
  let api: RestHarness;
  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());

  it('a full traversal of 1,000 cases while others are inserted returns every pre-existing case exactly once', async function () {
    this.timeout(60_000);
    const { tenant, token } = await api.tenant();
    const existing = await bulkCases(api.svc, tenant.id, 1000, '1');
    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let inserted = 0;
    for (let page = 0; page < 100; page++) {
      // Between pages: new cases through the API, and updates to cases already paged and not yet paged.
      await Promise.all([
        api.post('/v1/cases', token, { customerEmail: uniqueEmail('during'), companyName: 'During Ltd' }),
        api.post('/v1/cases', token, { customerEmail: uniqueEmail('during'), companyName: 'During Ltd' }),
      ]);
      inserted += 2;
      await api.svc.db.query(`UPDATE cases SET status = 'in_review', updated_at = NOW(3) WHERE org_id = ? ORDER BY RAND() LIMIT 5`, [tenant.id]);
      const res = await api.get(`/v1/cases?limit=37${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      expect(res.status).to.equal(200);
      for (const c of res.body.data as { caseId: string }[]) seen.set(c.caseId, (seen.get(c.caseId) ?? 0) + 1);
      if (!res.body.hasMore) break;
      cursor = res.body.nextCursor as string;
    }
    expect(inserted).to.be.greaterThan(20);
    const missing = existing.filter((id) => seen.get(id) !== 1);
    expect(missing, 'every pre-existing case exactly once').to.deep.equal([]);
    expect([...seen.values()].every((n) => n === 1), 'no case twice').to.equal(true);
  });

  it('reads a range of a tenant-first index at any depth (EXPLAIN)', async () => {
    const { tenant } = await api.tenant();
    await bulkCases(api.svc, tenant.id, 300, '2');
    await api.svc.db.query('ANALYZE TABLE cases');
    const [{ deep }] = await api.svc.db.query('SELECT pk AS deep FROM cases WHERE org_id = ? ORDER BY pk ASC LIMIT 1 OFFSET 20', [tenant.id]);
    const plans: Record<string, unknown>[] = [];
    for (const [statuses, key] of [[undefined, 'PRIMARY'], [['in_progress'], 'ix_cases_org_status_pk'], [['in_progress', 'approved'], 'PRIMARY']] as const) {
      for (const after of [null, Number(deep)]) {
        const { sql, params } = listCasesQuery(tenant.id, { statuses: statuses as string[] | undefined, after, limit: 51 });
        const [plan] = await api.svc.db.query(`EXPLAIN ${sql}`, params);
        plans.push(plan);
        expect(plan.key, sql).to.equal(key);
        expect(plan.type, sql).to.be.oneOf(['range', 'ref']);
        expect(String(plan.Extra ?? ''), sql).to.not.match(/filesort/i);
      }
    }
    expect(plans).to.have.length(6);
  });
});
