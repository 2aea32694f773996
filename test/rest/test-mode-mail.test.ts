import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { addCaseNote } from '../../src/case-notes/index';
import { createMember } from '../../src/tenants/index';
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

  it('keeps the emails of a mention in a note on a test case (written in the test view), and sends those of a live case', async () => {
    const live = await api.tenant('read:cases cases:write');
    const orgId = live.tenant.id;
    const test = await api.client(orgId, 'read:cases cases:write', 'test');
    const operator = { kind: 'operator' as const, orgId };
    const author = await createMember(svc, operator, { email: uniqueEmail('author'), password: 'author password 1234', role: 'analyst' });
    const reader = await createMember(svc, operator, { email: uniqueEmail('reader'), password: 'reader password 1234', role: 'analyst' });
    const liveCase = await api.post('/v1/cases', live.token, { customerEmail: uniqueEmail('live-c'), companyName: 'Live Notes', sendInvite: false });
    const testCase = await api.post('/v1/cases', test.token, { customerEmail: uniqueEmail('test-c'), companyName: 'Sandbox Notes', sendInvite: false });
    await addCaseNote(svc, memberActor(author), liveCase.body.caseId as string, `@${reader.email} live case`);
    await addCaseNote(svc, memberActor(author, undefined, 'test'), testCase.body.caseId as string, `@${reader.email} test case`);
    await drainJobs(await runtime(), { orgId, svc });

    const toReader = smtp.received.filter((m) => m.to.includes(reader.email));
    expect(toReader, 'the live mention only').to.have.length(1);
    const kept = await listKeptMail(svc, memberActor({ orgId, id: randomUUID(), email: 'ca@example.com', role: 'compliance_admin' }, undefined, 'test'));
    expect(kept.map((m) => m.to)).to.deep.equal([reader.email]);
  });
});
