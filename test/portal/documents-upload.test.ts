import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { createApiClient } from '../../src/oauth/index';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness } from '../graphql/harness';
import { drainJobs, runtime } from '../support/runtime';
import {
  blobFiles, bombPdf, elfBinary, multipart, mzBinary, newCustomer, tinyHeic, tinyJpeg, tinyPdf, tinyPng, trpc, upload, type Customer,
} from './documents-support';

const MiB = 1024 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** POST {APP_URL}/portal/api/documents over real HTTP with the session of a redeemed invite, and the rows, blobs, events and stage behind it. */
describe('portal document upload (POST /portal/api/documents)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const dataDir = () => h.svc.config.dataDir;
  const rows = (c: Customer) => h.svc.db.query(
    'SELECT id, filename, mime_type, size_bytes, status, sha256, blob_key, extracted_data, document_type FROM documents WHERE org_id = ? AND case_pk = ? ORDER BY id', [c.orgId, c.casePk],
  ) as Promise<Record<string, unknown>[]>;
  const storedBytes = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of await h.svc.blobs.open(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('stores one file of each accepted type, typed by its bytes, with its SHA-256, as `processing` documents the list shows', async () => {
    const c = await newCustomer(h);
    const files = [
      { filename: 'certificate.pdf', bytes: tinyPdf(), type: 'application/pdf' },
      { filename: 'passport.jpg', bytes: tinyJpeg(), type: 'image/jpeg' },
      { filename: 'utility-bill.png', bytes: tinyPng(), type: 'image/png' },
      { filename: 'IMG_0042.HEIC', bytes: tinyHeic(), type: 'image/heic' },
    ];
    const res = await upload(h, c, files);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    const docs = res.body.documents as Record<string, unknown>[];
    expect(docs.map((d) => [d.filename, d.mimeType, d.sizeBytes, d.status])).to.deep.equal([
      ['certificate.pdf', 'application/pdf', files[0]!.bytes.length, 'processing'],
      ['passport.jpg', 'image/jpeg', files[1]!.bytes.length, 'processing'],
      ['utility-bill.png', 'image/png', files[2]!.bytes.length, 'processing'],
      ['IMG_0042.heic', 'image/heic', files[3]!.bytes.length, 'processing'],
    ]);
    const stored = await rows(c);
    expect(stored.map((r) => Number(r.id))).to.deep.equal(docs.map((d) => d.id));
    for (const [i, r] of stored.entries()) {
      expect(r.sha256, files[i]!.filename).to.equal(sha256(files[i]!.bytes));
      expect(r.blob_key).to.match(/^[0-9a-f]{32}$/);
      expect(r.document_type).to.equal(null);
      expect(typeof r.extracted_data === 'string' ? JSON.parse(r.extracted_data) : r.extracted_data).to.deep.equal({});
      expect((await storedBytes(r.blob_key as string)).equals(Buffer.from(files[i]!.bytes)), files[i]!.filename).to.equal(true);
    }
    const list = await trpc(h, c, 'documents.list');
    expect(list.status).to.equal(200);
    expect(list.body.result!.data).to.deep.equal({
      documents: docs,
      limits: { maxDocuments: 20, maxFileBytes: 20 * MiB, acceptedMimeTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] },
    });
  });

  it('stores a PDF named .png as the PDF it is (type and extension from the bytes, not the name or the part header)', async () => {
    const c = await newCustomer(h);
    const res = await upload(h, c, [{ filename: 'scan.png', bytes: tinyPdf(), type: 'image/png' }]);
    expect(res.status).to.equal(201);
    const [doc] = res.body.documents as Record<string, unknown>[];
    expect(doc).to.deep.include({ filename: 'scan.pdf', mimeType: 'application/pdf' });
    expect((await rows(c))[0]).to.deep.include({ filename: 'scan.pdf', mime_type: 'application/pdf' });
  });

  for (const [what, bytes] of [['an ELF executable', elfBinary()], ['a Windows (MZ) executable', mzBinary()]] as const) {
    it(`refuses ${what} named .pdf: 400 validation_failed naming the file, and nothing of the batch is stored`, async () => {
      const c = await newCustomer(h);
      const before = await blobFiles(dataDir());
      const res = await upload(h, c, [
        { filename: 'good.pdf', bytes: tinyPdf() },
        { filename: 'invoice.pdf', bytes, type: 'application/pdf' },
      ]);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        error: 'validation_failed',
        message: 'files.1: "invoice.pdf" is not a PDF, JPEG, PNG or HEIC file (the type is read from the file\'s content, not its name).',
        details: [{ path: 'files.1', message: '"invoice.pdf" is not a PDF, JPEG, PNG or HEIC file (the type is read from the file\'s content, not its name).' }],
      });
      expect(await rows(c)).to.deep.equal([]);
      expect(await blobFiles(dataDir())).to.deep.equal(before);
    });
  }

  it('refuses a 21 MiB file with 413 payload_too_large; nothing is stored, not even part of it', async () => {
    const c = await newCustomer(h);
    const before = await blobFiles(dataDir());
    const big = Buffer.alloc(21 * MiB, 0x20);
    tinyPdf().copy(big);
    const res = await upload(h, c, [{ filename: 'scan.pdf', bytes: tinyPdf() }, { filename: 'huge.pdf', bytes: big }]);
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal({
      error: 'payload_too_large',
      message: '"huge.pdf" is larger than 20 MiB, the largest file accepted.',
      details: [{ path: 'files.1', message: 'must be at most 20971520 bytes (20 MiB)' }],
    });
    expect(await rows(c)).to.deep.equal([]);
    expect(await blobFiles(dataDir())).to.deep.equal(before);
    // The connection stays usable: the next upload goes through.
    expect((await upload(h, c, [{ filename: 'scan.pdf', bytes: tinyPdf() }])).status).to.equal(201);
  });

  it('takes a file of exactly 20 MiB and refuses 20 MiB and one byte', async () => {
    const c = await newCustomer(h);
    const exact = Buffer.alloc(20 * MiB, 0x20);
    tinyPdf().copy(exact);
    const ok = await upload(h, c, [{ filename: 'exact.pdf', bytes: exact }]);
    expect(ok.status).to.equal(201);
    expect((ok.body.documents as { sizeBytes: number }[])[0]!.sizeBytes).to.equal(20 * MiB);
    const over = await upload(h, c, [{ filename: 'over.pdf', bytes: Buffer.concat([exact, Buffer.from(' ')]) }]);
    expect(over.status).to.equal(413);
    expect((await rows(c)).length).to.equal(1);
  });

  it('holds at most 20 documents a case: a 21st file is refused, in a later batch or in the same one', async () => {
    const c = await newCustomer(h);
    const pdfs = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ filename: `doc-${from + i}.pdf`, bytes: tinyPdf(`Page ${from + i}`) }));
    const tooMany = await upload(h, c, pdfs(21));
    expect(tooMany.status).to.equal(400);
    expect(tooMany.body).to.deep.include({ error: 'validation_failed' });
    expect(tooMany.body.details).to.deep.equal([{ path: 'files.20', message: '"doc-21.pdf" cannot be added: a case holds at most 20 documents. Remove one to add another.' }]);
    expect(await rows(c)).to.deep.equal([]);

    expect((await upload(h, c, pdfs(19))).status).to.equal(201);
    expect((await upload(h, c, pdfs(1, 20))).status).to.equal(201);
    const twentyFirst = await upload(h, c, pdfs(1, 21));
    expect(twentyFirst.status).to.equal(400);
    expect(twentyFirst.body.details).to.deep.equal([{ path: 'files.0', message: '"doc-21.pdf" cannot be added: a case holds at most 20 documents. Remove one to add another.' }]);
    expect((await rows(c)).length).to.equal(20);

    // Removing one makes room for one.
    const [first] = await rows(c);
    expect((await trpc(h, c, 'documents.remove', { id: Number(first!.id) }, 'mutation')).status).to.equal(200);
    expect((await upload(h, c, pdfs(1, 21))).status).to.equal(201);
  });

  it('stores a decompression-bomb PDF as it is, in bounded memory: nothing is inflated', async () => {
    const c = await newCustomer(h);
    const bomb = await bombPdf(1024 * MiB); // ~1 MiB on the wire, 1 GiB inflated
    expect(bomb.length).to.be.below(2 * MiB);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const res = await upload(h, c, [{ filename: 'annual-report.pdf', bytes: bomb }]);
      expect(res.status).to.equal(201);
      expect((res.body.documents as Record<string, unknown>[])[0]).to.deep.include({ mimeType: 'application/pdf', sizeBytes: bomb.length });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    // The client's body and the server live in this process; 1 GiB inflated would show. 64 MiB is headroom for GC timing.
    expect(peak - before, `RSS grew by ${((peak - before) / MiB).toFixed(1)} MiB`).to.be.below(64 * MiB);
    expect((await rows(c))[0]!.sha256).to.equal(sha256(bomb));
  });

  it('sanitises filenames: no path, no control or bidi characters, no leading dots, capped length, the type\'s extension', async () => {
    const c = await newCustomer(h);
    const long = `${'a'.repeat(300)}.pdf`;
    const res = await upload(h, c, [
      { filename: '../../etc/passwd.pdf', bytes: tinyPdf() },
      { filename: 'C:\\Users\\me\\Desktop\\bank statement.pdf', bytes: tinyPdf() },
      { filename: 'invoice\u202Efdp.exe', bytes: tinyPdf() },
      { filename: 'tab\tand\u0000nul\u0007.pdf', bytes: tinyPdf(), encoded: true },
      { filename: '...hidden.pdf', bytes: tinyPdf() },
      { filename: long, bytes: tinyPdf() },
      { filename: 'rapport été 2025.pdf', bytes: tinyPdf() },
      { filename: '', bytes: tinyPng() },
    ]);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const names = (res.body.documents as { filename: string }[]).map((d) => d.filename);
    expect(names).to.deep.equal([
      'passwd.pdf', 'bank statement.pdf', 'invoicefdp.exe.pdf', 'tab andnul.pdf', 'hidden.pdf', `${'a'.repeat(116)}.pdf`, 'rapport été 2025.pdf', 'document.png',
    ]);
  });

  it('records one document.uploaded per batch, valid against its schema and equal to the /v1/events item; the stage moves to collecting_documents once', async () => {
    const c = await newCustomer(h);
    const first = await upload(h, c, [{ filename: 'a.pdf', bytes: tinyPdf() }, { filename: 'b.png', bytes: tinyPng() }]);
    const second = await upload(h, c, [{ filename: 'c.jpg', bytes: tinyJpeg() }]);
    expect([first.status, second.status]).to.deep.equal([201, 201]);
    await drainJobs(await runtime(), { orgId: c.orgId });

    const client = await createApiClient(h.svc, operatorActor(c.orgId), { name: 'CRM' });
    const tokenRes = await fetch(`${h.url}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const feed = async (type: string) => {
      const res = await fetch(`${h.url}/v1/events?event_type=${type}&limit=200`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).to.equal(200);
      return ((await res.json()) as { data: { data: Record<string, unknown> }[] }).data.map((i) => i.data).filter((d) => d.caseId === c.caseId);
    };

    const uploaded = await feed('document.uploaded');
    const ids = (r: typeof first) => (r.body.documents as { id: number }[]).map((d) => d.id);
    expect(uploaded.map((e) => [e.documentIds, e.fileCount, e.filenames])).to.deep.equal([
      [ids(first), 2, ['a.pdf', 'b.png']],
      [ids(second), 1, ['c.jpg']],
    ]);
    const schemas = compileEventSchemas();
    for (const e of uploaded) {
      expect(schemas.get('document.uploaded')!(e), JSON.stringify(schemas.get('document.uploaded')!.errors)).to.equal(true);
      expect(e).to.deep.include({ event: 'document.uploaded', orgId: c.orgId, caseId: c.caseId, crmRecordId: null });
    }
    // The feed serves the stored bytes: the same payload as the outbox row.
    const [stored]: { data: string }[] = await h.svc.db.query("SELECT data FROM events WHERE org_id = ? AND type = 'document.uploaded' ORDER BY seq LIMIT 1", [c.orgId]);
    expect(JSON.parse(stored!.data)).to.deep.equal(uploaded[0]);

    const progress = await feed('case.onboarding_progress.changed');
    expect(progress.map((e) => e.stage)).to.deep.equal(['collecting_documents']);
    expect(schemas.get('case.onboarding_progress.changed')!(progress[0])).to.equal(true);
    expect(progress[0]).to.deep.include({ stageLabel: 'Collecting documents' });
    // In commit order: the batch's event, then the stage change it caused.
    expect((progress[0]!.caseSequence as number) - (uploaded[0]!.caseSequence as number)).to.equal(1);
  });

  it('enqueues one pipeline.document-uploaded job per document (ids only), which the worker completes', async () => {
    const c = await newCustomer(h);
    const res = await upload(h, c, [{ filename: 'a.pdf', bytes: tinyPdf() }, { filename: 'b.pdf', bytes: tinyPdf() }]);
    const ids = (res.body.documents as { id: number }[]).map((d) => d.id);
    const rt = await runtime();
    const jobs = async () => (await rt.queue.pool.query(
      `SELECT j.key, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE t.identifier = 'pipeline.document-uploaded' AND j.key = ANY($1) ORDER BY j.key`,
      [ids.map((id) => `pipeline.document-uploaded:${id}`)],
    )).rows as { key: string; payload: unknown }[];
    expect(await jobs()).to.deep.equal(ids.map((id) => ({ key: `pipeline.document-uploaded:${id}`, payload: { orgId: c.orgId, documentId: id } })).sort((a, b) => a.key.localeCompare(b.key)));
    await drainJobs(rt, { orgId: c.orgId });
    expect(await jobs()).to.deep.equal([]);
  });

  describe('who may upload', () => {
    it('answers 401 unauthenticated without a portal session, in the /v1 error shape', async () => {
      const res = await upload(h, null, [{ filename: 'a.pdf', bytes: tinyPdf() }]);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ error: 'unauthenticated', message: 'Your session has ended. Open your invitation link again, or ask for a new one.' });
      const ended = await upload(h, { ...(await newCustomer(h)), session: 'x'.repeat(43) }, [{ filename: 'a.pdf', bytes: tinyPdf() }]);
      expect(ended.status).to.equal(401);
    });

    it('refuses (403) a request from another origin, or from a browser that sends neither Origin nor Sec-Fetch-Site: same-origin', async () => {
      const c = await newCustomer(h);
      const parts = [{ filename: 'a.pdf', bytes: tinyPdf() }];
      const forbidden = { error: 'forbidden', message: 'Uploads are accepted only from the customer portal\'s own pages.' };
      expect((await upload(h, c, parts, { origin: 'https://evil.example' })).body).to.deep.equal(forbidden);
      expect((await upload(h, c, parts, { origin: 'null' })).status).to.equal(403);
      expect((await upload(h, c, parts, { origin: null })).status).to.equal(403);
      expect((await upload(h, c, parts, { origin: null, headers: { 'sec-fetch-site': 'same-site' } })).status).to.equal(403);
      expect(await rows(c)).to.deep.equal([]);
      expect((await upload(h, c, parts, { origin: null, headers: { 'sec-fetch-site': 'same-origin' } })).status).to.equal(201);
    });

    it('answers 400 validation_failed to a body that is not multipart, has no file, or is cut off', async () => {
      const c = await newCustomer(h);
      const json = await upload(h, c, [], { headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') });
      expect(json.status).to.equal(400);
      expect(json.body).to.deep.equal({
        error: 'validation_failed', message: 'Content-Type: must be multipart/form-data (one part per file)',
        details: [{ path: 'Content-Type', message: 'must be multipart/form-data (one part per file)' }],
      });
      const empty = await upload(h, c, []);
      expect(empty.status).to.equal(400);
      expect(empty.body.details).to.deep.equal([{ path: 'files', message: 'must contain at least one file' }]);
      const full = multipart([{ filename: 'a.pdf', bytes: tinyPdf() }]);
      const cut = await upload(h, c, [], { body: full.subarray(0, full.length - 60) });
      expect(cut.status).to.equal(400);
      expect(cut.body.error).to.equal('validation_failed');
      expect(await rows(c)).to.deep.equal([]);
    });

    it('refuses uploads once the application is submitted (409 conflict)', async () => {
      const c = await newCustomer(h);
      await h.svc.db.query("UPDATE cases SET status = 'in_review' WHERE org_id = ? AND pk = ?", [c.orgId, c.casePk]);
      const res = await upload(h, c, [{ filename: 'a.pdf', bytes: tinyPdf() }]);
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({ error: 'conflict', message: 'This application has been submitted, so documents can no longer be added.' });
    });
  });
});
