import { expect } from 'chai';
import { resolve } from 'node:path';
import { crossTenant } from '../../src/db/cross-tenant';
import { inTransaction } from '../../src/db/index';
import { Tenant } from '../../src/tenants/index';
import type { Runtime } from '../../bin/compose';
import { DIST } from '../support/processes';
import { newTenant, runtime } from '../support/runtime';
import { isStatementHead, restrictsToTenant, scanTenantScope, type ScannedStatement } from '../support/tenant-scope-scan';

const ROOT = resolve(DIST, '..');
let scanned: ScannedStatement[] | undefined;
/** The statements of src/ (read once: parsing every file takes a moment). */
const statementsOfSrc = () => (scanned ??= scanTenantScope(ROOT));

/**
 * Files whose statements are not checked yet, each with why. Remove a file once its statements restrict
 * by org_id or go through crossTenant.
 */
const NOT_YET: Record<string, string> = {};

describe('tenant scope: every statement of src/ restricts by org_id or goes through crossTenant(db, reason)', () => {
  it('tells a statement that restricts to one tenant from one that does not', () => {
    const scoped = [
      'SELECT pk FROM cases WHERE org_id = ? AND pk = ?',
      'UPDATE documents d SET d.status = ? WHERE d.org_id = ? AND d.id = ?',
      'DELETE FROM decisions WHERE org_id IN (?) AND case_pk = ?',
      'SELECT c.pk FROM cases c WHERE c.org_id = ${orgParam} LIMIT 1',
      'INSERT INTO decisions (org_id, case_pk, outcome) VALUES (?, ?, ?)',
      'INSERT INTO events (org_id, a) VALUES (?, ?) ON DUPLICATE KEY UPDATE a = VALUES(a)',
      'SELECT four_eyes FROM tenants WHERE id = ?',
      'SELECT m.email FROM tenants t JOIN members m ON m.org_id = t.id WHERE t.id = ?',
      'UPDATE tenants SET person_reuse_days = ? WHERE id = ?',
    ];
    for (const sql of scoped) expect(restrictsToTenant(sql), sql).to.equal(true);
    const spanning = [
      'SELECT org_id, id FROM invites WHERE token_hash = ?',
      "SELECT org_id, case_pk FROM case_pipelines WHERE step <> 'done' AND updated_at < ?",
      'UPDATE member_tokens t JOIN members m ON m.id = t.member_id AND m.org_id = t.org_id SET t.used_at = ? WHERE t.token_hash = ?',
      'DELETE FROM idempotency_keys WHERE expires_at <= ? LIMIT 1000',
      'SELECT slug FROM tenants WHERE slug IN (?)',
      'SELECT t.id, s.schedule FROM tenants t LEFT JOIN monitoring_settings s ON s.org_id = t.id',
      'SELECT m.email FROM tenants t JOIN members m ON m.org_id = t.id WHERE m.id = ?',
      'INSERT INTO outgoing_mails (org_id, kind) SELECT org_id, kind FROM invites WHERE id = ?',
      'INSERT IGNORE INTO oauth_revoked_access_tokens (jti, expires_at) VALUES (?, ?)',
    ];
    for (const sql of spanning) expect(restrictsToTenant(sql), sql).to.equal(false);
    expect(isStatementHead('SELECT GET_LOCK(?, 60) AS got')).to.equal(false);
    expect(isStatementHead('Select a file from the list')).to.equal(false);
  });

  it('finds no statement in src/ that neither restricts by org_id nor goes through crossTenant', () => {
    const statements = statementsOfSrc();
    expect(statements.length).to.be.greaterThan(300);
    const unmarked = statements.filter((s) => !s.scoped && s.reason === null);
    const offenders = unmarked.filter((s) => !(s.file in NOT_YET)).map((s) => `${s.file}:${s.line}: ${s.text.slice(0, 140)}`);
    expect(offenders, 'restrict the statement by org_id, or issue it through crossTenant(db, reason) (src/db/cross-tenant.ts)').to.deep.equal([]);
    for (const file of Object.keys(NOT_YET)) {
      expect(unmarked.some((s) => s.file === file), `${file} has no unmarked cross-tenant statement left: remove it from NOT_YET`).to.equal(true);
    }
  });

  it('names a reason at each crossTenant handle, and uses every reason', () => {
    const reasons = new Set(statementsOfSrc().map((s) => s.reason).filter((r) => r !== null));
    expect([...reasons].sort()).to.deep.equal(
      ['delivery-claim', 'service-operator', 'service-state', 'sign-in', 'sso-domain', 'sweep', 'tenant-slug', 'token-lookup', 'vendor-callback'],
    );
  });
});

describe('crossTenant(db, reason): the same database handle, its statements tagged with the reason', () => {
  let rt: Runtime;
  let tenant: Tenant;
  before(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('runs the statement with its parameters, prefixed with the reason as a comment', async () => {
    const [row] = await crossTenant(rt.svc.db, 'sweep').query('SELECT ? AS v, INFO AS statement FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()', [7]);
    expect(Number(row.v)).to.equal(7);
    expect(String(row.statement)).to.match(/^\/\* cross-tenant: sweep \*\/ SELECT /);
  });

  it("stays on the transaction's connection, and keeps the manager's other methods", async () => {
    await inTransaction(rt.svc, async (tx) => {
      await tx.manager.update(Tenant, { id: tenant.id }, { name: 'Renamed in the transaction' });
      const handle = crossTenant(tx.manager, 'token-lookup');
      const [row] = await handle.query('SELECT name FROM tenants WHERE slug = ?', [tenant.slug]);
      expect(row.name).to.equal('Renamed in the transaction');
      expect((await handle.findOneByOrFail(Tenant, { id: tenant.id })).name).to.equal('Renamed in the transaction');
      expect((await tx.manager.query('SELECT CONNECTION_ID() AS id'))[0].id).to.equal((await handle.query('SELECT CONNECTION_ID() AS id'))[0].id);
    });
  });
});
