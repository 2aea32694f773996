import { expect } from 'chai';
import nodemailer from 'nodemailer';
import { keepMailLocally } from '../../src/mail/index';
import { ConsoleHarness } from './harness';

const KEPT = '{ me { mailKeptLocally viewerCan { readKeptMail } } keptMail(first: 10) { id to subject createdAt } }';
const LIST = '{ keptMail { id to subject } }';
const SHOW = 'query ($id: ID!) { keptMailMessage(id: $id) { id to from subject text links } }';

/** A real MIME message as the mailer renders it (quoted-printable folds and escapes the long link). */
async function mime(link: string): Promise<string> {
  const { message } = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
    from: 'Acme Compliance <no-reply@acme.example>', to: 'jane@customer.example', subject: 'Sign in',
    text: `Hello,\n\nSign in: ${link}\n\nThe link works once.`,
    html: `<p>Hello,</p><p><a href="${link.replace(/&/g, '&amp;')}">Sign in</a></p>`,
  });
  return (message as Buffer).toString();
}

describe('kept mail in the console (GraphQL keptMail, keptMailMessage)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let smtp: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start({ config: { smtpUrl: null } });
    smtp = await ConsoleHarness.start({ config: { smtpUrl: 'smtp://127.0.0.1:2525' } });
  });
  after(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('compliance admins and admins list their organisation\'s kept mail newest first and read one decoded; other roles are refused', async () => {
    const tenant = await h.tenant();
    const other = await h.tenant();
    const link = `http://localhost:3000/console/accept-invitation?token=${'f00d'.repeat(16)}&x=1`;
    const raw = await mime(link);
    await keepMailLocally(h.svc, { orgId: tenant.id, to: 'first@customer.example', subject: 'First', messageId: '<first@svc>', raw });
    await keepMailLocally(h.svc, { orgId: tenant.id, to: 'jane@customer.example', subject: 'Sign in', messageId: '<second@svc>', raw });
    await keepMailLocally(h.svc, { orgId: other.id, to: 'x@other.example', subject: 'Other', messageId: '<other@svc>', raw });

    for (const role of ['compliance_admin', 'admin'] as const) {
      const member = await h.signedIn(role, tenant);
      const answer = await member.data<{ me: { mailKeptLocally: boolean; viewerCan: { readKeptMail: boolean } }; keptMail: { id: string; to: string; subject: string }[] }>(KEPT);
      expect(answer.me).to.deep.equal({ mailKeptLocally: true, viewerCan: { readKeptMail: true } });
      expect(answer.keptMail.map((m) => [m.to, m.subject]), 'newest first, this organisation only').to.deep.equal([
        ['jane@customer.example', 'Sign in'], ['first@customer.example', 'First'],
      ]);
      const shown = (await member.data<{ keptMailMessage: { to: string; from: string; text: string; links: string[] } }>(SHOW, { id: answer.keptMail[0]!.id })).keptMailMessage;
      expect(shown).to.deep.include({ to: 'jane@customer.example', from: '"Acme Compliance" <no-reply@acme.example>', links: [link] });
      expect(shown.text).to.contain(`Sign in: ${link}`);
    }

    for (const role of ['analyst', 'mlro'] as const) {
      const member = await h.signedIn(role, tenant);
      expect((await member.data<{ me: { viewerCan: { readKeptMail: boolean } } }>('{ me { viewerCan { readKeptMail } } }')).me.viewerCan.readKeptMail).to.equal(false);
      expect(await member.error(LIST)).to.deep.equal({
        code: 'FORBIDDEN', message: `This requires the compliance_admin role or higher; you are ${role}.`,
        extensions: { code: 'FORBIDDEN', reason: 'forbidden', requiredRole: 'compliance_admin' },
      });
    }
    expect((await h.browser().error(LIST)).code).to.equal('UNAUTHENTICATED');
  });

  it('another organisation\'s mail, a missing id and a malformed id are NOT_FOUND', async () => {
    const tenant = await h.tenant();
    const other = await h.tenant();
    await keepMailLocally(h.svc, { orgId: other.id, to: 'x@other.example', subject: 'Theirs', messageId: '<theirs@svc>', raw: await mime('http://localhost/x') });
    const [row]: { id: number }[] = await h.svc.db.query('SELECT id FROM mail_outbox WHERE org_id = ? ORDER BY id DESC LIMIT 1', [other.id]);
    const admin = await h.signedIn('compliance_admin', tenant);
    expect((await admin.data<{ keptMail: unknown[] }>(LIST)).keptMail).to.deep.equal([]);
    for (const id of [String(row!.id), '999999999', 'abc']) {
      expect(await admin.error(SHOW, { id }), id).to.deep.equal({ code: 'NOT_FOUND', message: 'Mail not found.', extensions: { code: 'NOT_FOUND', reason: 'not_found' } });
    }
  });

  it('with SMTP_URL set nothing is kept: no Mail page (mailKeptLocally false) and CONFLICT saying so', async () => {
    const admin = await smtp.signedIn('admin');
    expect((await admin.data<{ me: { mailKeptLocally: boolean } }>('{ me { mailKeptLocally } }')).me.mailKeptLocally).to.equal(false);
    const message = 'Mail is sent through SMTP (SMTP_URL is set), so none is kept here: look in the mail system instead.';
    expect(await admin.error(LIST)).to.deep.equal({ code: 'CONFLICT', message, extensions: { code: 'CONFLICT', reason: 'conflict', mail: 'not_kept' } });
    expect((await admin.error(SHOW, { id: '1' })).code).to.equal('CONFLICT');
  });
});
