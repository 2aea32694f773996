import { expect } from 'chai';
import { RestHarness, seedCase, uniqueEmail } from './harness';
import { seedDecision, seedDocument, seedHit } from './factories';

describe('/v1 tenant isolation matrix', () => {
  let api: RestHarness;
  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());

  it("gives tenant B's token 404 (identical to a missing id) or an empty list on every tenant A id, list, filter and cursor", async () => {
    const all = 'read:cases read:documents read:events read:decisions read:screening read:full_case cases:write screening:write';
    const a = await api.tenant(all);
    const b = await api.tenant(all);
    const email = uniqueEmail('iso');
    const apiCase = await api.post('/v1/cases', a.token, { customerEmail: email, companyName: 'A Ltd', crmRecordId: 'A-REC' });
    const aApiId = apiCase.body.caseId as string;
    const manual = await seedCase(api.svc, a.tenant.id);
    await seedDecision(api.svc, a.tenant.id, manual.pk);
    await seedHit(api.svc, a.tenant.id, manual.pk, { hitId: 'a-hit' });
    const docId = await seedDocument(api.svc, a.tenant.id, manual.pk);
    await api.post('/v1/cases', a.token, { customerEmail: uniqueEmail(), companyName: 'A2 Ltd' });
    const aCursor = (await api.get('/v1/cases?limit=1', a.token)).body.nextCursor as string;
    const aDocCursor = (await api.get('/v1/documents?limit=1', a.token)).body.nextCursor as string | null;

    const missingCase = await api.get('/v1/cases/CS-1999-00042', b.token);
    const missingDoc = await api.get('/v1/documents/999999999', b.token);
    expect(missingCase.status).to.equal(404);
    expect(missingDoc.status).to.equal(404);

    for (const id of [aApiId, manual.caseId]) {
      for (const [method, path, body] of [
        ['GET', `/v1/cases/${id}`],
        ['GET', `/v1/cases/${id}/decisions`],
        ['GET', `/v1/cases/${id}/screening`],
        ['POST', `/v1/cases/${id}/screening/disposition`, { hitId: 'a-hit', disposition: 'true_match' }],
        ['POST', `/api/cases/${id}/crm-record-id`, { crmRecordId: 'stolen' }],
      ] as [string, string, unknown?][]) {
        const res = await api.call(method, path, { token: b.token, json: body });
        expect(res.status, `${method} ${path}`).to.equal(404);
        expect(res.text, `${method} ${path}: same body as a missing case`).to.equal(missingCase.text);
      }
    }
    const doc = await api.get(`/v1/documents/${docId}`, b.token);
    expect([doc.status, doc.text]).to.deep.equal([404, missingDoc.text]);

    const emptyPage = { data: [], nextCursor: null, hasMore: false };
    expect((await api.get('/v1/cases', b.token)).body).to.deep.equal(emptyPage);
    expect((await api.get(`/v1/cases?status=in_progress`, b.token)).body).to.deep.equal(emptyPage);
    expect((await api.get(`/v1/documents`, b.token)).body).to.deep.equal(emptyPage);
    expect((await api.get(`/v1/documents?caseId=${manual.caseId}`, b.token)).body).to.deep.equal(emptyPage);
    for (const path of [`/v1/cases?cursor=${encodeURIComponent(aCursor)}`, ...(aDocCursor ? [`/v1/documents?cursor=${encodeURIComponent(aDocCursor)}`] : [])]) {
      const res = await api.get(path, b.token);
      expect(res.status, path).to.equal(400);
      expect(res.body.error).to.equal('validation_failed');
    }

    // Dedup layers are per tenant: B's create with A's crmRecordId and email makes B's own case.
    const bCase = await api.post('/v1/cases', b.token, { customerEmail: email, companyName: 'B Ltd', crmRecordId: 'A-REC' });
    expect(bCase.status).to.equal(201);
    expect(bCase.body.caseId).to.not.equal(aApiId);

    // Nothing of A changed.
    const aView = await api.get(`/v1/cases/${manual.caseId}`, a.token);
    expect(aView.body.crmRecordId).to.equal(null);
    const hits = await api.get(`/v1/cases/${manual.caseId}/screening`, a.token);
    expect((hits.body.data as { disposition: unknown }[])[0]!.disposition).to.equal(null);
    expect(((await api.get('/v1/cases', a.token)).body.data as unknown[]).length).to.equal(3);
  });
});
