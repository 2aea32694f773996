import { expect } from 'chai';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { ConsoleHarness } from '../graphql/harness';
import { personalCase } from './support';

/** Every entry of a ZIP: name and bytes, in order. */
function unzip(buf: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(buf, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: { name: string; bytes: Buffer }[] = [];
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
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

const SAR = 'mutation ($input: SubjectAccessInput!) { subjectAccessExport(input: $input) { downloadUrl } }';

describe('subject access export (console GraphQL and the streamed ZIP)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('answers a ZIP of what the tenant holds on the person across two cases (JSON and their documents), compliance_admin only, audited', async () => {
    const ca = await h.signedIn('compliance_admin');
    const tenant = ca.member.tenant;
    const one = await personalCase(h.svc, tenant);
    const two = await personalCase(h.svc, tenant);
    const other = await h.signedIn('compliance_admin');
    await personalCase(h.svc, other.member.tenant); // another tenant's case of the same address: never in the export

    const analyst = await h.signedIn('analyst', tenant);
    expect(await analyst.error(SAR, { input: { email: 'jane.doe@retained.example' } })).to.deep.include({ code: 'FORBIDDEN' });
    expect((await ca.error(SAR, { input: {} })).extensions.details).to.deep.equal([{ path: 'input', message: 'give exactly one of email or personId' }]);
    const { downloadUrl } = (await ca.data<{ subjectAccessExport: { downloadUrl: string } }>(SAR, { input: { email: 'Jane.Doe@retained.example' } })).subjectAccessExport;
    expect(downloadUrl).to.equal('/console/export/subject-access.zip?email=Jane.Doe%40retained.example');

    expect((await fetch(`${h.url}${downloadUrl}`)).status, 'no session').to.equal(401);
    expect((await fetch(`${h.url}${downloadUrl}`, { headers: analyst.cookieHeader() })).status).to.equal(403);
    const res = await fetch(`${h.url}${downloadUrl}`, { headers: ca.cookieHeader() });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/zip');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const names = entries.map((e) => e.name);
    expect(names).to.deep.equal([
      'subject.json', `cases/${one.caseId}.json`, `cases/${two.caseId}.json`,
      `documents/${one.caseId}/${one.documentId}-passport-jane-doe.pdf`, `documents/${two.caseId}/${two.documentId}-passport-jane-doe.pdf`,
    ]);
    const subject = JSON.parse(entries[0]!.bytes.toString()) as Record<string, unknown>;
    expect(subject).to.deep.include({ request: { email: 'jane.doe@retained.example', personId: null }, person: null, caseIds: [one.caseId, two.caseId] });
    const first = JSON.parse(entries[1]!.bytes.toString()) as Record<string, unknown>;
    expect(first).to.deep.include({ caseId: one.caseId, companyName: 'Retained Ltd', asCustomer: { customerEmail: 'jane.doe@retained.example', customerName: 'Jane Doe' } });
    expect((first.documents as Record<string, unknown>[])[0]).to.deep.include({ documentId: one.documentId, filename: 'passport-jane-doe.pdf', extractedData: { fullName: 'Jane Doe', documentNumber: 'X1234567' }, held: true });
    expect(entries[3]!.bytes.toString()).to.equal('%PDF-1.4 the passport of Jane Doe');

    const audit = await h.svc.db.query("SELECT actor, details FROM tenant_config_audit_log WHERE org_id = ? AND action = 'subject.access_exported'", [tenant.id]) as { actor: string; details: unknown }[];
    expect(audit.map((a) => ({ actor: a.actor, details: typeof a.details === 'string' ? JSON.parse(a.details) : a.details }))).to.deep.equal([{
      actor: ca.member.email, details: { email: 'jane.doe@retained.example', personId: null, caseIds: [one.caseId, two.caseId], documents: 2 },
    }]);
  });
});
