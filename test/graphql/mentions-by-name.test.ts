import { expect } from 'chai';
import { createLogger, type Services } from '../../src/platform/index';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { drainJobs, runtime } from '../support/runtime';
import { newCase } from './case-support';
import { ConsoleHarness, type TestMember } from './harness';

const NOTE = 'id body bodyHtml mentions { id email }';
const ADD = `mutation($caseId: ID!, $body: String!) { addCaseNote(caseId: $caseId, body: $body) { ${NOTE} } }`;
const EDIT = `mutation($noteId: ID!, $body: String!) { editCaseNote(noteId: $noteId, body: $body) { ${NOTE} } }`;
type Note = { id: string; body: string; bodyHtml: string; mentions: { id: string; email: string }[] };

/** Mentions by name (issue 26: "@ mentions of members (by name or email ...)"): resolved to one member, stored by email, notified by email. */
describe('console GraphQL: mentions by name', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let worker: Services;
  before(async () => {
    h = await ConsoleHarness.start();
    smtp = await startSmtp();
    worker = { ...h.svc, mailer: smtpMailer(smtp, 'console@svc.example', createLogger('silent')) };
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });
  const named = async (m: TestMember, name: string) => {
    await h.svc.db.query('UPDATE members SET name = ? WHERE id = ?', [name, m.id]);
    return m;
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));

  it('"@Full Name" (any case, the longest name) mentions that member: stored as @email, rendered as the name, notified by email; a shared name is refused', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const nora = await named(await h.member('compliance_admin', tenant), 'Nora Smith');
    const noraToo = await named(await h.member('mlro', tenant), 'Nora');
    const sams = [await named(await h.member('analyst', tenant), 'Sam Lee'), await named(await h.member('mlro', tenant), 'sam  lee')];
    const stranger = await named(await h.member('analyst'), 'Olu Ade');
    const c = await newCase(h.svc, tenant, { companyName: 'Named Ltd' });

    const note = (await analyst.data<{ addCaseNote: Note }>(ADD, {
      caseId: c.caseId, body: 'UBO chain checked. @nora  SMITH please confirm, and @Nora, too. Not x@Nora Smith, not @Noravel, not @Olu Ade.',
    })).addCaseNote;
    expect(note.body).to.equal(`UBO chain checked. @${nora.email} please confirm, and @${noraToo.email}, too. Not x@Nora Smith, not @Noravel, not @Olu Ade.`);
    expect(note.mentions.map((m) => m.id)).to.deep.equal([nora.id, noraToo.id]);
    expect(note.bodyHtml).to.contain(`<span class="mention" title="${nora.email}">@Nora Smith</span> please confirm`);
    expect(note.bodyHtml).to.contain(`<span class="mention" title="${noraToo.email}">@Nora</span>, too.`);

    await drainJobs(await runtime(), { orgId: tenant.id, svc: worker });
    for (const m of [nora, noraToo]) {
      const mails = mailsTo(m.email);
      expect(mails, m.email).to.have.lengthOf(1);
      expect(mails[0]).to.contain(`mentioned you on case ${c.caseId}`);
    }
    expect(mailsTo(stranger.email)).to.deep.equal([]);

    // Two members called Sam Lee (any spacing or case): which one is meant is not known; nothing is written.
    const shared = await analyst.error(ADD, { caseId: c.caseId, body: 'Over to @Sam Lee.' });
    expect(shared.code).to.equal('BAD_USER_INPUT');
    expect(shared.extensions.details).to.deep.equal([{ path: 'body', message: '@Sam Lee names 2 members; mention the one you mean by email (@ and their email)' }]);
    // By email it is unambiguous; an edit that adds a mention by name notifies only the one added.
    const bySam = (await analyst.data<{ addCaseNote: Note }>(ADD, { caseId: c.caseId, body: `Over to @${sams[1]!.email}.` })).addCaseNote;
    expect(bySam.mentions.map((m) => m.id)).to.deep.equal([sams[1]!.id]);
    const edited = (await analyst.data<{ editCaseNote: Note }>(EDIT, { noteId: bySam.id, body: `Over to @${sams[1]!.email} and @nora smith.` })).editCaseNote;
    expect(edited.body).to.equal(`Over to @${sams[1]!.email} and @${nora.email}.`);
    await drainJobs(await runtime(), { orgId: tenant.id, svc: worker });
    expect(mailsTo(nora.email)).to.have.lengthOf(2);
    expect(mailsTo(sams[1]!.email)).to.have.lengthOf(1);
    expect(mailsTo(sams[0]!.email)).to.deep.equal([]);
  });
});
