import { expect } from 'chai';
import type { JobHelpers } from 'graphile-worker';
import { memberActor, operatorActor, systemActor, type CustomerActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { DOCUMENT_UPLOADED_TASK, extractDocument, listPortalDocuments, sweepDocumentExtraction, uploadDocuments } from '../../src/documents/index';
import type { Services } from '../../src/platform/index';
import type { Tx } from '../../src/db/index';
import { createTaskList } from '../../worker/tasks/index';
import { compileEventSchemas } from '../events/support';
import { RestHarness } from '../rest/harness';
import { runtime } from '../support/runtime';
import { bombPdf, CERTIFICATE_LINES, garbagePdf, passportPdf, scan, textPdf } from './support';

/** The extraction step against the real databases and blob store: upload, run the task, look at what a user sees. */
describe('documents: extractDocument (pipeline step 1)', function () {
  this.timeout(60_000);
  let api: RestHarness;
  let svc: Services;
  const schemas = compileEventSchemas();

  before(async () => {
    api = await RestHarness.start();
    svc = api.svc;
  });
  after(() => api.close());

  /** A tenant with a pull-API token, a case in progress, and its customer (the portal's actor). */
  async function setup() {
    const { tenant, token } = await api.tenant();
    const opened = await openCase(svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Globex Trading Limited' });
    const customer: CustomerActor = { kind: 'customer', orgId: tenant.id, casePk: opened.pk, caseId: opened.caseId, email: 'jane@globex.example' };
    return { orgId: tenant.id, token, caseId: opened.caseId, casePk: opened.pk, customer };
  }

  /** Uploads files through the portal's use case (the real blob store); returns their ids in order. */
  async function uploadFiles(customer: CustomerActor, files: { filename: string; bytes: Buffer }[]): Promise<number[]> {
    async function* each() {
      for (const f of files) yield { filename: f.filename, content: (async function* () { yield f.bytes; })() };
    }
    const res = await uploadDocuments(svc, customer, { files: each() });
    return res.documents.map((d) => d.id);
  }

  /** Runs the worker's task function for one document, as graphile would. */
  const runTask = (orgId: string, documentId: number) => createTaskList(svc)[DOCUMENT_UPLOADED_TASK]!({ orgId, documentId }, {} as JobHelpers);

  const events = async (orgId: string, casePk: number, type: string) => {
    const rows: { data: string }[] = await svc.db.query('SELECT data FROM events WHERE org_id = ? AND case_pk = ? AND type = ? ORDER BY seq', [orgId, casePk, type]);
    return rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
  };
  const row = async (orgId: string, id: number) => {
    const [r]: Record<string, unknown>[] = await svc.db.query(
      'SELECT status, document_type, confidence, warnings, missing_fields, notes, extracted_data, updated_at FROM documents WHERE org_id = ? AND id = ?', [orgId, id],
    );
    return r!;
  };
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

  it('extracts a passport PDF, a certificate of incorporation and a scanned PNG: stored fields, status complete, one exact document.processed each, shown by /v1 and the portal', async () => {
    const c = await setup();
    const [passport, certificate, png] = await uploadFiles(c.customer, [
      { filename: 'passport.pdf', bytes: await passportPdf() },
      { filename: 'incorporation.pdf', bytes: await textPdf(CERTIFICATE_LINES) },
      { filename: 'scan.png', bytes: scan('png') },
    ]) as [number, number, number];
    expect((await listPortalDocuments(svc, c.customer)).documents.map((d) => d.status)).to.deep.equal(['processing', 'processing', 'processing']);

    for (const id of [passport, certificate, png]) await runTask(c.orgId, id);

    const stored = await row(c.orgId, passport);
    expect([stored.status, stored.document_type, stored.confidence, json(stored.warnings), json(stored.missing_fields), stored.notes])
      .to.deep.equal(['complete', 'passport', 'High', [], [], null]);
    expect(json(stored.extracted_data)).to.deep.include({ surname: 'HARTLEY', givenNames: 'JANE ELIZABETH', documentNumber: 'X47Q21903', dateOfBirth: '1985-02-14', expiryDate: '2033-07-30' });
    expect(json((await row(c.orgId, certificate)).extracted_data)).to.deep.include({ companyName: 'GLOBEX TRADING LIMITED', registrationNumber: '09876543' });
    expect((await row(c.orgId, png)).document_type).to.equal('passport');

    const processed = await events(c.orgId, c.casePk, 'document.processed');
    expect(processed).to.have.length(3);
    for (const e of processed) expect(schemas.get('document.processed')!(e), JSON.stringify(schemas.get('document.processed')!.errors)).to.equal(true);
    const [first] = processed;
    expect(first!.eventId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const { eventId: _e, timestamp: _t, caseSequence: _s, ...rest } = first!;
    expect(rest).to.deep.equal({
      event: 'document.processed', eventVersion: 1, orgId: c.orgId, caseId: c.caseId, crmRecordId: null,
      documentId: passport, documentType: 'passport', filename: 'passport.pdf', status: 'complete', confidence: 'High', warningCount: 0, missingFieldCount: 0,
    });
    expect(processed.map((e) => [e.documentId, e.documentType, e.filename, e.confidence])).to.deep.equal([
      [passport, 'passport', 'passport.pdf', 'High'],
      [certificate, 'certificate_of_incorporation', 'incorporation.pdf', 'High'],
      [png, 'passport', 'scan.png', 'High'],
    ]);

    const one = await api.get(`/v1/documents/${certificate}`, c.token);
    expect(one.status, one.text).to.equal(200);
    expect(one.body).to.deep.include({
      id: certificate, caseId: c.caseId, documentType: 'certificate_of_incorporation', filename: 'incorporation.pdf', mimeType: 'application/pdf',
      status: 'complete', confidence: 'High', warnings: [], missingFields: [], notes: null,
      extractedData: {
        companyName: 'GLOBEX TRADING LIMITED', registrationNumber: '09876543', incorporationDate: '2019-03-12', jurisdiction: 'England and Wales', source: 'pdf_text', engine: 'local',
      },
    });
    expect((await listPortalDocuments(svc, c.customer)).documents.map((d) => d.status)).to.deep.equal(['complete', 'complete', 'complete']);
  });

  it('stores warnings and missing fields, and counts them in the event', async () => {
    const c = await setup();
    const [id] = await uploadFiles(c.customer, [{ filename: 'broken-mrz.pdf', bytes: await passportPdf(undefined, { breakDigit: true }) }]) as [number];
    await runTask(c.orgId, id);
    const one = await api.get(`/v1/documents/${id}`, c.token);
    expect(one.body).to.deep.include({ status: 'complete', documentType: 'passport', confidence: 'Medium', missingFields: [] });
    const warnings = one.body.warnings as string[];
    expect(warnings.join(' ')).to.match(/birth date check digit does not match/i);
    const [e] = await events(c.orgId, c.casePk, 'document.processed');
    expect([e!.confidence, e!.warningCount, e!.missingFieldCount]).to.deep.equal(['Medium', warnings.length, 0]);
  });

  it('an unreadable PDF: status error with the reason in notes, and no event', async () => {
    const c = await setup();
    const [id] = await uploadFiles(c.customer, [{ filename: 'damaged.pdf', bytes: garbagePdf() }]) as [number];
    expect(await extractDocument(svc, systemActor(c.orgId), { documentId: id })).to.deep.equal({ casePk: c.casePk, status: 'error' });
    const one = await api.get(`/v1/documents/${id}`, c.token);
    expect(one.body).to.deep.include({
      status: 'error', confidence: null, documentType: null, warnings: [], missingFields: [], extractedData: {},
      notes: 'The file could not be read as a PDF (it is damaged or not a PDF). Upload the original document again.',
    });
    expect(await events(c.orgId, c.casePk, 'document.processed')).to.deep.equal([]);
    expect((await listPortalDocuments(svc, c.customer)).documents.map((d) => d.status)).to.deep.equal(['error']);
  });

  it('a duplicate job does nothing: skipped, no second event, the row untouched', async () => {
    const c = await setup();
    const [id] = await uploadFiles(c.customer, [{ filename: 'incorporation.pdf', bytes: await textPdf(CERTIFICATE_LINES) }]) as [number];
    await runTask(c.orgId, id);
    const before = await row(c.orgId, id);
    await runTask(c.orgId, id);
    expect(await extractDocument(svc, systemActor(c.orgId), { documentId: id })).to.deep.equal({ casePk: c.casePk, status: 'skipped' });
    expect(await row(c.orgId, id)).to.deep.equal(before);
    expect(await events(c.orgId, c.casePk, 'document.processed')).to.have.length(1);
  });

  it('with a guard: writes nothing when the step is already claimed, and calls done in the transaction that writes', async () => {
    const c = await setup();
    const [id] = await uploadFiles(c.customer, [{ filename: 'incorporation.pdf', bytes: await textPdf(CERTIFICATE_LINES) }]) as [number];
    const calls: string[] = [];
    const refused = { claim: async () => (calls.push('claim'), false), done: async () => void calls.push('done') };
    expect(await extractDocument(svc, systemActor(c.orgId), { documentId: id }, refused)).to.deep.equal({ casePk: c.casePk, status: 'skipped' });
    expect(calls).to.deep.equal(['claim']);
    expect((await row(c.orgId, id)).status).to.equal('processing');
    expect(await events(c.orgId, c.casePk, 'document.processed')).to.deep.equal([]);

    const seen: string[] = [];
    const guard = {
      claim: async () => true,
      // In the same transaction as the write: the row already reads complete there.
      done: async (tx: Tx) => {
        const [r]: { status: string }[] = await tx.manager.query('SELECT status FROM documents WHERE org_id = ? AND id = ?', [c.orgId, id]);
        seen.push(r!.status);
      },
    };
    expect(await extractDocument(svc, systemActor(c.orgId), { documentId: id }, guard)).to.deep.equal({ casePk: c.casePk, status: 'complete' });
    expect(seen).to.deep.equal(['complete']);
    expect(await events(c.orgId, c.casePk, 'document.processed')).to.have.length(1);
  });

  it('skips a document that does not exist (removed, or another tenant\'s), and is the system\'s alone', async () => {
    const c = await setup();
    const other = await setup();
    const [id] = await uploadFiles(c.customer, [{ filename: 'incorporation.pdf', bytes: await textPdf(CERTIFICATE_LINES) }]) as [number];
    expect(await extractDocument(svc, systemActor(other.orgId), { documentId: id })).to.deep.equal({ casePk: null, status: 'skipped' });
    expect((await row(c.orgId, id)).status).to.equal('processing');
    const analyst = memberActor({ orgId: c.orgId, id: 'm1', email: 'analyst@example.com', role: 'admin' });
    const err = await extractDocument(svc, analyst, { documentId: id }).then(() => null, (e: unknown) => e as { code?: string });
    expect(err?.code).to.equal('forbidden');
    expect(await extractDocument(svc, c.customer, { documentId: id }).then(() => null, (e: unknown) => (e as { code?: string }).code)).to.equal('forbidden');
  });

  describe('sweepDocumentExtraction', () => {
    const jobsOf = async (documentId: number) => (await (await runtime()).queue.pool.query(
      'SELECT key FROM graphile_worker._private_jobs WHERE key = $1', [`${DOCUMENT_UPLOADED_TASK}:${documentId}`],
    )).rows as { key: string }[];
    const deleteJob = async (documentId: number) => (await runtime()).queue.pool.query(
      'DELETE FROM graphile_worker._private_jobs WHERE key = $1', [`${DOCUMENT_UPLOADED_TASK}:${documentId}`],
    );

    it('re-enqueues a document still processing after EXTRACTION_SWEEP_AFTER, once per period, and leaves recent ones alone', async () => {
      const c = await setup();
      const [stuck, recent] = await uploadFiles(c.customer, [
        { filename: 'stuck.pdf', bytes: await textPdf(CERTIFICATE_LINES) },
        { filename: 'recent.pdf', bytes: await textPdf(CERTIFICATE_LINES) },
      ]) as [number, number];
      // The upload's own jobs are gone (as after a crash between commit and enqueue); one document is old.
      await deleteJob(stuck);
      await deleteJob(recent);
      // Older than any document another file left processing: the sweep takes the oldest hundred across tenants.
      const old = new Date('2001-01-01T00:00:00Z');
      await svc.db.query('UPDATE documents SET updated_at = ? WHERE org_id = ? AND id = ?', [old, c.orgId, stuck]);

      expect(await sweepDocumentExtraction(svc)).to.be.greaterThan(0);
      expect(await jobsOf(stuck)).to.deep.equal([{ key: `${DOCUMENT_UPLOADED_TASK}:${stuck}` }]);
      expect(await jobsOf(recent)).to.deep.equal([]);

      // Handed off already in this period: the next sweep does not take it again.
      await deleteJob(stuck);
      await sweepDocumentExtraction(svc);
      expect(await jobsOf(stuck)).to.deep.equal([]);

      // The job it enqueued extracts the document; a document no longer processing is never swept.
      await runTask(c.orgId, stuck);
      expect((await row(c.orgId, stuck)).status).to.equal('complete');
      await svc.db.query('UPDATE documents SET updated_at = ?, extraction_requeued_at = NULL WHERE org_id = ? AND id = ?', [old, c.orgId, stuck]);
      await sweepDocumentExtraction(svc);
      expect(await jobsOf(stuck)).to.deep.equal([]);
    });

    it('a PDF compression bomb (300 KB inflating to 300 MiB): status error with the reason, the worker reads the next PDF, and the sweep never takes the bomb again', async () => {
      const c = await setup();
      const [bomb, passport] = await uploadFiles(c.customer, [
        { filename: 'bomb.pdf', bytes: await bombPdf(300) },
        { filename: 'passport.pdf', bytes: await passportPdf() },
      ]) as [number, number];
      await runTask(c.orgId, bomb);
      expect(await row(c.orgId, bomb)).to.deep.include({
        status: 'error', confidence: null, document_type: null,
        notes: 'The PDF was not read: its compressed content expands to more than the largest amount read (a compression bomb, or an unusually heavy file). Upload the document again, saved or scanned normally.',
      });
      await runTask(c.orgId, passport);
      expect(await row(c.orgId, passport)).to.deep.include({ status: 'complete', document_type: 'passport', confidence: 'High' });

      await deleteJob(bomb);
      const old = new Date(svc.clock.now().getTime() - svc.config.extractionSweepAfterMs - 60_000);
      await svc.db.query('UPDATE documents SET updated_at = ? WHERE org_id = ? AND id = ?', [old, c.orgId, bomb]);
      await sweepDocumentExtraction(svc);
      expect(await jobsOf(bomb)).to.deep.equal([]);
    });
  });
});
