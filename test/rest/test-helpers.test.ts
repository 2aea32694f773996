import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { createHmac } from 'node:crypto';
import { memberActor, operatorActor, systemActor, type CustomerActor } from '../../src/access/index';
import { getCaseMonitoring } from '../../src/monitoring/index';
import { getMonitoringReview, listMonitoringReviews } from '../../src/monitoring-reviews/index';
import { decideCase } from '../../src/decisions/index';
import { sendOutreach, uploadPortalDocuments } from '../../src/outreach/index';
import { confirmReview, saveApplication, submitApplication } from '../../src/portal/index';
import { screenCase } from '../../src/screening/index';
import { createMember, type Tenant } from '../../src/tenants/index';
import { compileEventSchemas } from '../events/support';
import type { ConsoleHarness } from '../graphql/harness';
import { verificationTokenFromLocalMail } from '../idv/support';
import { submitVerification } from '../../src/idv/index';
import { clientToken, newApiClient } from '../oauth/harness';
import { completeApplication } from '../portal/support';
import { CERTIFICATE_LINES, passportPdf, textPdf } from '../documents/support';
import { caseWithApplication } from '../screening/support';
import { runtime } from '../support/runtime';
import { mintTestClient } from '../support/test-credentials';
import { drain, newEndpoint, receiversPerTest } from '../webhooks/support';
import { RestHarness } from './harness';

/** The first person the submit helper generates (a director and the UBO). */
const AVERY = 'Avery Testwell';

describe('test helpers (/v1/test_helpers/*)', function () {
  this.timeout(120_000);
  let api: RestHarness;
  let schemas: Map<string, ValidateFunction>;
  const receiver = receiversPerTest();
  before(async () => {
    api = await RestHarness.start();
    schemas = compileEventSchemas();
  });
  after(() => api.close());

  const h = () => api as unknown as ConsoleHarness;
  const settle = async (orgId: string) => drain(await runtime(), { orgId, svc: api.svc });
  async function testTenant(scopes?: string): Promise<{ tenant: Tenant; token: string }> {
    const { tenant } = await api.tenant('read:cases');
    return { tenant, token: await clientToken(api.h, await mintTestClient(api.svc, tenant.id, scopes)) };
  }
  async function newCase(token: string, n: string) {
    const res = await api.post('/v1/cases', token, { customerEmail: `owner.${n}@acme.example`, companyName: `Acme ${n} Ltd`, crmRecordId: `crm-${n}`, crmSource: 'hubspot', sendInvite: false });
    expect(res.status, res.text).to.equal(201);
    return res.body as { caseId: string; customerPortalUrl: string; customerEmail: string };
  }
  const helper = (token: string, caseId: string, step: string, body: unknown = {}) => api.post(`/v1/test_helpers/cases/${caseId}/${step}`, token, body);
  async function caseEvents(orgId: string, caseId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
    const rows = (await api.svc.db.query(
      'SELECT e.type, e.data FROM events e JOIN cases c ON c.org_id = e.org_id AND c.pk = e.case_pk WHERE e.org_id = ? AND c.case_id = ? ORDER BY e.case_sequence', [orgId, caseId],
    )) as { type: string; data: string }[];
    return rows.map((r) => ({ type: r.type, data: JSON.parse(r.data) as Record<string, unknown> }));
  }
  /** The types of the case's events recorded by `step` (and whatever `settle` then ran). */
  async function typesOf(orgId: string, caseId: string, step: () => Promise<unknown>): Promise<string[]> {
    const before = (await caseEvents(orgId, caseId)).length;
    await step();
    return (await caseEvents(orgId, caseId)).slice(before).map((e) => e.type).filter((t) => t !== 'idv.dispatched');
  }
  const pkOf = async (orgId: string, caseId: string) => Number(((await api.svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [orgId, caseId])) as { pk: number }[])[0]!.pk);

  it('drives a case from POST /v1/cases to case.decision.made through the helpers alone; every webhook is signed and valid against its JSON Schema', async () => {
    const { tenant, token } = await testTenant();
    const r = await receiver();
    // A test endpoint: test events go to test endpoints only.
    const { secret } = await newEndpoint(api.svc, { orgId: tenant.id, url: r.url(), mode: 'test' });
    const { caseId } = await newCase(token, 'drive');

    const submitted = await helper(token, caseId, 'submit', { parties: 2, documents: ['certificate_of_incorporation'] });
    expect(submitted.status, submitted.text).to.equal(200);
    expect(submitted.body).to.deep.include({ caseId, status: 'in_review', onboardingStage: 'application_submitted' });
    await settle(tenant.id);

    const hit = await helper(token, caseId, 'screening_hit', { subject: AVERY, sanctioned: true });
    expect(hit.status, hit.text).to.equal(200);
    expect(hit.body.screeningSummary).to.deep.equal({ totalHits: 1, sanctionedHits: 1, pepHits: 0 });
    const verified = await helper(token, caseId, 'verify_identity', { outcome: 'pass' });
    expect(verified.status, verified.text).to.equal(200);
    await settle(tenant.id);

    const decided = await helper(token, caseId, 'decide', { outcome: 'declined', notes: 'Sanctioned director.' });
    expect(decided.status, decided.text).to.equal(200);
    expect(decided.body).to.deep.include({ caseId, status: 'declined', onboardingStage: 'decision_made' });
    expect(decided.body.decision).to.deep.include({ outcome: 'declined', notes: 'Sanctioned director.', analystEmail: `test-analyst+${tenant.id}@test-helpers.invalid`, auto: false });
    await settle(tenant.id);

    const events = await caseEvents(tenant.id, caseId);
    const types = events.map((e) => e.type);
    expect(types).to.include.members(['case.created', 'case.submitted', 'screening.hit.detected', 'idv.completed', 'routing.evaluated', 'case.decision.made']);
    expect(events.find((e) => e.type === 'routing.evaluated')!.data).to.deep.include({ outcome: 'REVIEW_LEVEL_2' });
    expect(types.filter((t) => t === 'idv.completed')).to.have.length(2);
    await r.waitForRequests(events.length, 20_000);
    const received = r.requests.map((q) => ({ q, body: JSON.parse(q.body.toString()) as Record<string, unknown> })).filter((x) => x.body.caseId === caseId);
    expect(received.map((x) => x.body.eventId).sort()).to.deep.equal(events.map((e) => e.data.eventId).sort());
    for (const { q, body } of received) {
      const validate = schemas.get(String(body.event))!;
      expect(validate(body), `${String(body.event)}: ${JSON.stringify(validate.errors)}`).to.equal(true);
      expect(q.headers['x-svc-signature']).to.equal(`sha256=${createHmac('sha256', secret).update(q.body).digest('hex')}`);
    }
    expect(received.find((x) => x.body.event === 'case.decision.made')!.body).to.deep.include({ outcome: 'declined', analystEmail: `test-analyst+${tenant.id}@test-helpers.invalid` });
  });

  it('records the same events, in the same order, as the real steps: submission, identity verification, a screening hit, a decision', async () => {
    const { tenant, token } = await testTenant();
    const svc = api.svc;

    // Submission: the helper, and a customer in the portal (link, upload, extraction by its job, review, submit).
    const byHelper = await newCase(token, 'helper');
    const helperSubmit = await typesOf(tenant.id, byHelper.caseId, () => helper(token, byHelper.caseId, 'submit', { parties: [{ name: 'Grace Hopper', dateOfBirth: '1966-12-09' }] }));
    const byCustomer = await newCase(token, 'customer');
    const customerSubmit = await typesOf(tenant.id, byCustomer.caseId, async () => {
      const customer: CustomerActor = { kind: 'customer', orgId: tenant.id, casePk: await pkOf(tenant.id, byCustomer.caseId), caseId: byCustomer.caseId, email: byCustomer.customerEmail };
      await saveApplication(svc, customer, { application: { ...completeApplication, ownership: { ...completeApplication.ownership, ubos: [{ ...completeApplication.ownership.ubos[0]!, ownershipPercent: 100 }] } } });
      // The portal's upload route hands the multipart files to this use case.
      await uploadPortalDocuments(svc, customer, { files: (async function* () { yield { filename: 'certificate.pdf', content: (async function* () { yield await textPdf(CERTIFICATE_LINES); })() }; })() });
      await settle(tenant.id);
      await confirmReview(svc, customer, { amendments: [] });
      await submitApplication(svc, customer);
    });
    expect(helperSubmit).to.deep.equal(['document.uploaded', 'case.onboarding_progress.changed', 'document.processed', 'case.submitted', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(customerSubmit).to.deep.equal(helperSubmit);
    await settle(tenant.id);

    // Identity verification: Grace follows her emailed link on one case; the helper verifies her on the other.
    const helperVerify = await typesOf(tenant.id, byHelper.caseId, () => helper(token, byHelper.caseId, 'verify_identity', { outcome: 'pass' }));
    const graceToken = await verificationTokenFromLocalMail(h(), tenant.id, 'grace@globex.example', 'test');
    const customerVerify = await typesOf(tenant.id, byCustomer.caseId, async () => {
      // The hosted page's upload route hands the multipart files to this use case.
      const bytes = await passportPdf({ surname: 'HOPPER', givenNames: 'GRACE', nationality: 'USA', documentNumber: 'K81726354', birth: '661209', sex: 'F', expiry: '330730' });
      const result = await submitVerification(svc, { token: graceToken, files: (async function* () { yield { field: 'document', filename: 'passport.pdf', content: (async function* () { yield bytes; })() }; })() });
      expect(result.outcome).to.equal('pass');
    });
    expect(helperVerify).to.deep.equal(['document.uploaded', 'case.onboarding_progress.changed', 'idv.completed', 'case.onboarding_progress.changed']);
    expect(customerVerify).to.deep.equal(helperVerify);

    // A screening hit: the helper's entry, and a run of the screening step against the real watchlist that lists Viktor Zhelezny.
    const listed = await caseWithApplication(svc, tenant, { companyName: 'Listed Ltd', directors: [{ name: 'Viktor Zhelezny', dateOfBirth: '1961-03-14', nationality: 'RU' }], ubos: [] });
    const realHit = await typesOf(tenant.id, listed.caseId, () => screenCase(svc, systemActor(tenant.id), listed.ref));
    const helperHit = await typesOf(tenant.id, byHelper.caseId, () => helper(token, byHelper.caseId, 'screening_hit', { subject: 'Grace Hopper', pep: true }));
    expect(helperHit).to.deep.equal(['screening.hit.detected', 'screening.completed']);
    expect(realHit).to.deep.equal(helperHit);
    const again = await typesOf(tenant.id, byHelper.caseId, () => helper(token, byHelper.caseId, 'screening_hit', { subject: 'grace  hopper', pep: true }));
    expect(again, 'the same hit again changes nothing').to.deep.equal([]);

    // A decision (both cases still in_review: their pipelines have not yet taken the verifications): an analyst in the console's test view on one case, the Test analyst on the other.
    const analyst = await createMember(svc, { kind: 'operator', orgId: tenant.id }, { email: `analyst.${tenant.id.slice(0, 8)}@acme.example`, password: 'analyst password 1234', role: 'analyst' });
    const realDecision = await typesOf(tenant.id, byCustomer.caseId, () => decideCase(svc, memberActor(analyst, undefined, 'test'), { caseId: byCustomer.caseId, outcome: 'declined', notes: 'no' }));
    const helperDecision = await typesOf(tenant.id, byHelper.caseId, () => helper(token, byHelper.caseId, 'decide', { outcome: 'declined', notes: 'no' }));
    expect(helperDecision).to.deep.equal(['case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed']);
    expect(realDecision).to.deep.equal(helperDecision);
    for (const e of await caseEvents(tenant.id, byHelper.caseId)) expect(schemas.get(e.type)!(e.data), e.type).to.equal(true);

    // Refusals: the step does not apply.
    const twice = await helper(token, byHelper.caseId, 'submit');
    expect(twice.status).to.equal(409);
    expect(twice.body).to.deep.include({ error: 'conflict' });
    expect(String(twice.body.message)).to.contain('already submitted');
    const decidedAgain = await helper(token, byHelper.caseId, 'decide', { outcome: 'approved' });
    expect(decidedAgain.status).to.equal(409);
    expect(decidedAgain.body.error).to.equal('invalid_transition');
    const notMonitored = await helper(token, byHelper.caseId, 'monitoring_alert', { alertType: 'adverse_media' });
    expect(notMonitored.status).to.equal(409);
  });

  it('raises a monitoring alert on an approved case as a monitoring run does (alert, run, review)', async () => {
    const { tenant, token } = await testTenant();
    const { caseId } = await newCase(token, 'monitored');
    const parties = [{ name: AVERY, roles: ['director'] }, { name: 'Jordan Testwell', roles: ['ubo'] }];
    expect((await helper(token, caseId, 'submit', { parties })).status).to.equal(200);
    await settle(tenant.id);
    expect((await helper(token, caseId, 'verify_identity', { outcome: 'pass' })).status).to.equal(200);
    await settle(tenant.id);
    // A plain low-risk company: the decision policy approves it by itself.
    expect((await api.get(`/v1/cases/${caseId}`, token)).body).to.deep.include({ status: 'approved' });
    const bad = await helper(token, caseId, 'monitoring_alert', { alertType: 'sanctions_hit', severity: 'low' });
    expect(bad.status).to.equal(400);
    expect(bad.body.details).to.deep.equal([{ path: 'severity', message: 'must be high for sanctions_hit (as monitoring rates it)' }]);
    for (const [alertType, severity] of [['adverse_media', 'high'], ['sanctions_hit', 'high'], ['structure_change', 'medium']] as const) {
      const types = await typesOf(tenant.id, caseId, async () => {
        const res = await helper(token, caseId, 'monitoring_alert', { alertType, severity });
        expect(res.status, res.text).to.equal(200);
      });
      // The review opens in the run's transaction once the run's events are recorded (the reviews hook).
      expect(types, alertType).to.deep.equal(['monitoring.alert.created', 'monitoring.run.completed', 'monitoring.review.opened']);
      const alert = (await caseEvents(tenant.id, caseId)).filter((e) => e.type === 'monitoring.alert.created').pop()!;
      expect(alert.data).to.deep.include({ alertType, severity });
    }
    // The reviews are the test case's: the console's test view lists them (and finds the case's monitoring), the live view neither.
    const m = await createMember(api.svc, operatorActor(tenant.id), { email: `mlro+${tenant.id}@example.com`, password: 'a long enough password', role: 'mlro' });
    const viewer = (mode: 'live' | 'test') => memberActor({ orgId: tenant.id, id: m.id, email: `mlro+${tenant.id}@example.com`, role: 'mlro' }, undefined, mode);
    const testReviews = (await listMonitoringReviews(api.svc, viewer('test'))).data;
    expect(testReviews.map((r) => [r.caseId, r.alertType]).sort()).to.deep.equal([[caseId, 'adverse_media'], [caseId, 'sanctions_hit'], [caseId, 'structure_change']]);
    expect((await listMonitoringReviews(api.svc, viewer('live'))).data).to.deep.equal([]);
    expect(await getMonitoringReview(api.svc, viewer('live'), { id: testReviews[0]!.reviewCaseId })).to.equal(null);
    expect((await getCaseMonitoring(api.svc, viewer('test'), caseId))!.alerts).to.have.length(3);
    expect(await getCaseMonitoring(api.svc, viewer('live'), caseId)).to.equal(null);
  });

  it('refuses live credentials (403 forbidden) and tokens without the scope (403 insufficient_scope)', async () => {
    const { tenant, token } = await testTenant();
    const { caseId } = await newCase(token, 'gate');
    const live = await clientToken(api.h, await newApiClient(api.svc, tenant.id, 'read:cases cases:write test_helpers'));
    for (const path of [`/v1/test_helpers/cases/${caseId}/submit`, '/v1/test_helpers/clock/advance']) {
      const res = await api.post(path, live, { seconds: 60 });
      expect(res.status, path).to.equal(403);
      expect(res.body).to.deep.equal({
        error: 'forbidden',
        message: 'Test helpers work only with test credentials (a client id beginning test_): this is a live credential, and the helpers never touch live cases. Mint test credentials in the console\'s test view or with the CLI.',
      });
    }
    const noScope = await clientToken(api.h, await mintTestClient(api.svc, tenant.id, 'read:cases cases:write'));
    const res = await helper(noScope, caseId, 'submit');
    expect(res.status).to.equal(403);
    expect(res.body.error).to.equal('insufficient_scope');
    expect(res.headers.get('www-authenticate')).to.equal('Bearer error="insufficient_scope", scope="test_helpers"');
    const other = await testTenant();
    expect((await helper(other.token, caseId, 'submit')).status, 'another tenant\'s case').to.equal(404);
  });

  it('advances the tenant\'s test clock: a reminder of requested documents falls due and is sent', async () => {
    const { tenant, token } = await testTenant();
    const { caseId } = await newCase(token, 'clock');
    const analyst = await createMember(api.svc, { kind: 'operator', orgId: tenant.id }, { email: `clock.${tenant.id.slice(0, 8)}@acme.example`, password: 'analyst password 1234', role: 'analyst' });
    await sendOutreach(api.svc, memberActor(analyst), { caseId, kind: 'document_request', items: [{ key: 'bank_statement', label: 'A recent bank statement' }] });
    await settle(tenant.id);

    const early = await api.post('/v1/test_helpers/clock/advance', token, { duration: 'P1D' });
    expect(early.status, early.text).to.equal(200);
    expect(early.body).to.deep.include({ offsetSeconds: 86_400, advancedSeconds: 86_400, ran: { remindersSent: 0, slaAtRiskEmails: 0, slaBreaches: 0, casesPurged: 0 } });
    const due = await api.post('/v1/test_helpers/clock/advance', token, { seconds: 3 * 86_400 });
    expect(due.status, due.text).to.equal(200);
    expect(due.body).to.deep.include({ offsetSeconds: 4 * 86_400, advancedSeconds: 3 * 86_400, ran: { remindersSent: 1, slaAtRiskEmails: 0, slaBreaches: 0, casesPurged: 0 } });
    expect(Date.parse(String(due.body.now)) - Date.now()).to.be.greaterThan(4 * 86_400_000 - 60_000);
    await settle(tenant.id);
    const sent = (await caseEvents(tenant.id, caseId)).filter((e) => e.type === 'outreach.email.sent').map((e) => e.data.kind);
    expect(sent).to.deep.equal(['document_request', 'reminder']);

    const both = await api.post('/v1/test_helpers/clock/advance', token, { seconds: 1, duration: 'PT1S' });
    expect(both.status).to.equal(400);
    const bad = await api.post('/v1/test_helpers/clock/advance', token, { duration: 'P1Q' });
    expect(bad.status).to.equal(400);
  });
});
