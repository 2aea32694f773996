import { createPublicKey, verify as verifySignature, createHash, type JsonWebKey } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { fromBuffer, type Entry } from 'yauzl';
import { ZipFile } from 'yazl';
import { operatorActor, systemActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { routeCase } from '../../src/decisions/index';
import { relayEvents } from '../../src/events/index';
import { assessCaseRisk } from '../../src/risk/index';
import { newApplicationCase } from '../risk/support';
import { RestHarness } from '../rest/harness';
import { seedDocument } from '../rest/factories';
import { runNode } from '../support/processes';
import { testEnv } from '../support/env';

/** Every entry of a ZIP, read back with yauzl, in order. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e, s) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The same entries zipped again (one of them possibly altered). */
function rezip(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** GET /v1/cases/{caseId}/evidence (issue 28): the signed evidence pack, read back and verified independently. */
describe('evidence pack: GET /v1/cases/{caseId}/evidence and svc evidence:verify', function () {
  this.timeout(120_000);
  let api: RestHarness;
  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());

  /** A tenant with an automatically approved case holding a real document, its events relayed; a read:evidence token. */
  async function decidedCase() {
    const { tenant, token } = await api.tenant('read:evidence read:events read:cases');
    const svc = api.svc;
    const c = await newApplicationCase(svc, tenant, { companyName: 'Żabka Trading Ltd', directors: [{ name: 'Дмитрий Железный', nationality: 'GB', dateOfBirth: '1970-01-01' }] });
    const documentId = await seedDocument(svc, tenant.id, c.pk, { filename: 'certificate of incorporation.pdf' });
    const bytes = Buffer.from('%PDF-1.4 certificate of incorporation of Zabka Trading Ltd\n');
    const blob = await svc.blobs.put((async function* () {
      yield bytes;
    })());
    await svc.db.query('UPDATE documents SET blob_key = ?, sha256 = ?, size_bytes = ? WHERE org_id = ? AND id = ?', [blob.key, blob.sha256, blob.size, tenant.id, documentId]);
    await assessCaseRisk(svc, systemActor(tenant.id), { orgId: tenant.id, casePk: c.pk });
    expect(await routeCase(svc, systemActor(tenant.id), { orgId: tenant.id, casePk: c.pk })).to.deep.equal({ outcome: 'AUTO_APPROVE', decided: true });
    await relayEvents(svc);
    return { tenant, token, caseId: c.caseId, documentId, bytes };
  }

  it('streams a ZIP whose manifest lists every file with its SHA-256 and size, signed (ES256, detached) with the key of the published JWKS; audited', async () => {
    const { tenant, token, caseId, documentId, bytes } = await decidedCase();
    const res = await fetch(`${api.url}/v1/cases/${caseId}/evidence`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/zip');
    expect(res.headers.get('content-disposition')).to.equal(`attachment; filename="evidence-${caseId}.zip"`);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    const zip = Buffer.from(await res.arrayBuffer());
    const entries = await unzip(zip);
    const docPath = `documents/${documentId}-certificate_of_incorporation.pdf`;
    expect([...entries.keys()]).to.deep.equal(['report.pdf', docPath, 'case.json', 'events.jsonl', 'audit.jsonl', 'manifest.json', 'manifest.json.jws']);

    // The manifest: every other file with its digest and size, exactly.
    const manifestBytes = entries.get('manifest.json')!;
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as { format: string; caseId: string; orgId: string; files: { path: string; sha256: string; size: number }[]; absent: unknown[]; jwksUrl: string };
    expect(manifest).to.deep.include({ format: 'evidence-pack/1', caseId, orgId: tenant.id, absent: [], jwksUrl: `${api.url}/v1/oauth/jwks.json` });
    expect(manifest.files).to.deep.equal(['report.pdf', docPath, 'case.json', 'events.jsonl', 'audit.jsonl'].map((path) => ({
      path, sha256: sha256(entries.get(path)!), size: entries.get(path)!.length,
    })));

    // The signature, checked without the service's code: node:crypto over `<header>.<base64url(manifest)>` with the JWKS key.
    const [header, empty, signature] = entries.get('manifest.json.jws')!.toString('utf8').trim().split('.');
    expect(empty).to.equal('');
    const protectedHeader = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as { alg: string; kid: string; typ: string };
    expect(protectedHeader).to.deep.include({ alg: 'ES256', typ: 'evidence-manifest+json' });
    const jwks = (await (await fetch(`${api.url}/v1/oauth/jwks.json`)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const jwk = jwks.keys.find((k) => k.kid === protectedHeader.kid)!;
    expect(jwk, 'the signing key is published').to.not.equal(undefined);
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    const input = Buffer.from(`${header}.${manifestBytes.toString('base64url')}`);
    expect(verifySignature('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).to.equal(true);
    const flipped = Buffer.from(manifestBytes);
    flipped[10] ^= 1;
    expect(verifySignature('sha256', Buffer.from(`${header}.${flipped.toString('base64url')}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).to.equal(false);

    // The document's bytes as stored; the report is a PDF; case.json holds the decision with its provenance.
    expect(entries.get(docPath)!.equals(bytes)).to.equal(true);
    expect(entries.get('report.pdf')!.subarray(0, 5).toString()).to.equal('%PDF-');
    const caseJson = JSON.parse(entries.get('case.json')!.toString('utf8')) as {
      caseId: string; purge: unknown; decisions: { outcome: string; provenance: { policy: { version: number; matchedRuleIndex: number } } }[];
      documents: { id: number; path: string; storedSha256: string }[];
    };
    expect(caseJson).to.deep.include({ caseId, purge: null });
    expect(caseJson.decisions.map((d) => [d.outcome, d.provenance.policy.version, d.provenance.policy.matchedRuleIndex])).to.deep.equal([['approved', 1, 5]]);
    expect(caseJson.documents).to.have.lengthOf(1);
    expect(caseJson.documents[0]).to.deep.include({ id: documentId, path: docPath, storedSha256: sha256(bytes) });

    // events.jsonl: the case's feed items byte for byte as GET /v1/events serves them.
    const feed = await fetch(`${api.url}/v1/events?limit=200`, { headers: { authorization: `Bearer ${token}` } });
    const feedText = await feed.text();
    const items = (JSON.parse(feedText) as { data: { data: { caseId?: string } }[] }).data.filter((i) => i.data.caseId === caseId);
    const lines = entries.get('events.jsonl')!.toString('utf8').trimEnd().split('\n');
    expect(lines.length).to.equal(items.length).and.to.be.greaterThan(3);
    for (const l of lines) expect(feedText.includes(l), 'each line is a substring of the feed page').to.equal(true);

    // audit.jsonl holds this download's own line; the audit log records it.
    const audit = entries.get('audit.jsonl')!.toString('utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { action: string; details: Record<string, unknown> });
    expect(audit.map((a) => a.action)).to.include('case.evidence_pack.exported');
    const logged = (await listAuditLog(api.svc, operatorActor(tenant.id), { limit: 50 })).data.filter((e) => e.action === 'case.evidence_pack.exported');
    expect(logged.map((e) => e.details)).to.deep.equal([{ caseId, via: 'api' }]);
  });

  it('svc evidence:verify accepts the pack against a JWKS file and names the file of any flipped byte (exit 1)', async () => {
    const { token, caseId } = await decidedCase();
    const zip = Buffer.from(await (await fetch(`${api.url}/v1/cases/${caseId}/evidence`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    const dir = await mkdtemp(join(tmpdir(), 'evidence-'));
    const jwksFile = join(dir, 'jwks.json');
    await writeFile(jwksFile, await (await fetch(`${api.url}/v1/oauth/jwks.json`)).text());
    const good = join(dir, 'good.zip');
    await writeFile(good, zip);
    const ok = await runNode('bin/svc.js', ['evidence:verify', good, '--jwks', jwksFile], testEnv());
    expect(ok.code, ok.stderr).to.equal(0);
    expect(JSON.parse(ok.stdout)).to.deep.include({ ok: true, caseId, filesChecked: 5 });

    const entries = await unzip(zip);
    for (const name of entries.keys()) {
      const altered = new Map(entries);
      const b = Buffer.from(entries.get(name)!);
      b[Math.floor(b.length / 2)] ^= 0x01;
      altered.set(name, b);
      const path = join(dir, `flipped-${name.replace(/\//g, '_')}.zip`);
      await writeFile(path, await rezip(altered));
      const run = await runNode('bin/svc.js', ['evidence:verify', path, '--jwks', jwksFile], testEnv());
      expect(run.code, `${name}: ${run.stdout}`).to.equal(1);
      expect(run.stdout).to.equal('');
      if (name === 'manifest.json' || name === 'manifest.json.jws') expect(run.stderr).to.include('manifest.json.jws: the signature does not verify');
      else expect(run.stderr).to.match(new RegExp(`${name.replace(/[.]/g, '\\.')}: SHA-256 [0-9a-f]{64} does not match the manifest's`));
    }
    // A file taken out, and one slipped in.
    const missing = new Map(entries);
    missing.delete('audit.jsonl');
    missing.set('extra.txt', Buffer.from('not from the service'));
    const path = join(dir, 'changed.zip');
    await writeFile(path, await rezip(missing));
    const run = await runNode('bin/svc.js', ['evidence:verify', path, '--jwks', jwksFile], testEnv());
    expect(run.code).to.equal(1);
    expect(run.stderr).to.include('audit.jsonl: listed in the manifest but missing from the ZIP');
    expect(run.stderr).to.include('extra.txt: in the ZIP but not in the manifest');
  });

  it('refuses a token without read:evidence (403), an unknown case (404), and another tenant\'s case (404)', async () => {
    const { token, caseId } = await decidedCase();
    const { token: plain } = await api.tenant('read:cases read:decisions');
    const { token: other } = await api.tenant('read:evidence');
    const refused = await api.get(`/v1/cases/${caseId}/evidence`, plain);
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ error: 'insufficient_scope' });
    expect((await api.get(`/v1/cases/${caseId}/evidence`, other)).status).to.equal(404);
    expect((await api.get('/v1/cases/CS-2020-00001/evidence', token)).status).to.equal(404);
  });
});
