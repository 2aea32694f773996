import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import { type Services } from '../../src/platform/index';
import { createMember, setWebhookAlertThreshold, type Tenant } from '../../src/tenants/index';
import { checkWebhookHealth, listWebhookEndpointHealth, listWebhookEndpoints, renderWebhookAlertMail } from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';
import { deliveriesOf, drain, newEndpoint, receiversPerTest, recordTestEvent } from './support';

const MINUTE = 60_000;
const PASSWORD = 'correct horse battery staple 42';

describe('webhooks: failure alerts (an endpoint failing with no success for the tenant\'s threshold)', () => {
  let rt: Runtime;
  let tenant: Tenant;
  let smtp: TestSmtp;
  let svc: Services;
  const receiver = receiversPerTest();
  before(async () => {
    rt = await runtime();
    smtp = await startSmtp();
    const mailer = smtpMailer(smtp, 'alerts@svc.example');
    svc = { ...rt.svc, mailer };
  });
  after(() => smtp.close());
  beforeEach(async () => {
    tenant = await newTenant(rt);
  });

  /** The services with the clock moved `ms` ahead: the health check's "now". */
  const later = (ms: number): Services => ({ ...svc, clock: { now: () => new Date(Date.now() + ms) } });
  const member = async (role: string) => {
    const email = `${role}+${randomUUID().slice(0, 8)}@example.com`;
    await createMember(svc, operatorActor(tenant.id), { email, password: PASSWORD, role, name: `${role} person` });
    return email;
  };
  /** The messages to one address, quoted-printable decoded and folded header lines unfolded. */
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw).replace(/\r?\n[ \t]+/g, ' '));
  /** This tenant's endpoints' incident state and alert mails (other tests' endpoints share the database). */
  const snapshot = async () => {
    const health: { endpoint_id: string; incident_since: Date | null; recovered_at: Date | null }[] = await svc.db.query(
      'SELECT endpoint_id, incident_since, recovered_at FROM webhook_endpoint_health WHERE org_id = ?', [tenant.id],
    );
    const [{ n }]: { n: number }[] = await svc.db.query('SELECT COUNT(*) AS n FROM webhook_alert_mails WHERE org_id = ?', [tenant.id]);
    return { health: new Map(health.map((h) => [h.endpoint_id, h])), mails: Number(n) };
  };
  const time = (d: Date | null | undefined) => (d ? new Date(d).getTime() : null);
  /**
   * Runs the health check until it has read every attempt made so far (another test's may come first), and
   * says what it did to this tenant: incidents opened and closed, alert mails queued.
   */
  const check = async (at: Services) => {
    const before = await snapshot();
    for (let i = 0; i < 20; i++) {
      const r = await checkWebhookHealth(at);
      if (r.attemptsRead < 50_000) break;
    }
    const after = await snapshot();
    let incidentsOpened = 0;
    let incidentsClosed = 0;
    for (const [id, h] of after.health) {
      const was = before.health.get(id);
      if (h.incident_since && time(h.incident_since) !== time(was?.incident_since)) incidentsOpened++;
      if (h.recovered_at && time(h.recovered_at) !== time(was?.recovered_at)) incidentsClosed++;
    }
    return { incidentsOpened, incidentsClosed, mailsQueued: after.mails - before.mails };
  };
  const healthOf = async () => (await listWebhookEndpointHealth(svc, operatorActor(tenant.id)))[0]!;

  it('emails the compliance admins and admins once when an incident opens, once when it recovers, and never pauses the endpoint', async () => {
    const [complianceAdmin, admin, analyst] = [await member('compliance_admin'), await member('admin'), await member('analyst')];
    let status = 500;
    const r = await receiver(() => ({ status, body: status === 200 ? 'ok' : 'receiver down' }));
    const { endpoint } = await newEndpoint(svc, { orgId: tenant.id, url: r.url(), label: 'CRM hook' });
    await recordTestEvent(svc, tenant.id, 'first');
    await drain(rt, { orgId: tenant.id, svc }); // attempt 1 fails; its retry is not due yet
    await r.waitForRequests(1);

    expect(await check(svc)).to.deep.equal({ incidentsOpened: 0, incidentsClosed: 0, mailsQueued: 0 });
    // The scan position stays before an attempt that finished within the grace (a later commit of an
    // earlier attempt is still read); once the attempt is older, it moves past it.
    const position = async () => Number(((await svc.db.query('SELECT last_attempt_id FROM webhook_health_scan WHERE id = 1')) as { last_attempt_id: string }[])[0]!.last_attempt_id);
    const [{ id: attemptId }] = (await svc.db.query('SELECT MAX(id) AS id FROM webhook_attempts WHERE org_id = ?', [tenant.id])) as { id: string }[];
    expect(await position()).to.be.below(Number(attemptId));
    const failing = await healthOf();
    expect(failing).to.deep.include({ endpointId: endpoint.endpointId, incidentSince: null, lastSuccessAt: null, lastError: 'The receiver answered HTTP 500.' });
    expect(failing.failingSince).to.be.a('string');
    // 59 minutes with no success: not yet (the default threshold is 60).
    expect(await check(later(59 * MINUTE))).to.deep.equal({ incidentsOpened: 0, incidentsClosed: 0, mailsQueued: 0 });

    // Past the hour: one incident, one email to each compliance admin and admin; nothing to the analyst.
    expect(await check(later(61 * MINUTE))).to.deep.equal({ incidentsOpened: 1, incidentsClosed: 0, mailsQueued: 2 });
    // Past this tenant's attempt, unless another test's attempt, stamped by a clock moved days ahead, is still
    // within the grace of this check's "now" (the scan is shared): then just before that one.
    const [{ held }] = (await svc.db.query('SELECT MIN(id) AS held FROM webhook_attempts WHERE finished_at >= ?', [new Date(Date.now() + 51 * MINUTE)])) as { held: string | null }[];
    expect(await position()).to.be.at.least(Math.min(Number(attemptId), held === null ? Infinity : Number(held) - 1));
    await drain(rt, { orgId: tenant.id, svc });
    const [alert] = mailsTo(complianceAdmin);
    expect(mailsTo(complianceAdmin)).to.have.length(1);
    expect(mailsTo(admin)).to.have.length(1);
    expect(mailsTo(analyst)).to.deep.equal([]);
    expect(alert).to.include(`Subject: ${tenant.name}: webhook deliveries are failing to CRM hook (${r.url()})`);
    expect(alert).to.match(new RegExp(`From: "?${tenant.name}"? <alerts@svc.example>`));
    expect(alert).to.include('Content-Type: text/plain');
    expect(alert).to.include('Content-Type: text/html');
    expect(alert).to.include(`Every webhook delivery to CRM hook (${r.url()}) has failed since ${failing.failingSince!.replace('T', ' ').slice(0, 16)} UTC`);
    expect(alert).to.include('The last failure: The receiver answered HTTP 500.');
    expect(alert).to.include(`${svc.config.appUrl}/console/settings/webhooks`);
    const open = await healthOf();
    expect(open.incidentSince).to.equal(failing.failingSince);

    // Still failing: no second email for the same incident.
    expect(await check(later(120 * MINUTE))).to.deep.equal({ incidentsOpened: 0, incidentsClosed: 0, mailsQueued: 0 });
    await drain(rt, { orgId: tenant.id, svc });
    expect(mailsTo(complianceAdmin)).to.have.length(1);
    expect((await listWebhookEndpoints(svc, operatorActor(tenant.id)))[0]!.status).to.equal('active');

    // The receiver recovers: the first success closes the incident, with one recovery email each.
    status = 200;
    await recordTestEvent(svc, tenant.id, 'second');
    await drain(rt, { orgId: tenant.id, svc });
    expect((await deliveriesOf(svc, tenant.id)).map((d) => d.state)).to.include('delivered');
    expect(await check(later(121 * MINUTE))).to.deep.equal({ incidentsOpened: 0, incidentsClosed: 1, mailsQueued: 2 });
    await drain(rt, { orgId: tenant.id, svc });
    const recovered = mailsTo(complianceAdmin)[1]!;
    expect(mailsTo(admin)).to.have.length(2);
    expect(recovered).to.include(`Subject: ${tenant.name}: webhook deliveries to CRM hook (${r.url()}) work again`);
    expect(recovered).to.include('Deliveries that failed meanwhile are not sent again by themselves');
    const healthy = await healthOf();
    expect(healthy).to.deep.include({ incidentSince: null, failingSince: null });
    expect(healthy.lastSuccessAt).to.be.a('string');
    expect(await check(later(180 * MINUTE))).to.deep.equal({ incidentsOpened: 0, incidentsClosed: 0, mailsQueued: 0 });
    expect(mailsTo(complianceAdmin)).to.have.length(2);
  });

  it('follows the tenant\'s threshold (compliance_admin, audited), and opens no incident for a paused endpoint', async () => {
    const complianceAdmin = await member('compliance_admin');
    const r = await receiver(() => ({ status: 503 }));
    await newEndpoint(svc, { orgId: tenant.id, url: r.url(), label: 'Slow to mend' });
    const actor = operatorActor(tenant.id);
    const settings = await setWebhookAlertThreshold(svc, actor, { minutes: 90 });
    expect(settings.webhookAlertAfterMinutes).to.equal(90);
    await setWebhookAlertThreshold(svc, actor, { minutes: 90 }); // the same value: no second line
    const lines = (await listAuditLog(svc, actor, {})).data.filter((a) => a.action === 'webhook_alert_threshold.set');
    expect(lines.map((l) => [l.actor, l.details])).to.deep.equal([['operator', { minutes: 90, previous: 60 }]]);
    for (const bad of [4, 10_081, 1.5, Number.NaN]) {
      const err = await rejection(setWebhookAlertThreshold(svc, actor, { minutes: bad }));
      expect(err).to.deep.include({ code: 'validation_failed' });
      expect(err.extra.details).to.deep.equal([{ path: 'minutes', message: 'must be a whole number of minutes from 5 to 10080 (7 days)' }]);
    }

    await recordTestEvent(svc, tenant.id, 'one');
    await drain(rt, { orgId: tenant.id, svc });
    await r.waitForRequests(1);
    expect(await check(later(61 * MINUTE))).to.deep.include({ incidentsOpened: 0 });
    expect(await check(later(91 * MINUTE))).to.deep.include({ incidentsOpened: 1, mailsQueued: 1 });
    await drain(rt, { orgId: tenant.id, svc });
    expect(mailsTo(complianceAdmin)).to.have.length(1);

    // A second tenant's endpoint, failing but paused by its operator: no incident, no email.
    tenant = await newTenant(rt);
    const otherAdmin = await member('admin');
    const paused = await receiver(() => ({ status: 500 }));
    const { endpoint } = await newEndpoint(svc, { orgId: tenant.id, url: paused.url() });
    await recordTestEvent(svc, tenant.id, 'before the pause');
    await drain(rt, { orgId: tenant.id, svc });
    await paused.waitForRequests(1);
    await svc.db.query(`UPDATE webhook_endpoints SET status = 'paused' WHERE id = ?`, [endpoint.endpointId]);
    expect(await check(later(200 * MINUTE))).to.deep.include({ incidentsOpened: 0 });
    await drain(rt, { orgId: tenant.id, svc });
    expect(mailsTo(otherAdmin)).to.deep.equal([]);
  });

  it('renders a branded email with a plain-text part that says the same, escaping what the tenant typed', () => {
    const mail = renderWebhookAlertMail({
      kind: 'failing', branding: { name: 'Acme <Compliance>', brandColor: '#112233', logoUrl: null }, memberName: 'Ada', endpoint: 'CRM (https://crm.example/hook)',
      incidentSince: new Date('2026-11-25T09:00:00Z'), happenedAt: new Date('2026-11-25T10:01:00Z'), lastError: 'connect ECONNREFUSED', link: 'https://app.example/console/settings/webhooks',
    });
    expect(mail.subject).to.equal('Acme <Compliance>: webhook deliveries are failing to CRM (https://crm.example/hook)');
    expect(mail.text).to.include('Hello Ada,\n\nEvery webhook delivery to CRM (https://crm.example/hook) has failed since 2026-11-25 09:00 UTC, with no success since then.');
    expect(mail.text).to.include('The last failure: connect ECONNREFUSED');
    expect(mail.html).to.include('background:#112233');
    expect(mail.html).to.include('Acme &lt;Compliance&gt;');
    expect(mail.html).to.not.include('<Compliance>');
  });
});
