import { expect } from 'chai';
import { EventRecord } from '../../src/events/index';
import { type Services } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import { drainJobs, runtime } from '../support/runtime';
import { smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { RestHarness, uniqueEmail } from './harness';

type Item = { index: number; status: string; replay?: string; case?: { caseId: string; customerEmail: string; source: string }; error?: { error: string; message: string; details?: { path: string }[]; existing?: { caseId: string } } };

describe('POST /v1/cases/batch', () => {
  let api: RestHarness;
  let smtp: TestSmtp;
  let svc: Services;
  let tenant: Tenant;
  let token: string;
  before(async () => {
    smtp = await startSmtp();
    api = await RestHarness.start();
    svc = { ...api.svc, mailer: smtpMailer(smtp, 'onboarding@svc.example', api.svc.log) };
  });
  after(async () => {
    await api.close();
    await smtp.close();
  });
  beforeEach(async () => {
    ({ tenant, token } = await api.tenant());
  });

  const body = (extra: Record<string, unknown> = {}) => ({ customerEmail: uniqueEmail('batch'), companyName: 'Batch Trading Ltd', ...extra });
  const batch = (cases: unknown) => api.post('/v1/cases/batch', token, { cases });
  const eventsOf = async (caseId: string) => (await svc.db.manager.findBy(EventRecord, { orgId: tenant.id, caseId })).map((e) => e.type);
  const casesOf = async () => Number((await svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [tenant.id]))[0].n);

  it('answers each item of a mixed batch in order, without failing the batch for a bad row, and sends the invites of the created cases', async () => {
    const open = body();
    expect((await api.post('/v1/cases', token, open)).status).to.equal(201);
    const first = body({ idempotencyKey: 'row-1', crmRecordId: 'CRM-1' });
    const earlier = await batch([first]);
    expect(earlier.status, earlier.text).to.equal(200);
    const firstCase = (earlier.body.data as Item[])[0]!.case!;

    const fresh = body({ customerName: 'Ada Lovelace' });
    const res = await batch([
      fresh,
      { customerEmail: 'not an email', companyName: 'Bad Row Ltd' },
      { customerEmail: open.customerEmail, companyName: 'Again Ltd' },
      first,
      { ...first, companyName: 'Another body' },
      body({ crmRecordId: 'CRM-1' }),
      'not an object',
    ]);
    expect(res.status, res.text).to.equal(200);
    const data = res.body.data as Item[];
    expect(data.map((d) => [d.index, d.status, d.replay ?? null])).to.deep.equal([
      [0, 'created', null], [1, 'invalid', null], [2, 'duplicate_open_case', null], [3, 'replayed', 'idempotency_key'], [4, 'invalid', null],
      [5, 'replayed', 'crm_record_id'], [6, 'invalid', null],
    ]);
    expect(res.body.counts).to.deep.equal({ created: 1, replayed: 2, duplicate_open_case: 1, invalid: 3 });
    expect(data[0]!.case).to.deep.include({ customerEmail: fresh.customerEmail, source: 'api', customerName: 'Ada Lovelace' });
    expect(data[1]!.error).to.deep.include({ error: 'validation_failed' });
    expect(data[1]!.error!.details!.map((d) => d.path)).to.deep.equal(['/cases/1/customerEmail']);
    expect(data[2]!.error!.error).to.equal('duplicate_open_case');
    expect(data[2]!.error!.existing!.caseId).to.be.a('string');
    expect(data[3]!.case).to.deep.equal(firstCase);
    expect(data[4]!.error).to.deep.equal({ error: 'idempotency_key_reused', message: 'This Idempotency-Key was already used with a different request body.' });
    expect(data[5]!.case!.caseId).to.equal(firstCase.caseId);
    expect(data[6]!.error!.details!.map((d) => d.path)).to.deep.equal(['/cases/6']);

    // Only the open case, the earlier batch's and one new case exist; each created case has its case.created.
    expect(await casesOf()).to.equal(3);
    expect(await eventsOf(data[0]!.case!.caseId)).to.deep.equal(['case.created']);
    expect(await eventsOf(firstCase.caseId)).to.deep.equal(['case.created']);

    await drainJobs(await runtime(), { orgId: tenant.id, svc });
    const to = (email: string) => smtp.received.filter((m) => m.to.includes(email)).length;
    expect([to(fresh.customerEmail), to(first.customerEmail as string)]).to.deep.equal([1, 1]);
    expect(to('not an email')).to.equal(0);
  });

  it('shares keys with POST /v1/cases: an item with the key of a single creation and the same body replays it', async () => {
    const b = body();
    const single = await api.post('/v1/cases', token, b, { 'Idempotency-Key': 'shared-key' });
    expect(single.status).to.equal(201);
    const res = await batch([{ ...b, idempotencyKey: 'shared-key' }]);
    expect((res.body.data as Item[])[0]).to.deep.include({ status: 'replayed', replay: 'idempotency_key', case: single.body });
  });

  it('refuses a malformed envelope or more than 500 items with 400, and a body over 1 MiB with 413, writing nothing', async () => {
    const bad = async (payload: unknown, path: string) => {
      const res = await api.post('/v1/cases/batch', token, payload);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.error).to.equal('validation_failed');
      expect((res.body.details as { path: string }[])[0]!.path).to.equal(path);
    };
    await bad([body()], '');
    await bad({}, '/cases');
    await bad({ cases: [] }, '/cases');
    await bad({ cases: [body()], dryRun: true }, '/dryRun');
    await bad({ cases: Array.from({ length: 501 }, () => body({ sendInvite: false })) }, '/cases');
    const huge = await api.post('/v1/cases/batch', token, { cases: Array.from({ length: 500 }, () => body({ customerName: 'x'.repeat(2100) })) });
    expect(huge.status).to.equal(413);
    expect(huge.body.error).to.equal('payload_too_large');
    expect(await casesOf()).to.equal(0);
  });

  it('needs cases:write', async () => {
    const { token: reader } = await api.tenant('read:cases');
    const res = await api.post('/v1/cases/batch', reader, { cases: [body()] });
    expect(res.status).to.equal(403);
    expect(res.body.error).to.equal('insufficient_scope');
  });
});
