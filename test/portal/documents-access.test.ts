import { expect } from 'chai';
import { ConsoleHarness } from '../graphql/harness';
import { blobFiles, newCustomer, tinyPdf, tinyPng, trpc, upload, type Customer } from './documents-support';

/** documents.list and documents.remove over tRPC: each session sees and changes only its own case, and only before submission. */
describe('portal documents: list and remove (tRPC documents.*)', function () {
  this.timeout(30_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const uploadOne = async (c: Customer, filename = 'a.pdf', bytes = tinyPdf()) => {
    const res = await upload(h, c, [{ filename, bytes }]);
    expect(res.status).to.equal(201);
    return (res.body.documents as { id: number; filename: string }[])[0]!;
  };
  const listed = async (c: Customer) => {
    const res = await trpc(h, c, 'documents.list');
    expect(res.status).to.equal(200);
    return (res.body.result!.data as { documents: { id: number; filename: string }[] }).documents.map((d) => [d.id, d.filename]);
  };
  const blobKey = async (id: number) => ((await h.svc.db.query('SELECT blob_key FROM documents WHERE id = ?', [id])) as { blob_key: string }[])[0]?.blob_key;

  it('removes a document of the case before submission: the row and its bytes go; nothing is recorded as an event', async () => {
    const c = await newCustomer(h);
    const a = await uploadOne(c, 'a.pdf');
    const b = await uploadOne(c, 'b.png', tinyPng());
    const key = await blobKey(a.id);
    expect((await blobFiles(h.svc.config.dataDir)).some((f) => f.endsWith(key!))).to.equal(true);
    const [eventsBefore]: { n: number }[] = await h.svc.db.query('SELECT COUNT(*) AS n FROM events WHERE org_id = ?', [c.orgId]);

    const res = await trpc(h, c, 'documents.remove', { id: a.id }, 'mutation');
    expect(res.status).to.equal(200);
    expect(res.body.result!.data).to.deep.include({ id: a.id, filename: 'a.pdf', mimeType: 'application/pdf', status: 'processing' });
    expect(await listed(c)).to.deep.equal([[b.id, 'b.png']]);
    expect((await blobFiles(h.svc.config.dataDir)).some((f) => f.endsWith(key!))).to.equal(false);
    const [eventsAfter]: { n: number }[] = await h.svc.db.query('SELECT COUNT(*) AS n FROM events WHERE org_id = ?', [c.orgId]);
    expect(Number(eventsAfter!.n)).to.equal(Number(eventsBefore!.n));

    const again = await trpc(h, c, 'documents.remove', { id: a.id }, 'mutation');
    expect(again.status).to.equal(404);
    expect(again.body.error).to.deep.include({ message: 'Document not found.' });
    expect(again.body.error!.data).to.deep.include({ code: 'NOT_FOUND', reason: 'not_found' });
  });

  it('refuses removal once the application is submitted (CONFLICT, a clear message), and keeps the document', async () => {
    const c = await newCustomer(h);
    const a = await uploadOne(c);
    for (const status of ['in_review', 'pending_senior', 'approved']) {
      await h.svc.db.query('UPDATE cases SET status = ? WHERE org_id = ? AND pk = ?', [status, c.orgId, c.casePk]);
      const res = await trpc(h, c, 'documents.remove', { id: a.id }, 'mutation');
      expect(res.status, status).to.equal(409);
      expect(res.body.error!.message).to.equal('This application has been submitted, so documents can no longer be removed.');
      expect(res.body.error!.data).to.deep.equal({ code: 'CONFLICT', httpStatus: 409, path: 'documents.remove', reason: 'conflict' });
    }
    expect(await listed(c)).to.deep.equal([[a.id, 'a.pdf']]);
    expect(await blobKey(a.id)).to.match(/^[0-9a-f]{32}$/);
  });

  it('another case\'s session, in the same tenant or another, neither lists nor removes the first case\'s documents', async () => {
    const tenant = await h.tenant();
    const owner = await newCustomer(h, tenant);
    const neighbour = await newCustomer(h, tenant); // same tenant, another case
    const outsider = await newCustomer(h); // another tenant
    const doc = await uploadOne(owner);

    for (const other of [neighbour, outsider]) {
      expect(await listed(other)).to.deep.equal([]);
      const res = await trpc(h, other, 'documents.remove', { id: doc.id }, 'mutation');
      expect(res.status).to.equal(404);
      expect(res.body.error!.data).to.deep.include({ reason: 'not_found' });
      // Its own upload lands on its own case.
      const mine = await uploadOne(other, 'mine.pdf');
      expect(await listed(other)).to.deep.equal([[mine.id, 'mine.pdf']]);
    }
    expect(await listed(owner)).to.deep.equal([[doc.id, 'a.pdf']]);
  });

  it('answers UNAUTHORIZED without a session and BAD_REQUEST with field paths for a malformed id', async () => {
    const none = await trpc(h, null, 'documents.list');
    expect(none.status).to.equal(401);
    expect(none.body.error!.data).to.deep.include({ code: 'UNAUTHORIZED', reason: 'unauthenticated' });
    const c = await newCustomer(h);
    const bad = await trpc(h, c, 'documents.remove', { id: 'one' }, 'mutation');
    expect(bad.status).to.equal(400);
    expect(bad.body.error!.data).to.deep.include({ code: 'BAD_REQUEST', reason: 'validation_failed' });
    expect(bad.body.error!.data.details).to.deep.equal([{ path: 'id', message: 'must be an integer' }]);
  });
});
