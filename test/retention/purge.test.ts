import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { operatorActor, systemActor } from '../../src/access/index';
import { inTransaction } from '../../src/db/index';
import { payloadViolations } from '../../src/events/index';
import { queueCustomerEmail } from '../../src/customer-emails/index';
import type { JobQueue } from '../../src/platform/index';
import { PURGE_CHECK_TASK, purgeCaseData, sweepPurges } from '../../src/retention/index';
import { setFullParity, setZeroRetention, type Tenant } from '../../src/tenants/index';
import { pauseWebhookEndpoint, redeliverWebhook, WEBHOOK_DELIVERED } from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { RestHarness } from '../rest/harness';
import { DIST } from '../support/processes';
import { newTenant, runtime } from '../support/runtime';
import { deliveriesOf, drain, newEndpoint, receiversPerTest, withConfig } from '../webhooks/support';
import { blobExists, decide, personalCase, purgeAudit, storedPersonalData, zeroRetentionTenant, type PersonalCase } from './support';

const PACKAGE = 'case.data_package.delivered';

describe('zero retention: the purge after the full-parity data package', function () {
  this.timeout(60_000);
  let rest: RestHarness;
  let rt: Runtime;
  let tenant: Tenant;
  const receiver = receiversPerTest();

  before(async () => {
    rest = await RestHarness.start();
    rt = await runtime();
  });
  after(() => rest.close());
  beforeEach(async () => {
    tenant = await newTenant(rt);
  });

  /** The package's deliveries of this tenant (other events' deliveries left out). */
  const packageDeliveries = async () => (await deliveriesOf(rt.svc, tenant.id)).filter((d) => d.eventType === PACKAGE);

  /** Personal data still all there, nothing purged, no audit line. */
  const expectHeld = async (c: PersonalCase) => {
    const stored = await storedPersonalData(rt.svc, tenant.id, c.pk);
    expect(stored.case).to.deep.include({ customer_email: 'jane.doe@retained.example', customer_name: 'Jane Doe', purged_at: null });
    expect(stored.documents[0]).to.deep.include({ filename: 'passport-jane-doe.pdf', blob_key: c.blobKey, purged_at: null });
    expect(stored.parties[0]).to.deep.include({ name: 'Jane Doe', nationality: 'British' });
    expect(stored.hits[0]).to.deep.include({ subject_name: 'John Doe' });
    expect(stored.profile).to.deep.include({ tax_id: 'TX-1', source_of_funds: 'Inheritance from her aunt' });
    expect(await blobExists(rt.svc, c.blobKey)).to.equal(true);
    expect(await purgeAudit(rt.svc, tenant.id)).to.deep.equal([]);
  };

  it('every subscribed endpoint answered 2xx: files deleted, personal fields gone, audit line, purgedAt on the pull API; idempotent', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const crm = await receiver(() => ({ status: 200, body: 'ok' }));
    const archive = await receiver(() => ({ status: 204 }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: crm.url('/crm'), eventTypes: [PACKAGE] });
    await newEndpoint(rt.svc, { orgId: tenant.id, url: archive.url('/archive') }); // every event type
    const c = await personalCase(rt.svc, tenant);
    // A customer email still waiting for a retry when the purge comes: cancelled, and emptied.
    await inTransaction(rt.svc, (tx) => queueCustomerEmail(tx, {
      orgId: tenant.id, casePk: c.pk, kind: 'document_request', recipientEmail: 'jane.doe@retained.example', recipientName: 'Jane Doe',
      subject: 'Documents for Retained Ltd', paragraphs: ['Please upload your passport.'], action: { label: 'Upload', url: 'https://app.example/portal?token=secret' }, events: [],
    }));
    await rt.svc.db.query(`UPDATE outgoing_mails SET next_attempt_at = NOW(3) + INTERVAL 1 HOUR, attempts = 1 WHERE org_id = ? AND kind = 'customer_email'`, [tenant.id]);
    await decide(rt.svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id });

    // The receivers got the package (with the personal data) before anything was purged.
    const pkg = crm.requests.find((r) => r.headers['x-svc-event'] === PACKAGE)!;
    const sent = JSON.parse(pkg.body.toString('utf8'));
    expect(sent.fullParity.ownership.directors[0].name).to.equal('Jane Doe');
    expect(sent.fullParity.documents[0].extractedData).to.deep.equal({ fullName: 'Jane Doe', documentNumber: 'X1234567' });
    expect((await packageDeliveries()).map((d) => d.state)).to.deep.equal(['delivered', 'delivered']);

    const stored = await storedPersonalData(rt.svc, tenant.id, c.pk);
    const purgedAt = stored.case.purged_at as Date;
    expect(purgedAt).to.be.instanceOf(Date);
    expect(stored.case).to.deep.include({ customer_email: null, customer_email_key: null, customer_name: null, status: 'approved', company_name: 'Retained Ltd' });
    expect(stored.profile).to.deep.equal({
      registered_address: null, tax_id: null, vat_number: null, business_activity: null, customer_email: null, source_of_funds: null,
      custom_answers: {}, registration_number: '07654321',
    });
    expect(stored.parties).to.deep.equal([{
      name: '', email: null, nationality: null, date_of_birth: null, id_number: null, id_country: null, country_of_residence: null, kind: 'director', roles: ['director'],
    }]);
    expect(stored.documents).to.deep.equal([{ filename: '', extracted_data: {}, warnings: [], notes: null, blob_key: null, purged_at: purgedAt, status: 'complete' }]);
    expect(stored.hits).to.deep.equal([{ subject_name: null, caption: null, nationality: [], triage_reason: null, disposition_note: null, is_pep: 1, triage_disposition: 'false_positive' }]);
    expect(await blobExists(rt.svc, c.blobKey), 'the file is deleted').to.equal(false);
    const emails = await rt.svc.db.query(
      `SELECT e.recipient_email, e.recipient_name, e.subject, e.action_sealed, o.state
       FROM customer_emails e JOIN outgoing_mails o ON o.kind = 'customer_email' AND o.reference = e.id WHERE e.org_id = ?`, [tenant.id]);
    expect(emails).to.have.length(1);
    expect(emails[0]).to.deep.include({ recipient_email: '', recipient_name: null, subject: '', action_sealed: null });
    expect(['failed', 'sent']).to.include(emails[0].state);
    // The override's open checks named Jane Doe: the decision and the request keep codes and subjects with
    // name-free messages, and the audit log never had the messages.
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { code: string; message?: string }[];
    const [decision] = (await rt.svc.db.query('SELECT override_blockers FROM decisions WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk])) as Record<string, unknown>[];
    const [request] = (await rt.svc.db.query('SELECT blockers FROM decision_overrides WHERE org_id = ? AND case_pk = ?', [tenant.id, c.pk])) as Record<string, unknown>[];
    for (const blockers of [json(decision!.override_blockers), json(request!.blockers)]) {
      expect(blockers.map((b) => b.code)).to.include.members(['identity_not_verified', 'screening_hit_open', 'not_routed']);
      expect(blockers.find((b) => b.code === 'identity_not_verified')!.message).to.equal('An identity verification had not passed.');
      expect(JSON.stringify(blockers)).not.to.include('Jane');
    }
    const overrideAudit = (await rt.svc.db.query(
      "SELECT details FROM tenant_config_audit_log WHERE org_id = ? AND action LIKE 'case.decision_override%'", [tenant.id],
    )) as Record<string, unknown>[];
    expect(overrideAudit).to.have.length(2);
    for (const a of overrideAudit) expect(JSON.stringify(a.details)).not.to.match(/Jane|message/);

    const [event] = (await rt.svc.db.query('SELECT event_id FROM events WHERE org_id = ? AND case_pk = ? AND type = ?', [tenant.id, c.pk, PACKAGE])) as { event_id: string }[];
    const audit = await purgeAudit(rt.svc, tenant.id);
    expect(audit).to.have.length(1);
    expect(audit[0]!.actor).to.equal('system');
    expect(audit[0]!.details).to.deep.include({
      caseId: c.caseId, purgedAt: purgedAt.toISOString(),
      categories: ['customer_contact', 'company_profile_personal_fields', 'parties', 'documents', 'document_files', 'screening_hit_subjects', 'event_payloads'],
    });
    expect(audit[0]!.details.counts).to.deep.include({ documents: 1, parties: 1, screeningHits: 1, companyProfile: 1 });

    // The event log (what the feed serves and a redelivery sends) keeps the history without the personal data,
    // and every payload still matches its event's schema.
    const logged = (await rt.svc.db.query('SELECT type, data FROM events WHERE org_id = ? AND case_pk = ? ORDER BY seq', [tenant.id, c.pk])) as { type: string; data: string }[];
    expect((audit[0]!.details.counts as { events: number }).events).to.be.at.least(2);
    const text = logged.map((e) => e.data).join('\n');
    for (const personal of ['Jane Doe', 'jane.doe@retained.example', 'X1234567', 'Inheritance from her aunt', 'TX-1']) {
      expect(text, personal).to.not.include(personal);
    }
    for (const e of logged) expect(payloadViolations(e.type, JSON.parse(e.data)), e.type).to.deep.equal([]);
    const pkgLogged = JSON.parse(logged.find((e) => e.type === PACKAGE)!.data) as { fullParity: Record<string, unknown>; outcome: string };
    expect(pkgLogged.outcome).to.equal('approved');
    expect(pkgLogged.fullParity.ownership).to.deep.equal({ ...(pkgLogged.fullParity.ownership as object), directors: [], ubos: [] });
    expect(audit[0]!.details.event).to.deep.include({ type: PACKAGE, eventId: event!.event_id, deliveredTo: 2 });

    // The pull API (validated against the OpenAPI document) says so.
    const { token } = await rest.client(tenant.id, 'read:cases read:documents read:full_case');
    const one = await rest.get(`/v1/cases/${c.caseId}`, token);
    expect(one.status).to.equal(200);
    expect(one.body).to.deep.include({ caseId: c.caseId, status: 'approved', customerEmail: null, customerName: null, purgedAt: purgedAt.toISOString(), companyName: 'Retained Ltd' });
    expect((one.body.decision as Record<string, unknown>).outcome).to.equal('approved');
    expect(one.body.fullParity).to.deep.include({ purgedAt: purgedAt.toISOString(), companyProfile: null, ownership: null, documents: null, status: 'approved' });
    expect((one.body.fullParity as Record<string, unknown>).screeningSummary).to.deep.equal({ totalHits: 1, sanctionedHits: 0, pepHits: 1 });
    const doc = await rest.get(`/v1/documents/${c.documentId}`, token);
    expect(doc.body).to.deep.include({ id: c.documentId, filename: null, extractedData: null, purgedAt: purgedAt.toISOString(), status: 'complete' });
    const list = await rest.get(`/v1/documents?caseId=${c.caseId}`, token);
    expect((list.body.data as Record<string, unknown>[])[0]).to.deep.include({ filename: null, purgedAt: purgedAt.toISOString() });

    // Again (a duplicate job, a redelivery's 2xx, the sweep): nothing more happens.
    expect(await purgeCaseData(rt.svc, systemActor(tenant.id), { caseId: c.caseId })).to.deep.equal({
      outcome: 'already_purged', caseId: c.caseId, purgedAt: purgedAt.toISOString(), blobsDeleted: 0,
    });
    await sweepPurges(rt.svc);
    await drain(rt, { orgId: tenant.id });
    expect(await purgeAudit(rt.svc, tenant.id)).to.have.length(1);
  });

  it('a failed delivery holds the purge, the sweep does not release it, and the case keeps everything', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const svc = withConfig(rt, { webhookRetryScheduleMs: [] });
    const down = await receiver(() => ({ status: 500, body: 'down' }));
    await newEndpoint(svc, { orgId: tenant.id, url: down.url(), eventTypes: [PACKAGE] });
    const c = await personalCase(svc, tenant);
    await decide(svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id, svc });
    expect(down.requests).to.have.length(1);
    expect((await packageDeliveries()).map((d) => d.state)).to.deep.equal(['failed']);
    await sweepPurges(svc);
    await drain(rt, { orgId: tenant.id, svc });
    await expectHeld(c);
    expect(await purgeCaseData(svc, systemActor(tenant.id), { casePk: c.pk })).to.deep.include({ outcome: 'held', reason: 'delivery_outstanding', delivered: 0, deliveries: 1 });
  });

  it('a delivery still retrying (pending) holds it too: never before the 2xx', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const svc = withConfig(rt, { webhookRetryScheduleMs: [3_600_000] });
    const down = await receiver(() => ({ status: 503 }));
    await newEndpoint(svc, { orgId: tenant.id, url: down.url(), eventTypes: [PACKAGE] });
    const c = await personalCase(svc, tenant);
    await decide(svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id, svc });
    expect((await packageDeliveries()).map((d) => d.state)).to.deep.equal(['pending']);
    // A check now (a duplicate job, the sweep) finds the retry outstanding.
    expect(await purgeCaseData(svc, systemActor(tenant.id), { casePk: c.pk })).to.deep.include({ outcome: 'held', reason: 'delivery_outstanding', delivered: 0, deliveries: 1 });
    await expectHeld(c);
  });

  it('a paused endpoint (skipped_paused) holds it; a manual redelivery answered 2xx releases it', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const crm = await receiver(() => ({ status: 200 }));
    const { endpoint } = await newEndpoint(rt.svc, { orgId: tenant.id, url: crm.url(), eventTypes: [PACKAGE] });
    await pauseWebhookEndpoint(rt.svc, operatorActor(tenant.id), { endpointId: endpoint.endpointId });
    const c = await personalCase(rt.svc, tenant);
    await decide(rt.svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id });
    const [skipped] = await packageDeliveries();
    expect(skipped!.state).to.equal('skipped_paused');
    expect(crm.requests).to.have.length(0);
    await sweepPurges(rt.svc);
    await drain(rt, { orgId: tenant.id });
    expect(await purgeCaseData(rt.svc, systemActor(tenant.id), { casePk: c.pk })).to.deep.include({ outcome: 'held', reason: 'delivery_outstanding', delivered: 0, deliveries: 1 });
    await expectHeld(c);

    await redeliverWebhook(rt.svc, operatorActor(tenant.id), { deliveryId: skipped!.id });
    await drain(rt, { orgId: tenant.id });
    expect(crm.requests.map((r) => r.headers['x-svc-event'])).to.deep.equal([PACKAGE]);
    expect((await packageDeliveries()).map((d) => d.state)).to.deep.equal(['delivered']);
    const stored = await storedPersonalData(rt.svc, tenant.id, c.pk);
    expect(stored.case.purged_at).to.be.instanceOf(Date);
    expect(stored.case.customer_email).to.equal(null);
    expect(await blobExists(rt.svc, c.blobKey)).to.equal(false);
    expect(await purgeAudit(rt.svc, tenant.id)).to.have.length(1);
  });

  it('two endpoints, one failing: held until the failing one is redelivered with a 2xx', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const svc = withConfig(rt, { webhookRetryScheduleMs: [] });
    const ok = await receiver(() => ({ status: 200 }));
    let healthy = false;
    const flaky = await receiver(() => ({ status: healthy ? 200 : 502 }));
    await newEndpoint(svc, { orgId: tenant.id, url: ok.url(), eventTypes: [PACKAGE] });
    await newEndpoint(svc, { orgId: tenant.id, url: flaky.url(), eventTypes: [PACKAGE] });
    const c = await personalCase(svc, tenant);
    await decide(svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id, svc });
    expect((await packageDeliveries()).map((d) => d.state).sort()).to.deep.equal(['delivered', 'failed']);
    await expectHeld(c);
    expect(await purgeCaseData(svc, systemActor(tenant.id), { casePk: c.pk })).to.deep.include({ outcome: 'held', reason: 'delivery_outstanding', delivered: 1, deliveries: 2 });

    healthy = true;
    const failed = (await packageDeliveries()).find((d) => d.state === 'failed')!;
    await redeliverWebhook(svc, operatorActor(tenant.id), { deliveryId: failed.id });
    await drain(rt, { orgId: tenant.id, svc });
    expect((await storedPersonalData(rt.svc, tenant.id, c.pk)).case.purged_at).to.be.instanceOf(Date);
    expect((await purgeAudit(rt.svc, tenant.id))[0]!.details.event).to.deep.include({ deliveredTo: 2 });
  });

  it('no endpoint subscribed to the package holds it: data nobody received is never purged', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const crm = await receiver(() => ({ status: 200 }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: crm.url(), eventTypes: ['case.decision.made'] });
    const c = await personalCase(rt.svc, tenant);
    await decide(rt.svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id });
    expect(crm.requests.map((r) => r.headers['x-svc-event'])).to.deep.equal(['case.decision.made']);
    expect(await packageDeliveries()).to.deep.equal([]);
    await sweepPurges(rt.svc);
    await drain(rt, { orgId: tenant.id });
    await expectHeld(c);
    expect(await purgeCaseData(rt.svc, systemActor(tenant.id), { casePk: c.pk })).to.deep.include({ outcome: 'held', reason: 'no_subscribed_endpoint' });
  });

  it('never purges while zero retention is off, nor a package recorded before it was switched on', async () => {
    await zeroRetentionTenant(rt.svc, tenant, false);
    const crm = await receiver(() => ({ status: 200 }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: crm.url(), eventTypes: [PACKAGE] });
    const c = await personalCase(rt.svc, tenant);
    await decide(rt.svc, tenant, c.caseId);
    await drain(rt, { orgId: tenant.id });
    expect((await packageDeliveries()).map((d) => d.state)).to.deep.equal(['delivered']);
    await expectHeld(c);
    expect(await purgeCaseData(rt.svc, systemActor(tenant.id), { casePk: c.pk })).to.deep.include({ outcome: 'held', reason: 'zero_retention_off' });

    // Switched on afterwards: that earlier package does not count (no retroactive purge of decided cases).
    await setZeroRetention(rt.svc, operatorActor(tenant.id), { enabled: true });
    await sweepPurges(rt.svc);
    await drain(rt, { orgId: tenant.id });
    await expectHeld(c);
    expect(await purgeCaseData(rt.svc, systemActor(tenant.id), { casePk: c.pk })).to.deep.include({ outcome: 'held', reason: 'no_data_package' });

    // Switching full parity off switches zero retention off as well.
    await setFullParity(rt.svc, operatorActor(tenant.id), { enabled: false });
    const [t] = (await rt.svc.db.query('SELECT zero_retention, zero_retention_since FROM tenants WHERE id = ?', [tenant.id])) as { zero_retention: number; zero_retention_since: Date | null }[];
    expect(t).to.deep.equal({ zero_retention: 0, zero_retention_since: null });
  });

  it('the sweep re-queues a purge check whose job was lost', async () => {
    await zeroRetentionTenant(rt.svc, tenant);
    const crm = await receiver(() => ({ status: 200 }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: crm.url(), eventTypes: [PACKAGE] });
    const c = await personalCase(rt.svc, tenant);
    await decide(rt.svc, tenant, c.caseId);
    // A queue that loses every purge check (a crash between the delivery's commit and the enqueue).
    const lost: string[] = [];
    const jobs: JobQueue = {
      ...rt.svc.jobs,
      enqueue: async (task, payload, options) => {
        if (task === PURGE_CHECK_TASK) return void lost.push(task);
        return rt.svc.jobs.enqueue(task, payload, options);
      },
    };
    jobs.enqueueMany = undefined;
    await drain(rt, { orgId: tenant.id, svc: withConfig(rt, {}, { jobs }) });
    expect(lost).to.deep.equal([PURGE_CHECK_TASK]);
    expect((await packageDeliveries()).map((d) => d.state)).to.deep.equal(['delivered']);
    await expectHeld(c);

    expect(await sweepPurges(rt.svc)).to.be.at.least(1);
    await drain(rt, { orgId: tenant.id });
    expect((await storedPersonalData(rt.svc, tenant.id, c.pk)).case.purged_at).to.be.instanceOf(Date);
    expect(await blobExists(rt.svc, c.blobKey)).to.equal(false);
  });

  it('the purge check is retention\'s own reaction to a 2xx (the webhooks\' delivered hook): webhooks import nothing of retention', async () => {
    const webhooks = join(resolve(DIST, '..'), 'src', 'webhooks');
    const importers = readdirSync(webhooks).filter((f) => /retention\//.test(readFileSync(join(webhooks, f), 'utf8')));
    expect(importers, 'src/webhooks files naming retention').to.deep.equal([]);

    await zeroRetentionTenant(rt.svc, tenant);
    const crm = await receiver(() => ({ status: 200 }));
    await newEndpoint(rt.svc, { orgId: tenant.id, url: crm.url(), eventTypes: [PACKAGE] });
    const c = await personalCase(rt.svc, tenant);
    await decide(rt.svc, tenant, c.caseId);
    // Without retention's handler the package is delivered all the same, and nothing queues its purge check.
    const queued: string[] = [];
    const jobs: JobQueue = {
      ...rt.svc.jobs,
      enqueue: async (task, payload, options) => {
        if (task === PURGE_CHECK_TASK) queued.push(task);
        return rt.svc.jobs.enqueue(task, payload, options);
      },
    };
    jobs.enqueueMany = undefined;
    await drain(rt, { orgId: tenant.id, svc: withConfig(rt, {}, { jobs, hooks: rt.svc.hooks.filter((h) => h.hook !== WEBHOOK_DELIVERED) }) });
    expect((await packageDeliveries()).map((d) => d.state)).to.deep.equal(['delivered']);
    expect(queued).to.deep.equal([]);
    await expectHeld(c);

    // With it (the composed service), a redelivery's 2xx queues the check, and the case is purged.
    await redeliverWebhook(rt.svc, operatorActor(tenant.id), { deliveryId: (await packageDeliveries())[0]!.id });
    await drain(rt, { orgId: tenant.id, svc: withConfig(rt, {}, { jobs }) });
    expect(queued).to.deep.equal([PURGE_CHECK_TASK]);
    expect((await storedPersonalData(rt.svc, tenant.id, c.pk)).case.purged_at).to.be.instanceOf(Date);
  });

  it('only the service itself purges: members and API clients may not', async () => {
    const { clientId } = await rest.client(tenant.id, 'read:cases');
    const member = { kind: 'member' as const, orgId: tenant.id, memberId: '00000000-0000-4000-8000-0000000000b1', email: 'admin@retained.example', role: 'admin' as const, mode: 'live' as const };
    await expectRejection(purgeCaseData(rt.svc, member, { casePk: 1 }), 'forbidden');
    await expectRejection(purgeCaseData(rt.svc, { kind: 'api_client', orgId: tenant.id, clientId, scopes: ['read:cases'], tokenId: 't', mode: 'live' }, { casePk: 1 }), 'forbidden');
    await expectRejection(purgeCaseData(rt.svc, systemActor(tenant.id), { caseId: 'CS-2020-99999' }), 'not_found');
  });
});

async function expectRejection(p: Promise<unknown>, code: string): Promise<void> {
  try {
    await p;
  } catch (err) {
    expect((err as { code?: string }).code).to.equal(code);
    return;
  }
  expect.fail(`expected a ${code} rejection`);
}
