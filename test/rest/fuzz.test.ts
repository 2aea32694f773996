import { expect } from 'chai';
import fc from 'fast-check';
import { RestHarness, seedCase } from './harness';
import { seedHit } from './factories';

const KEYS = ['limit', 'cursor', 'status', 'updatedSince', 'caseId', 'event_type', 'x'];
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('0', '-1', '50', '201', '1e3', '99999999999999999999', 'in_progress', 'approved,in_review', 'open', '2025-01-01T00:00:00Z', '2025-13-45T99:99:99+99:99', 'a.b', '%', '%00', '[]'),
  fc.integer().map(String),
);
const query = fc.array(fc.tuple(fc.constantFrom(...KEYS), value), { maxLength: 5 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
// An id as a client sends it: percent-encoded. A lone `.` is a dot segment that every URL parser removes
// (`/v1/cases/.` is the list route, not an id), so it is left out; `..` stays as a probe (404).
const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('CS-2025-00001', '..', '%2F', '0', '1', '-1'))
  .map((s) => encodeURIComponent(s))
  .filter((s) => s !== '.');
const createFields = ['customerEmail', 'companyName', 'customerName', 'country', 'crmRecordId', 'crmSource', 'sendInvite', 'allowDuplicateCrmRecord', 'allowDuplicate', 'hitId', 'disposition', 'note'];
const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom(...createFields), fc.oneof(fc.jsonValue(), fc.emailAddress(), fc.constantFrom('true_match', 'false_positive', 'x@y.z'))),
);

describe('/v1 fuzzing: no input gives a 5xx', () => {
  let api: RestHarness;
  let token: string;
  let caseId: string;
  before(async () => {
    api = await RestHarness.start();
    const t = await api.tenant('read:cases read:documents read:events read:decisions read:screening read:full_case cases:write screening:write');
    token = t.token;
    const c = await seedCase(api.svc, t.tenant.id);
    caseId = c.caseId;
    await seedHit(api.svc, t.tenant.id, c.pk, { hitId: 'fz-1' });
  });
  after(() => api.close());

  const ok = (status: number) => status < 500;
  const runs = { numRuns: 40 };

  it('query strings on every list route', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('/v1/cases', `/v1/cases/${caseId}/decisions`, `/v1/cases/${caseId}/screening`, '/v1/documents', '/v1/events'), query, async (path, q) => {
      const res = await api.get(`${path}?${q}`, token);
      expect(ok(res.status), `${path}?${q} -> ${res.status} ${res.text}`).to.equal(true);
    }), { numRuns: 120 });
  });

  it('path parameters on every item route', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('/v1/cases/', '/v1/documents/'), segment, fc.constantFrom('', '/decisions', '/screening'), async (base, id, tail) => {
      const path = base === '/v1/documents/' ? `${base}${id}` : `${base}${id}${tail}`;
      const res = await api.get(path, token);
      expect(ok(res.status), `${path} -> ${res.status} ${res.text}`).to.equal(true);
    }), runs);
  });

  it('bodies on every write route', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('/v1/cases', `/v1/cases/${caseId}/screening/disposition`, `/api/cases/${caseId}/crm-record-id`), body, fc.option(fc.string({ maxLength: 300 })),
      async (path, payload, key) => {
        const res = await api.call('POST', path, { token, json: payload, headers: key === null ? {} : { 'Idempotency-Key': key.replace(/[^\x20-\x7e]/g, '') || 'k' } });
        expect(ok(res.status), `${path} ${JSON.stringify(payload)} -> ${res.status} ${res.text}`).to.equal(true);
      },
    ), { numRuns: 120 });
  });

  it('the webhook management routes: queries, ids and bodies', async () => {
    const t = await api.tenant('webhooks:read webhooks:write');
    const created = await api.post('/v1/webhook_endpoints', t.token, { url: 'https://127.0.0.1:9/fuzz' });
    expect(created.status, created.text).to.equal(201);
    const id = (created.body.endpoint as { endpointId: string }).endpointId;
    const webhookQuery = fc.array(fc.tuple(fc.constantFrom('limit', 'cursor', 'endpoint_id', 'state', 'event_type', 'x'), fc.oneof(value, fc.constant(id))), { maxLength: 5 })
      .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
    await fc.assert(fc.asyncProperty(webhookQuery, async (q) => {
      const res = await api.get(`/v1/webhook_deliveries?${q}`, t.token);
      expect(ok(res.status), `?${q} -> ${res.status} ${res.text}`).to.equal(true);
    }), runs);
    await fc.assert(fc.asyncProperty(fc.constantFrom('GET', 'PATCH', 'DELETE', 'POST test', 'POST redeliver'), segment, async (what, seg) => {
      const [method, tail] = what.split(' ') as [string, string | undefined];
      const path = tail === 'redeliver' ? `/v1/webhook_deliveries/${seg}/redeliver` : `/v1/webhook_endpoints/${seg}${tail ? `/${tail}` : ''}`;
      const res = await api.call(method, path, { token: t.token, json: method === 'PATCH' ? { label: 'x' } : undefined });
      expect(ok(res.status), `${method} ${path} -> ${res.status} ${res.text}`).to.equal(true);
    }), runs);
    const endpointBody = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.constantFrom('url', 'label', 'secret', 'eventTypes', 'status', 'x'), fc.oneof(
        fc.jsonValue(), fc.constantFrom('https://127.0.0.1:9/x', 'http://example.com', 'paused', 'active', null, ['case.created'], ['nope'], 'a-secret-of-sixteen-plus'),
      )),
    );
    await fc.assert(fc.asyncProperty(fc.constantFrom('POST', 'PATCH'), endpointBody, async (method, payload) => {
      const path = method === 'POST' ? '/v1/webhook_endpoints' : `/v1/webhook_endpoints/${id}`;
      const res = await api.call(method, path, { token: t.token, json: payload });
      expect(ok(res.status), `${method} ${JSON.stringify(payload)} -> ${res.status} ${res.text}`).to.equal(true);
    }), { numRuns: 80 });
  });

  it('raw bodies that are not JSON', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (raw, type) => {
      const res = await api.call('POST', '/v1/cases', { token, body: raw, headers: { 'content-type': type } });
      expect(ok(res.status), `${type} ${raw} -> ${res.status}`).to.equal(true);
    }), runs);
  });
});
