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

  it('raw bodies that are not JSON', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (raw, type) => {
      const res = await api.call('POST', '/v1/cases', { token, body: raw, headers: { 'content-type': type } });
      expect(ok(res.status), `${type} ${raw} -> ${res.status}`).to.equal(true);
    }), runs);
  });
});
