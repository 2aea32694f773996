import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { isMailKeptLocally, keepMailLocally, listKeptMail, showKeptMail } from '../../src/mail/index';
import { type Services } from '../../src/platform/index';
import { createNodemailerMailer } from '../../worker/mail/nodemailer-mailer';
import { drainJobs, runtime } from '../support/runtime';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { RestHarness, uniqueEmail } from './harness';

describe('test mode mail: nothing leaves the service, even with SMTP_URL set; the console keeps it and its links work', () => {
  let api: RestHarness;
  let smtp: TestSmtp;
  let svc: Services;

  before(async () => {
    smtp = await startSmtp();
    api = await RestHarness.start();
    // SMTP_URL is set: live mail goes to the SMTP server; test mail is kept by the same mailer.
    const config = { ...api.svc.config, smtpUrl: smtp.url };
    svc = { ...api.svc, config };
    svc.mailer = createNodemailerMailer({ smtpUrl: smtp.url, from: 'onboarding@svc.example', log: svc.log, keepLocally: (mail) => keepMailLocally(svc, mail) });
  });
  after(async () => {
    await api.close();
    await smtp.close();
  });

  it("keeps a test case's invite (never sent), shows it on the test view's Mail page, and its magic link opens the portal", async () => {
    const live = await api.tenant('read:cases cases:write');
    const orgId = live.tenant.id;
    const test = await api.client(orgId, 'read:cases cases:write', 'test');
    const liveEmail = uniqueEmail('live-invitee');
    const testEmail = uniqueEmail('test-invitee');
    const liveCase = await api.post('/v1/cases', live.token, { customerEmail: liveEmail, companyName: 'Live Trading' });
    const testCase = await api.post('/v1/cases', test.token, { customerEmail: testEmail, companyName: 'Sandbox Trading', customerName: 'Ada Lovelace' });
    expect([liveCase.status, testCase.status]).to.deep.equal([201, 201]);
    await drainJobs(await runtime(), { orgId, svc });

    // Live mail went through SMTP; the test case's invite did not.
    expect(smtp.received.filter((m) => m.to.includes(liveEmail))).to.have.length(1);
    expect(smtp.received.filter((m) => m.to.includes(testEmail))).to.deep.equal([]);

    // The console: a compliance admin in the test view reads it (SMTP set or not); the live view keeps nothing.
    const admin = { orgId, id: randomUUID(), email: 'ca@example.com', role: 'compliance_admin' as const };
    const inTest = memberActor(admin, undefined, 'test');
    const inLive = memberActor(admin);
    expect([isMailKeptLocally(svc, inTest), isMailKeptLocally(svc, inLive)]).to.deep.equal([true, false]);
    const kept = await listKeptMail(svc, inTest);
    expect(kept.map((m) => m.to)).to.deep.equal([testEmail]);
    expect(await listKeptMail(svc, inLive).then(() => 'listed', (e: { code: string }) => e.code)).to.equal('conflict');
    const message = await showKeptMail(svc, inTest, kept[0]!.id);
    const link = message.links.find((l) => l.includes('/portal/invite?token='));
    expect(link).to.equal(testCase.body.customerPortalUrl);
    expect(message.text).to.include('Ada Lovelace');

    // The link works as any invite's: the portal's landing page for the test case.
    const landing = await fetch(link!);
    expect(landing.status).to.equal(200);
    expect(await landing.text()).to.include('Sandbox Trading');

    // The test case's invite counts as delivered (kept), as a live one sent through SMTP does.
    const view = await api.get(`/v1/cases/${testCase.body.caseId as string}`, test.token);
    expect((view.body.invite as { status: string }).status).to.equal('sent');
  });
});
