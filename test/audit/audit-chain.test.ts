import { expect } from 'chai';
import { compactVerify, createLocalJWKSet, type JWK } from 'jose';
import { chainHash, listCaseAuditEntries, recordAudit } from '../../src/audit/index';
import { signAuditHeads } from '../../src/audit-seal/index';
import { forTenant, inTransaction } from '../../src/db/index';
import { BACKFILL_AUDIT_CASE_ID } from '../../migrations/1763703710000-audit-case-id';
import { ConsoleHarness } from '../graphql/harness';
import { testEnv } from '../support/env';
import { runNode } from '../support/processes';

const json = (v: unknown): Record<string, unknown> => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
const VERIFY = '{ verifyAuditLog { valid entries headSeq headHash broken { seq problem message } signedHead { seq hash onChain } } }';
const SIGN = 'mutation { signAuditHead { seq hash jws signedNow } }';
const FOUR_EYES = 'mutation ($enabled: Boolean!) { setFourEyes(enabled: $enabled) { fourEyes } }';

interface Verification {
  valid: boolean; entries: number; headSeq: number; headHash: string;
  broken: { seq: number; problem: string; message: string } | null;
  signedHead: { seq: number; hash: string; onChain: boolean } | null;
}

describe('tamper-evident audit log: the hash chain, its signed head, verification and export', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  /** A compliance admin of a new tenant with `n` audit entries (four-eyes switched off and on). */
  async function auditedTenant(n: number) {
    const ca = await h.signedIn('compliance_admin');
    for (let i = 0; i < n; i++) await ca.data(FOUR_EYES, { enabled: i % 2 === 1 });
    return ca;
  }
  const verify = async (c: { data: <T>(q: string) => Promise<T> }) => (await c.data<{ verifyAuditLog: Verification }>(VERIFY)).verifyAuditLog;
  const rows = async (orgId: string) => (await h.svc.db.query(
    'SELECT id, seq, actor, action, details, created_at, prev_hash, hash FROM tenant_config_audit_log WHERE org_id = ? ORDER BY seq', [orgId],
  ) as { id: number; seq: number; actor: string; action: string; details: unknown; created_at: Date; prev_hash: string; hash: string }[])
    .map((r) => ({ ...r, seq: Number(r.seq), details: json(r.details) }));

  it('chains every entry (seq, prev_hash, hash) and finds a direct SQL UPDATE of one entry, naming its seq', async () => {
    const ca = await auditedTenant(4);
    const orgId = ca.member.tenant.id;
    const chain = await rows(orgId);
    expect(chain.map((r) => r.seq)).to.deep.equal([1, 2, 3, 4]);
    expect(chain[0]!.prev_hash).to.equal('0'.repeat(64));
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.prev_hash).to.equal(chain[i - 1]!.hash);
    expect(await verify(ca)).to.deep.equal({ valid: true, entries: 4, headSeq: 4, headHash: chain[3]!.hash, broken: null, signedHead: null });

    const analyst = await h.signedIn('analyst', ca.member.tenant);
    expect(await analyst.error(VERIFY)).to.deep.include({ code: 'FORBIDDEN' });

    // Someone with database access turns "enabled: true" of entry 2 into false.
    await h.svc.db.query("UPDATE tenant_config_audit_log SET details = JSON_SET(details, '$.enabled', false) WHERE org_id = ? AND seq = 2", [orgId]);
    expect(await verify(ca)).to.deep.include({
      valid: false, broken: { seq: 2, problem: 'hash_mismatch', message: 'Entry 2 (four_eyes.set) was changed: its content no longer gives its stored hash.' },
    });
  });

  it('finds a deleted entry, and a deleted tail against the chain head', async () => {
    const ca = await auditedTenant(5);
    const orgId = ca.member.tenant.id;
    await h.svc.db.query('DELETE FROM tenant_config_audit_log WHERE org_id = ? AND seq = 5', [orgId]);
    expect((await verify(ca)).broken).to.deep.equal({ seq: 5, problem: 'head_mismatch', message: 'The chain ends at entry 4, but its head is entry 5: entries at the end were deleted.' });
    await h.svc.db.query('DELETE FROM tenant_config_audit_log WHERE org_id = ? AND seq = 3', [orgId]);
    expect((await verify(ca)).broken).to.deep.equal({ seq: 3, problem: 'missing_entry', message: 'Entry 3 is missing: the entry after 2 is 4.' });
  });

  it('detects a rewrite of the whole chain (every hash recomputed) through the signed head; the head verifies against the JWKS', async () => {
    const ca = await auditedTenant(3);
    const orgId = ca.member.tenant.id;
    const signed = (await ca.data<{ signAuditHead: { seq: number; hash: string; jws: string; signedNow: boolean } }>(SIGN)).signAuditHead;
    expect(signed).to.deep.include({ seq: 3, signedNow: true });
    expect((await ca.data<{ signAuditHead: { signedNow: boolean } }>(SIGN)).signAuditHead.signedNow, 'the same head is not signed twice').to.equal(false);
    const jwks = (await (await fetch(`${h.url}/v1/oauth/jwks.json`)).json()) as { keys: JWK[] };
    const { payload, protectedHeader } = await compactVerify(signed.jws, createLocalJWKSet(jwks));
    expect(protectedHeader).to.include({ alg: 'ES256', typ: 'audit-head+json' });
    expect(JSON.parse(Buffer.from(payload).toString())).to.deep.include({ orgId, seq: 3, hash: signed.hash });

    await ca.data(FOUR_EYES, { enabled: true });
    expect(await verify(ca)).to.deep.include({ valid: true, entries: 4, broken: null, signedHead: { seq: 3, hash: signed.hash, onChain: true } });

    // Rewrite entry 1 and recompute every hash after it, head row included: the chain itself holds again.
    let prev = '0'.repeat(64);
    for (const r of await rows(orgId)) {
      const details = r.seq === 1 ? { ...r.details, enabled: true } : r.details;
      const hash = chainHash({ orgId, seq: r.seq, actor: r.actor, action: r.action, details, at: new Date(r.created_at), prevHash: prev });
      await h.svc.db.query('UPDATE tenant_config_audit_log SET details = ?, prev_hash = ?, hash = ? WHERE org_id = ? AND id = ?', [JSON.stringify(details), prev, hash, orgId, r.id]);
      prev = hash;
    }
    await h.svc.db.query('UPDATE audit_chain_heads SET hash = ? WHERE org_id = ?', [prev, orgId]);
    const v = await verify(ca);
    expect(v).to.deep.include({ valid: false, entries: 4, signedHead: { seq: 3, hash: signed.hash, onChain: false } });
    expect(v.broken).to.deep.include({ seq: 3, problem: 'signed_head_mismatch' });
  });

  it('concurrent appends for one tenant take consecutive seqs and never fork the chain', async () => {
    const ca = await h.signedIn('compliance_admin');
    const orgId = ca.member.tenant.id;
    const at = new Date();
    await Promise.all(Array.from({ length: 24 }, (_, i) => inTransaction(h.svc, (tx) => recordAudit(tx, {
      orgId, actor: 'operator', action: 'test.concurrent', details: { i }, at,
    }))));
    const chain = await rows(orgId);
    expect(chain.map((r) => r.seq)).to.deep.equal(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(chain.map((r) => r.prev_hash)).size).to.equal(24);
    expect(await verify(ca)).to.deep.include({ valid: true, entries: 24, broken: null });
  });

  it('an entry about a case carries its indexed case_id (written with it, or backfilled by the migration), outside the hash: the chain verifies before and after, and a case\'s entries are read by it', async () => {
    const ca = await h.signedIn('compliance_admin');
    const orgId = ca.member.tenant.id;
    const at = new Date();
    const entries = [
      { action: 'case.legal_hold.set', details: { caseId: 'CS-2026-00042', reason: 'Litigation' } },
      { action: 'four_eyes.set', details: { enabled: true } },
      { action: 'case.legal_hold.released', details: { caseId: 'CS-2026-00042', reason: 'Litigation' } },
      { action: 'case.decided', details: { caseId: 'f3c0c1de-1b7e-4c8e-9a55-2c4f3e0d9a11', outcome: 'approved' } },
      { action: 'test.odd', details: { caseId: 42 } },
    ];
    for (const e of entries) await inTransaction(h.svc, (tx) => recordAudit(tx, { orgId, actor: 'operator', ...e, at }));
    const caseIds = async () => (await h.svc.db.query('SELECT case_id FROM tenant_config_audit_log WHERE org_id = ? ORDER BY seq', [orgId]) as { case_id: string | null }[]).map((r) => r.case_id);
    const expected = ['CS-2026-00042', null, 'CS-2026-00042', 'f3c0c1de-1b7e-4c8e-9a55-2c4f3e0d9a11', null];
    expect(await caseIds()).to.deep.equal(expected);
    const before = await verify(ca);
    expect(before).to.deep.include({ valid: true, entries: 5, broken: null });

    // Entries recorded before the column existed have none: the migration's backfill fills them from details.caseId.
    await h.svc.db.query('UPDATE tenant_config_audit_log SET case_id = NULL WHERE org_id = ?', [orgId]);
    expect(await listCaseAuditEntries(forTenant(h.svc.db, orgId), 'CS-2026-00042')).to.deep.equal([]);
    await h.svc.db.query(BACKFILL_AUDIT_CASE_ID);
    expect(await caseIds()).to.deep.equal(expected);
    // Hashes untouched: the same head, still valid.
    expect(await verify(ca)).to.deep.equal(before);

    const read = await listCaseAuditEntries(forTenant(h.svc.db, orgId), 'CS-2026-00042');
    expect(read.map((e) => [e.seq, e.action])).to.deep.equal([[1, 'case.legal_hold.set'], [3, 'case.legal_hold.released']]);
    const chain = await rows(orgId);
    expect(read.map((e) => e.hash)).to.deep.equal([chain[0]!.hash, chain[2]!.hash]);
    // Another tenant's entries about a case of the same id are not read.
    const other = await h.signedIn('compliance_admin');
    await inTransaction(h.svc, (tx) => recordAudit(tx, { orgId: other.member.tenant.id, actor: 'operator', action: 'case.legal_hold.set', details: { caseId: 'CS-2026-00042', reason: 'x' }, at }));
    expect(await listCaseAuditEntries(forTenant(h.svc.db, orgId), 'CS-2026-00042')).to.have.length(2);
    // The read uses the index.
    const [plan] = await h.svc.db.query("EXPLAIN SELECT seq FROM tenant_config_audit_log WHERE org_id = ? AND case_id = ? ORDER BY seq", [orgId, 'CS-2026-00042']) as { key: string | null }[];
    expect(plan!.key).to.equal('ix_audit_log_case');
  });

  it('the daily signing signs each tenant whose head moved, once; npx svc audit:verify reports the first broken link with exit code 1', async () => {
    const ca = await auditedTenant(2);
    const orgId = ca.member.tenant.id;
    expect(await signAuditHeads(h.svc)).to.be.at.least(1);
    const [signed] = await h.svc.db.query('SELECT seq, signed_by FROM audit_signed_heads WHERE org_id = ?', [orgId]) as { seq: number; signed_by: string }[];
    expect({ seq: Number(signed!.seq), by: signed!.signed_by }).to.deep.equal({ seq: 2, by: 'system' });
    await signAuditHeads(h.svc);
    expect(await h.svc.db.query('SELECT id FROM audit_signed_heads WHERE org_id = ?', [orgId])).to.have.length(1);

    const ok = await runNode('bin/svc.js', ['audit:verify', '--org', orgId], testEnv());
    expect(ok.code, ok.stderr).to.equal(0);
    expect(JSON.parse(ok.stdout)).to.deep.include({ valid: true, entries: 2, broken: null });
    await h.svc.db.query("UPDATE tenant_config_audit_log SET actor = 'someone.else@example.com' WHERE org_id = ? AND seq = 1", [orgId]);
    const bad = await runNode('bin/svc.js', ['audit:verify', '--org', orgId], testEnv());
    expect(bad.code).to.equal(1);
    expect(JSON.parse(bad.stdout)).to.deep.include({ valid: false, broken: { seq: 1, problem: 'hash_mismatch', message: 'Entry 1 (four_eyes.set) was changed: its content no longer gives its stored hash.' } });
  });

  it('GET /console/export/audit.jsonl streams the entries of a date range in chain order, compliance_admin only, and is audited', async () => {
    const ca = await h.signedIn('compliance_admin');
    const orgId = ca.member.tenant.id;
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']) {
      await inTransaction(h.svc, (tx) => recordAudit(tx, { orgId, actor: 'operator', action: 'test.day', details: { day }, at: new Date(`${day}T12:00:00.000Z`) }));
    }
    const get = (query: string, headers: Record<string, string> = ca.cookieHeader()) => fetch(`${h.url}/console/export/audit.jsonl${query}`, { headers });
    const res = await get('?from=2026-03-02&to=2026-03-04');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('content-disposition')).to.equal('attachment; filename="audit-2026-03-02-2026-03-04.jsonl"');
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.seq, (l.details as { day: string }).day, l.at])).to.deep.equal([
      [2, '2026-03-02', '2026-03-02T12:00:00.000Z'], [3, '2026-03-03', '2026-03-03T12:00:00.000Z'],
    ]);
    expect(Object.keys(lines[0]!)).to.deep.equal(['seq', 'actor', 'action', 'details', 'at', 'prevHash', 'hash']);
    expect(lines[1]!.prevHash).to.equal(lines[0]!.hash);

    const exported = await h.svc.db.query("SELECT actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'audit_log.exported'", [orgId]) as { actor: string; details: unknown }[];
    expect(exported.map((e) => ({ actor: e.actor, details: json(e.details) }))).to.deep.equal([{
      actor: ca.member.email, details: { from: '2026-03-02T00:00:00.000Z', to: '2026-03-04T00:00:00.000Z', rows: 2, complete: true },
    }]);

    expect((await get('?from=yesterday')).status).to.equal(400);
    expect((await get('', {})).status).to.equal(401);
    const analyst = await h.signedIn('analyst', ca.member.tenant);
    expect((await get('', analyst.cookieHeader())).status).to.equal(403);
    expect((await get('', { ...ca.cookieHeader(), 'sec-fetch-site': 'cross-site' })).status).to.equal(403);
  });
});
