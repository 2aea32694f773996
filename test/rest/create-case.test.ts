import { expect } from 'chai';
import { EventRecord } from '../../src/events/index';
import { requestHash, runIdempotent } from '../../src/idempotency/index';
import { type Tenant } from '../../src/tenants/index';
import { CaseCustomerEmailKey1763700642000 } from '../../migrations/1763700642000-case-customer-email-key';
import { rejection } from '../support/rejection';
import { RestHarness, seedCase, uniqueEmail } from './harness';

/** The local part in fullwidth forms (U+FF01..FF5E); the domain stays ASCII. */
const fullwidth = (email: string) => {
  const at = email.lastIndexOf('@');
  return email.slice(0, at).replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) + email.slice(at);
};

describe('POST /v1/cases', () => {
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

  const body = (extra: Record<string, unknown> = {}) => ({ customerEmail: uniqueEmail(), companyName: 'Acme Trading Ltd', ...extra });
  const casesOf = async (orgId: string) => Number((await api.svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [orgId]))[0].n);

  it('creates the case: 201 with every field of the contract, the in-progress quirk, the magic link and the analyst URL, and case.created in the same transaction', async () => {
    const b = body({ customerName: 'Ada Lovelace', country: 'United Kingdom', crmRecordId: 'SF-001', crmSource: 'salesforce' });
    const res = await api.post('/v1/cases', token, b);
    expect(res.status, res.text).to.equal(201);
    expect(res.headers.get('idempotent-replay')).to.equal(null);
    const c = res.body;
    expect(c.caseId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(c).to.deep.equal({
      caseId: c.caseId,
      customerEmail: b.customerEmail,
      customerName: 'Ada Lovelace',
      companyName: 'Acme Trading Ltd',
      crmRecordId: 'SF-001',
      crmSource: 'salesforce',
      source: 'api',
      status: 'in-progress',
      inviteSentAt: c.inviteSentAt,
      customerPortalUrl: c.customerPortalUrl,
      analystUrl: `${api.svc.config.appUrl}/cases?case=${c.caseId}`,
    });
    expect(c.inviteSentAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(c.customerPortalUrl).to.match(new RegExp(`^${api.svc.config.appUrl}/portal/invite\\?token=[A-Za-z0-9_-]{43}$`));

    const events = await api.svc.db.manager.findBy(EventRecord, { orgId: tenant.id, caseId: c.caseId as string });
    expect(events.map((e) => e.type)).to.deep.equal(['case.created']);
    const payload = JSON.parse(events[0]!.data);
    expect(payload).to.deep.include({
      event: 'case.created', eventVersion: 1, orgId: tenant.id, caseId: c.caseId, crmRecordId: 'SF-001', companyName: 'Acme Trading Ltd',
      companyNumber: null, country: 'United Kingdom', customerEmail: b.customerEmail, source: 'api', caseSequence: 1,
    });

    const got = await api.get(`/v1/cases/${c.caseId}`, token);
    expect(got.status).to.equal(200);
    expect(got.body).to.deep.include({ caseId: c.caseId, status: 'in_progress', source: 'api', inviteSentAt: c.inviteSentAt, decision: null, riskBand: null });
    expect(got.body.invite).to.deep.include({ status: 'pending', attempts: 0, deliveredAt: null, usedAt: null });
  });

  it('does not send an invite when sendInvite is false: inviteSentAt null, invite not_sent, the link still works', async () => {
    const res = await api.post('/v1/cases', token, body({ sendInvite: false }));
    expect(res.status).to.equal(201);
    expect(res.body.inviteSentAt).to.equal(null);
    const page = await fetch(res.body.customerPortalUrl as string);
    expect(page.status).to.equal(200);
    const got = await api.get(`/v1/cases/${res.body.caseId}`, token);
    expect((got.body.invite as Record<string, unknown>).status).to.equal('not_sent');
  });

  describe('validation', () => {
    const bad = async (payload: unknown, details: { path: string; message: string }[], raw?: string) => {
      const res = raw !== undefined
        ? await api.call('POST', '/v1/cases', { token, body: raw, headers: { 'content-type': 'application/json' } })
        : await api.post('/v1/cases', token, payload);
      expect(res.status, res.text).to.equal(400);
      const message = raw !== undefined ? 'The request body is not valid JSON.' : `${details[0]!.path ? `${details[0]!.path}: ` : ''}${details[0]!.message}`;
      expect(res.body).to.deep.equal({ error: 'validation_failed', message, details });
      expect(await casesOf(tenant.id)).to.equal(0);
    };
    it('requires customerEmail and companyName', () =>
      bad({}, [{ path: 'customerEmail', message: 'is required' }, { path: 'companyName', message: 'is required' }]));
    it('rejects unknown fields (a typo must not drop data)', () =>
      bad(body({ customerMail: 'x@example.com' }), [{ path: 'customerMail', message: 'is not a known field' }]));
    it('checks the email address and the lengths', () =>
      bad({ customerEmail: 'not-an-email', companyName: 'x'.repeat(201), crmRecordId: 'r'.repeat(129) }, [
        { path: 'customerEmail', message: 'must be a valid email address' },
        { path: 'companyName', message: 'must be at most 200 characters long' },
        { path: 'crmRecordId', message: 'must be at most 128 characters long' },
      ]));
    it('refuses control and invisible characters and a leading, trailing or doubled dot before the @, saying which', async () => {
      const invisible = (cp: string) => `must not contain invisible characters such as a soft hyphen or a zero-width space (found ${cp})`;
      const dots = 'must not start or end with a dot, or have two dots in a row, before the @';
      const cases: [string, string][] = [
        ['de\u00addup@x.test', invisible('U+00AD')], // soft hyphen
        ['dedup\u200b@x.test', invisible('U+200B')], // zero-width space
        ['de\u200ddup@x.test', invisible('U+200D')], // zero-width joiner
        ['\u202ededup@x.test', invisible('U+202E')], // right-to-left override
        ['dedup\ufeff@x.test', invisible('U+FEFF')], // byte order mark
        ['ded\u3164up@x.test', invisible('U+3164')], // Hangul filler
        ['ded\u0007up@x.test', 'must not contain control characters (found U+0007)'],
        ['dedup@x.test\n', 'must not contain control characters (found U+000A)'],
        ['ded\u0085up@x.test', 'must not contain control characters (found U+0085)'],
        ['.dedup@x.test', dots],
        ['dedup.@x.test', dots],
        ['de..dup@x.test', dots],
        ['dedup\uff0e@x.test', dots], // a fullwidth full stop is a dot once normalized
        ['de\uff20dup@x.test', 'must not contain spaces or the characters @ " < > ( ) [ ] , ; : before the @ (nor their fullwidth forms)'],
      ];
      for (const [customerEmail, message] of cases) await bad({ customerEmail, companyName: 'Acme' }, [{ path: 'customerEmail', message }]);
    });
    it('rejects a blank company name in words, not as a regular expression', () =>
      bad(body({ companyName: '   ', crmRecordId: '' }), [{ path: 'companyName', message: 'must not be blank' }, { path: 'crmRecordId', message: 'must not be empty' }]));
    it('checks types', () => bad(body({ sendInvite: 'yes', customerName: 7 }), [
      { path: 'customerName', message: 'must be a string' },
      { path: 'sendInvite', message: 'must be true or false' },
    ]));
    it('rejects a body that is not a JSON object', () => bad([1], [{ path: '', message: 'must be a JSON object' }]));
    it('rejects malformed JSON', () => bad(undefined, [{ path: '', message: 'must be valid JSON' }], '{"customerEmail": '));
    it('rejects an invalid Idempotency-Key', async () => {
      const res = await api.post('/v1/cases', token, body(), { 'Idempotency-Key': 'x'.repeat(256) });
      expect(res.status).to.equal(400);
      expect(res.body.details).to.deep.equal([{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
    });
    it('answers a body over 64 KiB with 413 payload_too_large', async () => {
      const res = await api.post('/v1/cases', token, body({ customerName: 'x'.repeat(70 * 1024) }));
      expect(res.status).to.equal(413);
      expect(res.body).to.deep.equal({ error: 'payload_too_large', message: 'The request body is too large.' });
    });
  });

  it('answers 401 without a token and 403 insufficient_scope without cases:write', async () => {
    const none = await api.post('/v1/cases', undefined, body());
    expect(none.status).to.equal(401);
    expect(none.body.error).to.equal('invalid_token');
    const { token: readOnly } = await api.client(tenant.id, 'read:cases');
    const res = await api.post('/v1/cases', readOnly, body());
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.equal({ error: 'insufficient_scope', message: 'This request requires the scope cases:write.', scope: 'cases:write' });
    expect(res.headers.get('www-authenticate')).to.equal('Bearer error="insufficient_scope", scope="cases:write"');
    expect(await casesOf(tenant.id)).to.equal(0);
  });

  describe('layer 1: Idempotency-Key', () => {
    it('replays the original status and body with Idempotent-Replay: true', async () => {
      const b = body();
      const first = await api.post('/v1/cases', token, b, { 'Idempotency-Key': 'key-1' });
      expect(first.status).to.equal(201);
      const again = await api.post('/v1/cases', token, { ...b }, { 'Idempotency-Key': 'key-1' });
      expect(again.status).to.equal(201);
      expect(again.headers.get('idempotent-replay')).to.equal('true');
      expect(again.text).to.equal(first.text);
      expect(await casesOf(tenant.id)).to.equal(1);
    });

    it('replays a 409 duplicate_open_case answer as it was', async () => {
      const b = body();
      await api.post('/v1/cases', token, b);
      const first = await api.post('/v1/cases', token, b, { 'Idempotency-Key': 'k409' });
      expect(first.status).to.equal(409);
      const again = await api.post('/v1/cases', token, b, { 'Idempotency-Key': 'k409' });
      expect(again.status).to.equal(409);
      expect(again.headers.get('idempotent-replay')).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
    });

    it('answers 422 idempotency_key_reused for the same key with another body', async () => {
      await api.post('/v1/cases', token, body(), { 'Idempotency-Key': 'key-2' });
      const res = await api.post('/v1/cases', token, body(), { 'Idempotency-Key': 'key-2' });
      expect(res.status).to.equal(422);
      expect(res.body).to.deep.equal({ error: 'idempotency_key_reused', message: 'This Idempotency-Key was already used with a different request body.' });
      expect(await casesOf(tenant.id)).to.equal(1);
    });

    it('answers 409 idempotency_key_in_use while the first request with the key is still running', async () => {
      const b = body();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const first = runIdempotent(api.svc, { orgId: tenant.id, key: 'key-3', requestHash: requestHash(b) }, async () => {
        started();
        await held;
        return { status: 201, body: { ok: true } };
      });
      await running;
      const res = await api.post('/v1/cases', token, b, { 'Idempotency-Key': 'key-3' });
      release();
      await first;
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({ error: 'idempotency_key_in_use', message: 'A request with this Idempotency-Key is still being processed; retry later.' });
    });

    it('compares keys case-sensitively, as Stripe does: abcDEF and ABCdef are two independent requests', async () => {
      const [b1, b2] = [body(), body()];
      const first = await api.post('/v1/cases', token, b1, { 'Idempotency-Key': 'abcDEF' });
      const second = await api.post('/v1/cases', token, b2, { 'Idempotency-Key': 'ABCdef' });
      expect([first.status, second.status], second.text).to.deep.equal([201, 201]);
      expect(second.headers.get('idempotent-replay')).to.equal(null);
      expect(second.body.caseId).to.not.equal(first.body.caseId);
      // Each key replays its own response.
      const again1 = await api.post('/v1/cases', token, b1, { 'Idempotency-Key': 'abcDEF' });
      const again2 = await api.post('/v1/cases', token, b2, { 'Idempotency-Key': 'ABCdef' });
      expect([again1.text, again2.text]).to.deep.equal([first.text, second.text]);
      expect([again1.headers.get('idempotent-replay'), again2.headers.get('idempotent-replay')]).to.deep.equal(['true', 'true']);
      expect(await casesOf(tenant.id)).to.equal(2);
    });

    it('keeps keys per tenant: another tenant may use the same key', async () => {
      const other = await api.tenant();
      const a = await api.post('/v1/cases', token, body(), { 'Idempotency-Key': 'shared' });
      const b = await api.post('/v1/cases', other.token, body(), { 'Idempotency-Key': 'shared' });
      expect([a.status, b.status]).to.deep.equal([201, 201]);
      expect(b.headers.get('idempotent-replay')).to.equal(null);
    });

    it('forgets a key after 24 hours', async () => {
      const b = body();
      await api.post('/v1/cases', token, b, { 'Idempotency-Key': 'old' });
      await api.svc.db.query('UPDATE idempotency_keys SET created_at = created_at - INTERVAL 25 HOUR, expires_at = expires_at - INTERVAL 25 HOUR WHERE org_id = ?', [tenant.id]);
      const again = await api.post('/v1/cases', token, { ...b, allowDuplicate: true }, { 'Idempotency-Key': 'old' });
      expect(again.status).to.equal(201);
      expect(again.headers.get('idempotent-replay')).to.equal(null);
    });
  });

  describe('layer 2: crmRecordId', () => {
    it('answers 200 with the existing case and Idempotent-Replay: crm-record-id', async () => {
      const first = await api.post('/v1/cases', token, body({ crmRecordId: 'CRM-7' }));
      const again = await api.post('/v1/cases', token, body({ crmRecordId: 'CRM-7', companyName: 'Other' }));
      expect(again.status).to.equal(200);
      expect(again.headers.get('idempotent-replay')).to.equal('crm-record-id');
      expect(again.body).to.deep.equal({ ...first.body, customerPortalUrl: `${api.svc.config.appUrl}/portal` });
      expect(await casesOf(tenant.id)).to.equal(1);
    });

    it('is bypassed by allowDuplicateCrmRecord, and is case-sensitive and per tenant', async () => {
      await api.post('/v1/cases', token, body({ crmRecordId: 'CRM-8' }));
      expect((await api.post('/v1/cases', token, body({ crmRecordId: 'CRM-8', allowDuplicateCrmRecord: true }))).status).to.equal(201);
      expect((await api.post('/v1/cases', token, body({ crmRecordId: 'crm-8' }))).status).to.equal(201);
      const other = await api.tenant();
      expect((await api.post('/v1/cases', other.token, body({ crmRecordId: 'CRM-8' }))).status).to.equal(201);
      expect(await casesOf(tenant.id)).to.equal(3);
    });
  });

  describe('layer 3: open case for customerEmail', () => {
    it('answers 409 duplicate_open_case with the existing case', async () => {
      const b = body();
      const first = await api.post('/v1/cases', token, b);
      const res = await api.post('/v1/cases', token, { ...b, customerEmail: (b.customerEmail as string).toUpperCase() });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal({
        error: 'duplicate_open_case',
        message: 'This customer email already has an open case in your organisation.',
        existing: { caseId: first.body.caseId, status: 'in_progress', createdAt: res.body.existing && (res.body.existing as Record<string, string>).createdAt },
      });
      expect(await casesOf(tenant.id)).to.equal(1);
    });

    it('is bypassed by allowDuplicate, and the override is written to the tenant configuration audit log', async () => {
      const b = body();
      const first = await api.post('/v1/cases', token, b);
      const res = await api.post('/v1/cases', token, { ...b, allowDuplicate: true });
      expect(res.status).to.equal(201);
      const audit = await api.svc.db.query(`SELECT actor, action, details FROM tenant_config_audit_log WHERE org_id = ? AND action LIKE 'case.%'`, [tenant.id]);
      expect(audit).to.have.length(1);
      expect(audit[0].action).to.equal('case.duplicate_open_case_override');
      expect(audit[0].actor).to.match(/^api_client:/);
      const details = typeof audit[0].details === 'string' ? JSON.parse(audit[0].details) : audit[0].details;
      expect(details).to.deep.equal({ caseId: res.body.caseId, existingCaseId: first.body.caseId, customerEmail: b.customerEmail });
    });

    it('compares one normalized key: fullwidth, upper-case and decomposed forms are the same address', async () => {
      const first = await api.post('/v1/cases', token, body({ customerEmail: 'dédup@x.test' }));
      expect(first.status, first.text).to.equal(201);
      for (const customerEmail of [fullwidth('dédup@x.test'), 'DÉDUP@X.TEST', 'de\u0301dup@x.test', 'ＤÉＤＵＰ@x.test']) {
        const res = await api.post('/v1/cases', token, body({ customerEmail }));
        expect(res.status, customerEmail).to.equal(409);
        expect((res.body.existing as { caseId: string }).caseId, customerEmail).to.equal(first.body.caseId);
      }
      expect(await casesOf(tenant.id)).to.equal(1);
    });

    it('keeps addresses that differ by a letter distinct: dédup is not dedup, a Cyrillic е is not a Latin e', async () => {
      const cyrillic = 'd\u0435dup@x.test'; // CYRILLIC SMALL LETTER IE
      for (const customerEmail of ['dedup@x.test', 'dédup@x.test', cyrillic, 'пример@x.test', '用户@x.test']) {
        const res = await api.post('/v1/cases', token, body({ customerEmail }));
        expect(res.status, `${customerEmail}: ${res.text}`).to.equal(201);
        expect(res.body.customerEmail).to.equal(customerEmail);
      }
      // The Cyrillic address is itself one customer in every case.
      expect((await api.post('/v1/cases', token, body({ customerEmail: 'D\u0415DUP@x.test' }))).status).to.equal(409);
      expect((await api.post('/v1/cases', token, body({ customerEmail: 'ПРИМЕР@X.TEST' }))).status).to.equal(409);
      expect(await casesOf(tenant.id)).to.equal(5);
    });

    it('refuses the soft-hyphen form instead of taking it for another address', async () => {
      await api.post('/v1/cases', token, body({ customerEmail: 'dedup@x.test' }));
      const res = await api.post('/v1/cases', token, body({ customerEmail: 'de\u00addup@x.test' }));
      expect(res.status).to.equal(400);
      expect(res.body.details).to.deep.equal([
        { path: 'customerEmail', message: 'must not contain invisible characters such as a soft hyphen or a zero-width space (found U+00AD)' },
      ]);
      expect(await casesOf(tenant.id)).to.equal(1);
    });

    it('sees a case opened another way (manual, document upload, form) under the same key', async () => {
      const seeded = await seedCase(api.svc, tenant.id, { customerEmail: 'Dedup@X.test' });
      const res = await api.post('/v1/cases', token, body({ customerEmail: fullwidth('dedup@x.test') }));
      expect(res.status).to.equal(409);
      expect((res.body.existing as { caseId: string }).caseId).to.equal(seeded.caseId);
      // The other doors refuse what POST /v1/cases refuses.
      const err = await rejection(seedCase(api.svc, tenant.id, { customerEmail: 'de\u00addup@x.test' }));
      expect(err.code).to.equal('validation_failed');
      expect(err.extra.details).to.deep.equal([
        { path: 'customerEmail', message: 'must not contain invisible characters such as a soft hyphen or a zero-width space (found U+00AD)' },
      ]);
    });

    it('finds the cases of an older release once the migration has filled their keys', async () => {
      const plain = await seedCase(api.svc, tenant.id, { customerEmail: 'Legacy@X.test' });
      const soft = await seedCase(api.svc, tenant.id, { customerEmail: 'soft@x.test' });
      // As an older release left them: no key, and an address with a soft hyphen that was accepted then.
      await api.svc.db.query(`UPDATE cases SET customer_email = 'so\u00adft@x.test' WHERE pk = ?`, [soft.pk]);
      await api.svc.db.query('UPDATE cases SET customer_email_key = NULL WHERE pk IN (?)', [[plain.pk, soft.pk]]);
      expect(await CaseCustomerEmailKey1763700642000.backfill(api.svc.db)).to.be.at.least(2);
      const keys = await api.svc.db.query('SELECT pk, customer_email_key AS k FROM cases WHERE pk IN (?) ORDER BY pk', [[plain.pk, soft.pk]]);
      expect(keys.map((r: { k: string }) => r.k)).to.deep.equal(['legacy@x.test', 'soft@x.test']);
      for (const [customerEmail, caseId] of [[fullwidth('legacy@x.test'), plain.caseId], ['SOFT@x.test', soft.caseId]]) {
        const res = await api.post('/v1/cases', token, body({ customerEmail }));
        expect(res.status, customerEmail).to.equal(409);
        expect((res.body.existing as { caseId: string }).caseId).to.equal(caseId);
      }
    });

    it('lets a new case in once the earlier one is closed', async () => {
      const b = body();
      const first = await api.post('/v1/cases', token, b);
      await api.svc.db.query(`UPDATE cases SET status = 'declined' WHERE org_id = ? AND case_id = ?`, [tenant.id, first.body.caseId]);
      expect((await api.post('/v1/cases', token, b)).status).to.equal(201);
    });
  });

  describe('under concurrency: 20 simultaneous requests create exactly one case', () => {
    const burst = (make: (i: number) => Promise<{ status: number }>) => Promise.all(Array.from({ length: 20 }, (_, i) => make(i)));

    it('with one Idempotency-Key', async () => {
      const b = body();
      const answers = await burst(() => api.post('/v1/cases', token, b, { 'Idempotency-Key': 'race' }));
      expect(await casesOf(tenant.id)).to.equal(1);
      expect(answers.filter((a) => a.status === 201)).to.have.length.greaterThan(0);
      expect(answers.every((a) => a.status === 201 || a.status === 409)).to.equal(true);
    });

    it('with one crmRecordId', async () => {
      const answers = await burst(() => api.post('/v1/cases', token, body({ crmRecordId: 'RACE-1' })));
      expect(await casesOf(tenant.id)).to.equal(1);
      expect(answers.map((a) => a.status).sort()).to.deep.equal([...Array(19).fill(200), 201].sort());
    });

    it('with one address in its plain, fullwidth and upper-case forms, round after round', async () => {
      for (let round = 1; round <= 8; round++) {
        const plain = `dedup${round}@x.test`;
        const forms = [plain, fullwidth(plain), plain.toUpperCase()];
        const answers = await Promise.all([...forms, ...forms].map((customerEmail) => api.post('/v1/cases', token, body({ customerEmail }))));
        expect(answers.map((a) => a.status).sort(), `round ${round}`).to.deep.equal([201, 409, 409, 409, 409, 409]);
        const created = answers.find((a) => a.status === 201)!;
        for (const a of answers.filter((x) => x.status === 409)) {
          expect(a.body.error).to.equal('duplicate_open_case');
          expect((a.body.existing as { caseId: string }).caseId).to.equal(created.body.caseId);
        }
      }
      expect(await casesOf(tenant.id)).to.equal(8);
    });

    it('with one customerEmail', async () => {
      const email = uniqueEmail('race');
      const answers = await burst(() => api.post('/v1/cases', token, body({ customerEmail: email })));
      expect(await casesOf(tenant.id)).to.equal(1);
      expect(answers.map((a) => a.status).sort()).to.deep.equal([...Array(19).fill(409), 201].sort());
    });
  });
});
