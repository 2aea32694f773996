import { expect } from 'chai';
import { inTransaction } from '../../src/db/index';
import { EventRecord, recordEvent } from '../../src/events/index';
import { setFullParity, type Tenant } from '../../src/tenants/index';
import { RestHarness, seedCase, uniqueEmail } from './harness';
import { seedDecision, seedDocument, seedHit, seedParty, seedRisk } from './factories';
import { operatorActor } from '../../src/access/index';

describe('/v1 pull endpoints', () => {
  let api: RestHarness;
  let tenant: Tenant;
  let token: string;
  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());
  beforeEach(async () => {
    ({ tenant, token } = await api.tenant());
  });

  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await api.post('/v1/cases', token, { customerEmail: uniqueEmail(), companyName: 'Pull Ltd', ...extra });
    expect(res.status, res.text).to.equal(201);
    return res.body.caseId as string;
  };
  /** The exact 400 body: every problem in details, the first as the message. */
  const expect400 = async (path: string, details: { path: string; message: string }[]) => {
    const res = await api.get(path, token);
    expect(res.status, `${path}: ${res.text}`).to.equal(400);
    expect(res.body).to.deep.equal({ error: 'validation_failed', message: `${details[0]!.path}: ${details[0]!.message}`, details });
  };

  describe('GET /v1/cases', () => {
    it('pages newest first with opaque cursors until hasMore is false', async () => {
      const ids = [await create(), (await seedCase(api.svc, tenant.id)).caseId, await create(), await create(), await create()];
      const seen: string[] = [];
      let path = '/v1/cases?limit=2';
      for (let i = 0; i < 10; i++) {
        const res = await api.get(path, token);
        expect(res.status).to.equal(200);
        seen.push(...(res.body.data as { caseId: string }[]).map((c) => c.caseId));
        if (!res.body.hasMore) {
          expect(res.body.nextCursor).to.equal(null);
          break;
        }
        expect(res.body.data).to.have.length(2);
        path = `/v1/cases?limit=2&cursor=${encodeURIComponent(res.body.nextCursor as string)}`;
      }
      expect(seen).to.deep.equal([...ids].reverse());
      const first = (await api.get('/v1/cases?limit=1', token)).body.data as Record<string, unknown>[];
      expect(Object.keys(first[0]!).sort()).to.deep.equal(
        ['caseId', 'companyName', 'status', 'source', 'onboardingStage', 'customerEmail', 'customerName', 'country', 'crmRecordId', 'crmSource', 'createdAt', 'updatedAt'].sort(),
      );
    });

    it('filters by one status or a comma-separated list, and by updatedSince', async () => {
      const a = await create();
      const b = await create();
      const c = await create();
      await api.svc.db.query(`UPDATE cases SET status = 'approved' WHERE org_id = ? AND case_id = ?`, [tenant.id, a]);
      await api.svc.db.query(`UPDATE cases SET status = 'in_review', updated_at = updated_at + INTERVAL 1 DAY WHERE org_id = ? AND case_id = ?`, [tenant.id, b]);
      const ids = async (q: string) => ((await api.get(`/v1/cases?${q}`, token)).body.data as { caseId: string }[]).map((x) => x.caseId);
      expect(await ids('status=approved')).to.deep.equal([a]);
      expect(await ids('status=in_review,approved')).to.deep.equal([b, a]);
      expect(await ids('status=in_progress')).to.deep.equal([c]);
      const tomorrow = new Date(Date.now() + 12 * 3600_000).toISOString();
      expect(await ids(`updatedSince=${encodeURIComponent(tomorrow)}`)).to.deep.equal([b]);
      expect(await ids(`updatedSince=${encodeURIComponent(tomorrow.replace('Z', '+00:00'))}&status=in_review`)).to.deep.equal([b]);
      expect(await ids('status=in_progress&unknownParam=1')).to.deep.equal([c]);
    });

    it('applies the limit rules: default 50, above 200 treated as 200, anything else a 400', async () => {
      await create();
      expect((await api.get('/v1/cases?limit=500', token)).status).to.equal(200);
      expect((await api.get('/v1/cases?limit=200', token)).status).to.equal(200);
      for (const bad of ['0', 'abc', '-1', '1.5', '', '1e2']) await expect400(`/v1/cases?limit=${bad}`, [{ path: 'limit', message: bad === '0' ? 'must be at least 1' : 'must be an integer' }]);
      await expect400('/v1/cases?limit=1&limit=2', [{ path: 'limit', message: 'must be given once, as a plain value' }]);
    });

    it('rejects unknown statuses and date-times without an offset, in words a person reads', async () => {
      const statuses = { path: 'status', message: 'must be one of in_progress, in_review, pending_senior, returned, approved, declined' };
      await expect400('/v1/cases?status=open', [statuses]);
      await expect400('/v1/cases?status=in_review,open,closed', [statuses]);
      await expect400('/v1/cases?status=', [statuses]);
      await expect400('/v1/cases?status=in_review,', [statuses]);
      const dateTime = { path: 'updatedSince', message: 'must be an ISO 8601 date-time with Z or an offset, e.g. 2026-01-31T09:30:00Z' };
      await expect400('/v1/cases?updatedSince=2025-01-01T00:00:00', [dateTime]);
      await expect400('/v1/cases?updatedSince=yesterday', [dateTime]);
      const res = await api.get('/v1/cases?status=open&updatedSince=yesterday&limit=0', token);
      expect(res.body).to.deep.equal({
        error: 'validation_failed',
        message: 'limit: must be at least 1',
        details: [{ path: 'limit', message: 'must be at least 1' }, statuses, dateTime],
      });
    });

    it('rejects malformed, altered, foreign and other-filter cursors with 400', async () => {
      await create();
      await create();
      const cursor = (await api.get('/v1/cases?limit=1', token)).body.nextCursor as string;
      const details = [{ path: 'cursor', message: 'is not a cursor of this list; pass back nextCursor verbatim with the same filters' }];
      await expect400('/v1/cases?cursor=garbage', details);
      await expect400(`/v1/cases?cursor=${encodeURIComponent(`${Buffer.from('[1]').toString('base64url')}.${cursor.split('.')[1]}`)}`, details);
      await expect400(`/v1/cases?cursor=${encodeURIComponent(cursor)}&status=approved`, details);
      await expect400(`/v1/documents?cursor=${encodeURIComponent(cursor)}`, details);
      const other = await api.tenant();
      const res = await api.get(`/v1/cases?cursor=${encodeURIComponent(cursor)}`, other.token);
      expect(res.status).to.equal(400);
      expect(res.body.details).to.deep.equal(details);
    });

    it('answers 401 without a token and 403 without read:cases', async () => {
      expect((await api.get('/v1/cases')).status).to.equal(401);
      const { token: t } = await api.client(tenant.id, 'read:events');
      const res = await api.get('/v1/cases', t);
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal({ error: 'insufficient_scope', message: 'This request requires the scope read:cases.', scope: 'read:cases' });
    });

    it('answers 429 with Retry-After past 120 requests per minute per client', async () => {
      const limited = await RestHarness.start({ pullRateLimitPerMinute: 2 });
      try {
        const t = await limited.tenant();
        expect((await limited.get('/v1/cases', t.token)).status).to.equal(200);
        expect((await limited.get('/v1/cases', t.token)).status).to.equal(200);
        const res = await limited.get('/v1/cases', t.token);
        expect(res.status).to.equal(429);
        expect(res.body.error).to.equal('rate_limited');
        expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      } finally {
        await limited.close();
      }
    });
  });

  describe('GET /v1/cases/{caseId}', () => {
    it('shows the current decision, risk band and screening summary for both id shapes', async () => {
      const seeded = await seedCase(api.svc, tenant.id, { companyName: 'Manual Ltd' });
      expect(seeded.caseId).to.match(new RegExp(`^CS-${new Date().getUTCFullYear()}-\\d{5}$`));
      await seedDecision(api.svc, tenant.id, seeded.pk, { outcome: 'declined', notes: 'first' });
      await seedDecision(api.svc, tenant.id, seeded.pk, { outcome: 'approved', notes: 'Reopened and approved.', analystEmail: 'policy_engine', auto: true, reason: 'policy_engine' });
      await seedRisk(api.svc, tenant.id, seeded.pk, { score: 71.25, band: 'high' });
      await seedHit(api.svc, tenant.id, seeded.pk, { hitId: 'h-1', isPep: true });
      const res = await api.get(`/v1/cases/${seeded.caseId}`, token);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ caseId: seeded.caseId, companyName: 'Manual Ltd', source: 'manual', riskBand: 'high', riskScore: 71.25, inviteSentAt: null, invite: null });
      expect(res.body.decision).to.deep.include({ outcome: 'approved', notes: 'Reopened and approved.', analystEmail: 'policy_engine', auto: true, reason: 'policy_engine' });
      expect(res.body.screeningSummary).to.deep.equal({ totalHits: 1, sanctionedHits: 0, pepHits: 1 });
      expect(res.body).to.not.have.property('fullParity');
    });

    it('adds fullParity only when the tenant has it entitled and enabled and the token has read:full_case', async () => {
      const seeded = await seedCase(api.svc, tenant.id);
      await seedParty(api.svc, tenant.id, seeded.pk, { kind: 'director', position: 0, name: 'Dee Rector' });
      await seedParty(api.svc, tenant.id, seeded.pk, { kind: 'ubo', position: 0, name: 'Ubo Owner' });
      const docId = await seedDocument(api.svc, tenant.id, seeded.pk);
      await seedDecision(api.svc, tenant.id, seeded.pk, { outcome: 'approved' });
      await seedRisk(api.svc, tenant.id, seeded.pk, { score: 12, band: 'low' });
      const { token: full } = await api.client(tenant.id, 'read:cases read:full_case');
      expect((await api.get(`/v1/cases/${seeded.caseId}`, full)).body).to.not.have.property('fullParity');
      await setFullParity(api.svc, operatorActor(tenant.id), { entitled: true, enabled: false });
      expect((await api.get(`/v1/cases/${seeded.caseId}`, full)).body).to.not.have.property('fullParity');
      await setFullParity(api.svc, operatorActor(tenant.id), { entitled: true, enabled: true });
      expect((await api.get(`/v1/cases/${seeded.caseId}`, token)).body).to.not.have.property('fullParity');
      const res = await api.get(`/v1/cases/${seeded.caseId}`, full);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a deep projection, asserted field by field
      const fp = res.body.fullParity as Record<string, any>;
      expect(fp).to.deep.include({ caseId: seeded.caseId, orgId: tenant.id, status: 'in_progress', crmRecordId: null, crmSource: null });
      expect(fp.companyProfile).to.deep.include({ companyName: 'Seeded Ltd', transactsInternationally: false, internationalCountries: [], customAnswers: {} });
      expect(fp.ownership.directors.map((o: { name: string }) => o.name)).to.deep.equal(['Dee Rector']);
      expect(fp.ownership.ubos[0]).to.deep.include({ name: 'Ubo Owner', roles: ['ubo'], ownershipPercent: 25.5, dateOfBirth: '1980-04-01', nationality: 'British' });
      expect(fp.documents.map((d: { id: number }) => d.id)).to.deep.equal([docId]);
      expect(fp.documents[0].extractedData).to.deep.equal({ companyName: 'Seeded Ltd', registrationNumber: '01234567' });
      expect(fp.decision).to.deep.include({ outcome: 'approved', analystEmail: 'analyst@example.com' });
      expect(fp.risk).to.deep.include({ compositeScore: 12, band: 'low' });
      expect(fp.screeningSummary).to.deep.equal({ totalHits: 0, sanctionedHits: 0, pepHits: 0 });
    });

    it('answers 404 not_found for a missing or malformed id', async () => {
      for (const id of ['CS-2020-99999', '3f1c5bd2-1d0c-4b8e-9a57-6f2f4f1b2c3d', 'nonsense', '%20']) {
        const res = await api.get(`/v1/cases/${id}`, token);
        expect(res.status, id).to.equal(404);
        expect(res.body).to.deep.equal({ error: 'not_found', message: 'Case not found.' });
      }
    });
  });

  describe('GET /v1/cases/{caseId}/decisions', () => {
    it('lists the decision history newest first with paging', async () => {
      const c = await seedCase(api.svc, tenant.id);
      const first = await seedDecision(api.svc, tenant.id, c.pk, { outcome: 'declined', notes: 'No documents.' });
      const second = await seedDecision(api.svc, tenant.id, c.pk, { outcome: 'approved', notes: 'Auto.', analystEmail: 'policy_engine', auto: true, reason: 'policy_engine' });
      const page1 = await api.get(`/v1/cases/${c.caseId}/decisions?limit=1`, token);
      expect(page1.status).to.equal(200);
      expect(page1.body.hasMore).to.equal(true);
      expect(page1.body.data).to.deep.equal([{
        id: second, caseId: c.caseId, outcome: 'approved', notes: 'Auto.', analystEmail: 'policy_engine',
        decidedAt: (page1.body.data as { decidedAt: string }[])[0]!.decidedAt, auto: true, reason: 'policy_engine',
        provenance: null, // seeded as a row recorded before provenance existed (test/decisions/provenance.test.ts covers recorded ones)
      }]);
      const page2 = await api.get(`/v1/cases/${c.caseId}/decisions?limit=1&cursor=${encodeURIComponent(page1.body.nextCursor as string)}`, token);
      expect((page2.body.data as { id: number; auto: boolean; reason: null }[]).map((d) => [d.id, d.auto, d.reason])).to.deep.equal([[first, false, null]]);
      expect(page2.body).to.deep.include({ hasMore: false, nextCursor: null });
      // a cursor of another case's history is foreign
      const other = await seedCase(api.svc, tenant.id);
      expect((await api.get(`/v1/cases/${other.caseId}/decisions?cursor=${encodeURIComponent(page1.body.nextCursor as string)}`, token)).status).to.equal(400);
    });

    it('answers 404 for an unknown case and 403 without read:decisions', async () => {
      expect((await api.get('/v1/cases/CS-2020-00001/decisions', token)).status).to.equal(404);
      const c = await seedCase(api.svc, tenant.id);
      const { token: t } = await api.client(tenant.id, 'read:cases');
      expect((await api.get(`/v1/cases/${c.caseId}/decisions`, t)).status).to.equal(403);
    });
  });

  describe('screening history and disposition', () => {
    it('lists hits with their triage, and records a disposition with the client as actor, updating the summary', async () => {
      const c = await seedCase(api.svc, tenant.id);
      await seedHit(api.svc, tenant.id, c.pk, { hitId: 'ofac-1', isSanctioned: true, triaged: true });
      await seedHit(api.svc, tenant.id, c.pk, { hitId: 'vn:pep-2', isPep: true });
      const list = await api.get(`/v1/cases/${c.caseId}/screening`, token);
      expect(list.status).to.equal(200);
      const hits = list.body.data as Record<string, unknown>[];
      expect(hits.map((h) => h.hitId)).to.deep.equal(['vn:pep-2', 'ofac-1']);
      expect(hits[1]).to.deep.include({
        caseId: c.caseId, subjectName: 'John Doe', subjectRole: 'director', schema: 'Person', score: 0.91, topics: ['sanction'], position: ['Minister'],
        nationality: ['gb'], isPep: false, isSanctioned: true, source: 'screening', disposition: null, dispositionBy: null,
        triage: {
          status: 'complete', confidence: 87, disposition: 'false_positive', shortReason: 'Different date of birth.', provider: null, model: null, promptVersion: null,
          triagedAt: null,
        },
      });
      const { token: writer, clientId } = await api.client(tenant.id, 'read:cases screening:write');
      const res = await api.post(`/v1/cases/${c.caseId}/screening/disposition`, writer, { hitId: 'ofac-1', disposition: 'false_positive', note: 'DOB differs' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.include({ hitId: 'ofac-1', disposition: 'false_positive', dispositionNote: 'DOB differs', dispositionBy: `api_client:${clientId}` });
      expect(res.body.dispositionedAt).to.be.a('string');
      const after = await api.get(`/v1/cases/${c.caseId}`, token);
      expect(after.body.screeningSummary).to.deep.equal({ totalHits: 1, sanctionedHits: 0, pepHits: 1 });
    });

    it('answers 404 for an unknown hitId or case, 400 for a bad body, 403 without screening:write', async () => {
      const c = await seedCase(api.svc, tenant.id);
      await seedHit(api.svc, tenant.id, c.pk, { hitId: 'x-1' });
      const unknown = await api.post(`/v1/cases/${c.caseId}/screening/disposition`, token, { hitId: 'nope', disposition: 'true_match' });
      expect(unknown.status).to.equal(404);
      expect(unknown.body).to.deep.equal({ error: 'not_found', message: 'Screening hit not found.' });
      expect((await api.post('/v1/cases/CS-2020-00001/screening/disposition', token, { hitId: 'x-1', disposition: 'true_match' })).status).to.equal(404);
      const bad = await api.post(`/v1/cases/${c.caseId}/screening/disposition`, token, { hitId: 'x-1', disposition: 'maybe', extra: 1 });
      expect(bad.status).to.equal(400);
      expect(bad.body.details).to.deep.equal([
        { path: 'extra', message: 'is not a known field' },
        { path: 'disposition', message: 'must be one of true_match, false_positive, escalate' },
      ]);
      const { token: reader } = await api.client(tenant.id, 'read:cases read:screening');
      expect((await api.post(`/v1/cases/${c.caseId}/screening/disposition`, reader, { hitId: 'x-1', disposition: 'true_match' })).status).to.equal(403);
      expect((await api.get(`/v1/cases/${c.caseId}/screening`, (await api.client(tenant.id, 'read:cases')).token)).status).to.equal(403);
    });
  });

  describe('documents', () => {
    it('lists across the tenant, filtered by case and status, and shows one with extractedData', async () => {
      const a = await seedCase(api.svc, tenant.id);
      const b = await seedCase(api.svc, tenant.id);
      const d1 = await seedDocument(api.svc, tenant.id, a.pk, { status: 'complete' });
      const d2 = await seedDocument(api.svc, tenant.id, b.pk, { status: 'error' });
      const d3 = await seedDocument(api.svc, tenant.id, a.pk, { status: 'error', filename: 'passport.png', extractedData: { name: 'Ada' } });
      const ids = async (q: string) => ((await api.get(`/v1/documents${q}`, token)).body.data as { id: number }[]).map((d) => d.id);
      expect(await ids('')).to.deep.equal([d3, d2, d1]);
      expect(await ids(`?caseId=${a.caseId}`)).to.deep.equal([d3, d1]);
      expect(await ids('?status=error')).to.deep.equal([d3, d2]);
      expect(await ids(`?status=error&caseId=${a.caseId}`)).to.deep.equal([d3]);
      expect(await ids('?caseId=CS-1999-00001')).to.deep.equal([]);
      const p1 = await api.get('/v1/documents?limit=2', token);
      const p2 = await api.get(`/v1/documents?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor as string)}`, token);
      expect((p2.body.data as { id: number }[]).map((d) => d.id)).to.deep.equal([d1]);
      const one = await api.get(`/v1/documents/${d3}`, token);
      expect(one.status).to.equal(200);
      expect(one.body).to.deep.include({
        id: d3, caseId: a.caseId, filename: 'passport.png', mimeType: 'application/pdf', sizeBytes: 12345, status: 'error', confidence: 'High',
        extractedData: { name: 'Ada' }, warnings: ['blurry page 2'], notes: null,
      });
      await expect400('/v1/documents?status=lost', [{ path: 'status', message: 'must be one of processing, complete, error, approved, escalated' }]);
      for (const id of ['999999999', 'abc', '0', '1.5']) expect((await api.get(`/v1/documents/${id}`, token)).body).to.deep.equal({ error: 'not_found', message: 'Document not found.' });
      expect((await api.get('/v1/documents', (await api.client(tenant.id, 'read:cases')).token)).status).to.equal(403);
    });
  });

  describe('POST {APP_URL}/api/cases/{caseId}/crm-record-id', () => {
    it('stores it, answers {caseId, crmRecordId, crmSource}, and every later event of the case carries it', async () => {
      const caseId = await create({ crmSource: 'hubspot' });
      const res = await api.post(`/api/cases/${caseId}/crm-record-id`, token, { crmRecordId: 'HS-123' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.equal({ caseId, crmRecordId: 'HS-123', crmSource: 'hubspot' });
      const [row] = await api.svc.db.query('SELECT pk FROM cases WHERE case_id = ?', [caseId]);
      const later = await inTransaction(api.svc, (tx) => recordEvent(tx, {
        orgId: tenant.id, type: 'case.status.changed', case: { pk: Number(row.pk) },
        fields: { companyName: 'Pull Ltd', status: 'in_review', previousStatus: 'in_progress', changedBy: 'customer@example.com' },
      }));
      const events = await api.svc.db.manager.find(EventRecord, { where: { orgId: tenant.id, caseId }, order: { seq: 'ASC' } });
      expect(events.map((e) => JSON.parse(e.data).crmRecordId)).to.deep.equal([null, 'HS-123']);
      expect(events[1]!.eventId).to.equal(later.eventId);
      expect((await api.get(`/v1/cases/${caseId}`, token)).body.crmRecordId).to.equal('HS-123');
    });

    it('answers 400 for a bad body, 404 for an unknown case, 403 without cases:write, 401 without a token', async () => {
      const caseId = await create();
      const bad = await api.post(`/api/cases/${caseId}/crm-record-id`, token, { crmRecordId: '', note: 1 });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.equal({
        error: 'validation_failed',
        message: 'note: is not a known field',
        details: [{ path: 'note', message: 'is not a known field' }, { path: 'crmRecordId', message: 'must not be empty' }],
      });
      expect((await api.post('/api/cases/CS-2020-00001/crm-record-id', token, { crmRecordId: 'x' })).status).to.equal(404);
      expect((await api.post(`/api/cases/${caseId}/crm-record-id`, (await api.client(tenant.id, 'read:cases')).token, { crmRecordId: 'x' })).status).to.equal(403);
      expect((await api.post(`/api/cases/${caseId}/crm-record-id`, undefined, { crmRecordId: 'x' })).status).to.equal(401);
    });
  });
});
