import { expect } from 'chai';
import { fromBuffer, type Entry } from 'yauzl';
import type { Runtime } from '../../bin/compose';
import { memberActor } from '../../src/access/index';
import { exportEvidencePack } from '../../src/evidence/index';
import type { Tenant } from '../../src/tenants/index';
import { decide, personalCase, zeroRetentionTenant } from '../retention/support';
import { newTenant, runtime } from '../support/runtime';
import { drain, newEndpoint, receiversPerTest } from '../webhooks/support';

const PACKAGE = 'case.data_package.delivered';

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => zip.openReadStream(entry, (e, s) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      }));
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A purged case's evidence pack says what was purged and when (issue 28). */
describe('evidence pack of a case purged by zero retention', function () {
  this.timeout(60_000);
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();
  before(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  it('case.json says when the personal data was purged and which categories; the purged document is listed absent; decisions keep their provenance', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const crm = await receiver(() => ({ status: 200, body: 'ok' }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: crm.url('/crm'), eventTypes: [PACKAGE] });
    const c = await personalCase(rt.svc, tenant);
    await decide(rt.svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id });
    const [row]: { purged_at: Date | null }[] = await rt.svc.db.query('SELECT purged_at FROM cases WHERE org_id = ? AND pk = ?', [tenant.id, c.pk]);
    expect(row!.purged_at, 'the purge ran').to.not.equal(null);

    const analyst = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-0000000000a1', email: 'analyst@retained.example', role: 'analyst' });
    const pack = await exportEvidencePack(rt.svc, analyst, { caseId: c.caseId, via: 'console' });
    const chunks: Buffer[] = [];
    for await (const chunk of pack.stream) chunks.push(chunk as Buffer);
    const entries = await unzip(Buffer.concat(chunks));
    expect([...entries.keys()]).to.deep.equal(['report.pdf', 'case.json', 'events.jsonl', 'audit.jsonl', 'manifest.json', 'manifest.json.jws']);

    const caseJson = JSON.parse(entries.get('case.json')!.toString('utf8')) as {
      purge: { purgedAt: string; categories: string[]; counts: Record<string, unknown> | null; purgedBy: string | null };
      caseFile: { companyProfile: unknown; ownership: unknown; documents: unknown; purgedAt: string };
      decisions: { provenance: { decision: { override: { approvedBy: string } } } | null }[];
      documents: { id: number; path: string | null; absent: string | null; storedSha256: string | null }[];
    };
    const purgedAt = new Date(row!.purged_at!).toISOString();
    expect(caseJson.purge).to.deep.include({ purgedAt });
    expect(caseJson.purge.categories).to.include.members(['parties', 'documents', 'document_files']);
    expect(caseJson.purge.counts).to.not.equal(null);
    expect(caseJson.caseFile).to.deep.include({ purgedAt, companyProfile: null, ownership: null, documents: null });
    expect(caseJson.documents).to.deep.equal([{ ...caseJson.documents[0], id: c.documentId, path: null, absent: 'purged', storedSha256: null }]);
    expect(caseJson.decisions.at(-1)!.provenance!.decision.override.approvedBy).to.equal('colleague@retained.example');

    // The purge emptied the filename too: the path says only the id.
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { absent: { documentId: number; reason: string; purgedAt: string }[] };
    expect(manifest.absent).to.deep.equal([{ path: `documents/${c.documentId}-document`, documentId: c.documentId, reason: 'purged', purgedAt }]);
  });
});
