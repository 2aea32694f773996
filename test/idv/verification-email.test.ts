import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { type Services } from '../../src/platform/index';
import { passportPdf } from '../documents/support';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness } from '../graphql/harness';
import { feed, pullToken } from '../portal/support';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { drainJobs, runtime } from '../support/runtime';
import { ADA_PASSPORT, caseEvents, personKeyOf, submittedCase, uploadForVerification } from './support';

const RESEND = `mutation Resend($caseId: ID!, $personKey: ID!) {
  resendVerification(caseId: $caseId, personKey: $personKey) { personKey name roles status statusLabel outcome dispatchedBy canResend }
}`;
const VERIFICATIONS = `query Case($id: String!) { case(caseId: $id) { identityVerifications { name roles status statusLabel outcome vendorName checks { key result } canResend } } }`;

describe('identity verification emails: one per human through the SMTP server, and a resend by an analyst', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let svc: Services;
  let schemas: Map<string, ValidateFunction>;
  before(async () => {
    smtp = await startSmtp();
    h = await ConsoleHarness.start();
    const mailer = smtpMailer(smtp, 'onboarding@svc.example');
    svc = { ...h.svc, mailer };
    schemas = compileEventSchemas();
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });
  const drain = async (orgId: string) => drainJobs(await runtime(), { orgId, svc });
  const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map((m) => decodeQp(m.raw));
  const tokenIn = (mail: string) => /\/portal\/verify\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;

  it('sends Grace (director, signatory and UBO) one email naming her roles and Ada one; the link opens her page; an analyst\'s resend replaces the link', async () => {
    const ref = await submittedCase(h);
    await h.svc.db.query(`UPDATE tenants SET name = 'Northwind Compliance', brand_color = '#0F766E' WHERE id = ?`, [ref.orgId]);
    await drain(ref.orgId);

    const grace = mailsTo('grace@engines.example');
    expect(grace).to.have.length(1);
    expect(grace[0]).to.match(/^Subject: Please verify your identity for Analytical Engines Ltd/m);
    expect(grace[0]).to.include('Hello Grace Hopper,');
    expect(grace[0]).to.include('You are named as director and signatory and beneficial owner of Analytical Engines Ltd.');
    expect(grace[0]).to.include('Content-Type: text/plain');
    expect(grace[0]).to.include('#0F766E');
    expect(mailsTo('ada@engines.example')).to.have.length(1);
    const adaLink = tokenIn(mailsTo('ada@engines.example')[0]!);
    const page = await fetch(`${h.url}/trpc/verification.get?input=${encodeURIComponent(JSON.stringify({ token: adaLink }))}`);
    expect(((await page.json()) as { result: { data: Record<string, unknown> } }).result.data).to.deep.include({ personName: 'Ada Lovelace', state: 'link_sent' });

    // An analyst resends Ada's link from the console: a new email, the old link stops working, idv.dispatched names the analyst.
    const analyst = await h.signedIn('analyst', ref.tenant);
    const ada = await personKeyOf(h, ref, 'Ada Lovelace');
    const { resendVerification } = await analyst.data<{ resendVerification: Record<string, unknown>[] }>(RESEND, { caseId: ref.caseId, personKey: ada });
    expect(resendVerification.find((v) => v.personKey === ada)).to.deep.include({ name: 'Ada Lovelace', status: 'link_sent', dispatchedBy: analyst.member.email, canResend: true });
    await drain(ref.orgId);
    const adaMails = mailsTo('ada@engines.example');
    expect(adaMails).to.have.length(2);
    const newLink = tokenIn(adaMails[1]!);
    expect(newLink).to.not.equal(adaLink);
    const old = await uploadForVerification(h, adaLink, [{ field: 'document', filename: 'p.pdf', bytes: await passportPdf(ADA_PASSPORT) }]);
    expect(old.status).to.equal(404);
    const passed = await uploadForVerification(h, newLink, [{ field: 'document', filename: 'p.pdf', bytes: await passportPdf(ADA_PASSPORT) }]);
    expect(passed.body.outcome).to.equal('pass');

    const dispatched = (await caseEvents(h, ref)).filter((e) => e.type === 'idv.dispatched');
    expect(dispatched.map((e) => [e.data.recipientEmail, e.data.roles, e.data.dispatchedBy])).to.deep.equal([
      ['grace@engines.example', ['director', 'signatory', 'ubo'], 'system'],
      ['ada@engines.example', ['director'], 'system'],
      ['ada@engines.example', ['director'], analyst.member.email],
    ]);
    const items = new Map((await feed(h, await pullToken(h, ref.orgId))).map((i) => [i.eventId, i]));
    for (const e of dispatched) {
      expect(schemas.get(e.type)!(e.data), JSON.stringify(schemas.get(e.type)!.errors)).to.equal(true);
      expect(items.get(e.eventId)).to.deep.include({ eventType: 'idv.dispatched', data: e.data });
    }

    // The console's section: per person roles, status, outcome and what was checked; Ada verified cannot be resent.
    const { case: c } = await analyst.data<{ case: { identityVerifications: Record<string, unknown>[] } }>(VERIFICATIONS, { id: ref.caseId });
    expect(c.identityVerifications.map((v) => [v.name, v.roles, v.status, v.outcome, v.canResend])).to.deep.equal([
      ['Grace Hopper', ['director', 'signatory', 'ubo'], 'link_sent', null, true],
      ['Ada Lovelace', ['director'], 'verified', 'pass', false],
    ]);
    expect((c.identityVerifications[1]!.checks as { key: string; result: string }[]).find((k) => k.key === 'liveness')).to.deep.equal({ key: 'liveness', result: 'not_done' });
    const refused = await analyst.error(RESEND, { caseId: ref.caseId, personKey: ada });
    expect(refused).to.deep.include({ code: 'CONFLICT', message: 'Ada Lovelace is already verified.' });
  });
});
