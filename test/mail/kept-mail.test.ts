import { expect } from 'chai';
import nodemailer from 'nodemailer';
import { keepMailLocally } from '../../src/mail/index';
import { testEnv } from '../support/env';
import { runNode } from '../support/processes';
import { newTenant, runtime } from '../support/runtime';

const svc = (...args: string[]) => runNode('bin/svc.js', args, testEnv());

describe('mail kept without SMTP: svc mail:list and mail:show', () => {
  it('lists a tenant\'s kept mail newest first and shows one decoded, with its links; another tenant\'s id is not found', async () => {
    const rt = await runtime();
    const [tenant, other] = [await newTenant(rt), await newTenant(rt)];
    // A real MIME message as the mailer renders it: a long link that quoted-printable folds and escapes.
    const link = `http://localhost:3000/portal/start?token=${'a1b2c3d4'.repeat(12)}&case=CS-2026-00001`;
    const { message } = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
      from: 'Acme Compliance <no-reply@acme.example>', to: 'jane@customer.example', subject: 'Your application with Acme Compliance',
      text: `Hello Jane,\n\nStart your application: ${link}\n\nThe link works once.`,
      html: `<p>Hello Jane,</p><p><a href="${link.replace(/&/g, '&amp;')}">Start your application</a></p>`,
    });
    const raw = (message as Buffer).toString();
    expect(raw, 'the stored source is encoded').to.not.contain(link);
    await keepMailLocally(rt.svc, { orgId: tenant.id, to: 'first@customer.example', subject: 'First', messageId: '<first@svc>', raw });
    await keepMailLocally(rt.svc, { orgId: tenant.id, to: 'jane@customer.example', subject: 'Your application with Acme Compliance', messageId: '<m@svc>', raw });
    await keepMailLocally(rt.svc, { orgId: other.id, to: 'x@other.example', subject: 'Other', messageId: '<o@svc>', raw });

    const listed = await svc('mail:list', '--org', tenant.id);
    expect(listed.code, listed.stderr).to.equal(0);
    const { data } = JSON.parse(listed.stdout) as { data: { id: number; to: string; subject: string; createdAt: string }[] };
    expect(data.map((m) => m.to)).to.deep.equal(['jane@customer.example', 'first@customer.example']);
    expect(Object.keys(data[0]!)).to.deep.equal(['id', 'to', 'subject', 'createdAt']);

    const shown = await svc('mail:show', '--org', tenant.id, '--id', String(data[0]!.id));
    expect(shown.code, shown.stderr).to.equal(0);
    const mail = JSON.parse(shown.stdout) as { to: string; from: string; subject: string; text: string; links: string[] };
    expect(mail).to.include({ to: 'jane@customer.example', from: '"Acme Compliance" <no-reply@acme.example>', subject: 'Your application with Acme Compliance' });
    expect(mail.text).to.contain(`Start your application: ${link}`);
    expect(mail.links).to.deep.equal([link]);

    const foreign = await svc('mail:show', '--org', other.id, '--id', String(data[0]!.id));
    expect(foreign.code).to.equal(1);
    expect(foreign.stdout).to.equal('');
    expect(foreign.stderr).to.match(/not found/i);
  });
});
