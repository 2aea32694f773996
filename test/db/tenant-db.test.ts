import { expect } from 'chai';
import { forTenant, isTenantDb, TenantScopeError } from '../../src/db/index';
import type { Runtime } from '../../bin/compose';
import { newTenant, runtime } from '../support/runtime';

/** The error `p` rejects with; fails the test when it resolves. */
async function failure(p: Promise<unknown>): Promise<Error> {
  return p.then(() => { throw new Error('expected a rejection'); }, (err: Error) => err);
}

describe('tenant handle: forTenant(db, orgId)', () => {
  let rt: Runtime;
  let a: string;
  let b: string;
  before(async () => {
    rt = await runtime();
    a = (await newTenant(rt)).id;
    b = (await newTenant(rt)).id;
  });

  it('runs a statement that binds its tenant, and refuses one that does not before it reaches the database', async () => {
    const db = forTenant(rt.svc.db, a);
    expect(db.orgId).to.equal(a);
    expect(isTenantDb(db)).to.equal(true);
    expect(isTenantDb(rt.svc.db)).to.equal(false);

    const rows: { id: string }[] = await db.query('SELECT id FROM tenants WHERE id = ?', [a]);
    expect(rows.map((r) => r.id)).to.deep.equal([a]);

    // A bulk insert's rows each carry the tenant (here into a table of no consequence: a rolled-back transaction).
    await rt.svc.db.transaction(async (manager) => {
      const tx = forTenant(manager, a);
      await tx.query('SELECT ? AS a FROM DUAL WHERE (?, ?) IN (?)', [a, a, 1, [[a, 1], [a, 2]]]);
      const err = await failure(tx.query('SELECT 1 FROM DUAL WHERE (?, ?) IN (?)', [b, 1, [[a, 1], [b, 2]]]));
      expect(err).to.be.instanceOf(TenantScopeError);
    });

    // Another tenant's id, no parameters at all, or the tenant only inside a list: each is refused.
    for (const [sql, params] of [
      ['SELECT id FROM tenants WHERE id = ?', [b]],
      ['SELECT COUNT(*) AS n FROM cases', undefined],
      ['SELECT id FROM tenants WHERE id IN (?)', [[a, b]]],
    ] as const) {
      const err = await failure(db.query(sql, params as unknown[] | undefined));
      expect(err, sql).to.be.instanceOf(TenantScopeError);
      expect(err.message).to.match(/^statement on a tenant handle does not bind its tenant: SELECT/);
    }
  });

  it('binds inside a transaction too, and a handle of one tenant cannot be rebound to another', async () => {
    await rt.svc.db.transaction(async (manager) => {
      const db = forTenant(manager, a);
      expect(forTenant(db, a)).to.equal(db);
      expect(() => forTenant(db, b)).to.throw(TenantScopeError);
      expect(() => forTenant(manager, '')).to.throw(TypeError);
      const rows: { n: number | string }[] = await db.query('SELECT COUNT(*) AS n FROM tenants WHERE id = ?', [a]);
      expect(Number(rows[0]!.n)).to.equal(1);
    });
  });
});
