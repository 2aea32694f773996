import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { createLogger, type Services } from '../../src/platform/index';
import { startMemberSession } from '../../src/sessions/index';
import { sha256Hex } from '../../src/security/tokens';
import { createMember, type MemberRole, type Tenant } from '../../src/tenants/index';
import { removeMember } from '../../src/members/index';
import { authorizeInBrowser, basic, newConnector, pkce, post, type Harness } from '../oauth/harness';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { drainJobs, runtime } from '../support/runtime';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';

const MEMBERS = 'query { members { id email name role createdAt } }';
const INVITE = 'mutation($email: String!, $name: String!, $role: Role!) { inviteMember(email: $email, name: $name, role: $role) { id email name role } }';
const ACCEPT = 'mutation($token: String!, $password: String!) { acceptInvitation(token: $token, password: $password) }';
const CHANGE_ROLE = 'mutation($id: ID!, $role: Role!) { changeMemberRole(memberId: $id, role: $role) { id email role } }';
const REMOVE = 'mutation($id: ID!) { removeMember(memberId: $id) }';
const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id role } }';
const ME = '{ me { id role } }';
const REDIRECT = 'https://assistant.example/oauth/callback';
const LINK_UNUSABLE = 'This link is invalid, has expired or has already been used. Ask for a new one.';

type Member = { id: string; email: string; name: string | null; role: MemberRole; createdAt?: string };

describe('console members: invitations, roles and removal (GraphQL over HTTP)', () => {
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let worker: Services;

  before(async () => {
    h = await ConsoleHarness.start();
    smtp = await startSmtp();
    const log = createLogger('silent');
    const mailer = smtpMailer(smtp, 'console@svc.example', log);
    worker = { ...h.svc, mailer };
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  /** Runs the queued jobs (the mail of invitations) with this test's SMTP mailer. */
  const drain = async (orgId: string) => {
    const rt = await runtime();
    await drainJobs(rt, { orgId, svc: worker });
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQp(m.raw));
  const unauthenticated = async (browser: ConsoleClient) => expect((await browser.error(ME)).code).to.equal('UNAUTHENTICATED');
  // The membership changes (sign-ins are audited too, with their method: network-controls.test.ts).
  const auditOf = async (tenant: Tenant) =>
    ((await h.svc.db.query("SELECT actor, action, details FROM tenant_config_audit_log WHERE org_id = ? AND action <> 'member.signed_in' ORDER BY id", [tenant.id])) as {
      actor: string; action: string; details: string | Record<string, unknown>;
    }[]).map((r) => ({ ...r, details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details }));
  const signInBrowser = async (member: { email: string; password: string }) => {
    const browser = h.browser();
    await browser.data(SIGN_IN, { email: member.email, password: member.password });
    return browser;
  };

  describe('inviteMember and acceptInvitation', () => {
    it('creates a member without a password and emails a 7-day single-use link; the password rule applies; then they sign in', async () => {
      const tenant = await h.tenant('Invite Ltd');
      const admin = await h.signedIn('admin', tenant);
      const email = `nora.${tenant.id.slice(0, 8)}@console.example`;
      const invited = (await admin.data<{ inviteMember: Member }>(INVITE, { email: email.toUpperCase(), name: 'Nora New', role: 'compliance_admin' })).inviteMember;
      expect(invited).to.deep.include({ email, name: 'Nora New', role: 'compliance_admin' });
      expect((await admin.data<{ members: Member[] }>(MEMBERS)).members.map((m) => m.email)).to.include(email);

      // No password yet: nobody signs in as them, whatever they type.
      expect((await h.browser().error(SIGN_IN, { email, password: 'any password at all' })).code).to.equal('UNAUTHENTICATED');

      const [row] = await h.svc.db.query(`SELECT token_hash, expires_at, created_at FROM member_tokens WHERE member_id = ? AND purpose = 'invitation'`, [invited.id]);
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).to.equal(7 * 24 * 3600_000);
      await drain(tenant.id);
      const mails = mailsTo(email);
      expect(mails).to.have.lengthOf(1);
      expect(mails[0]).to.match(/^Subject: Invite Ltd: you are invited to the compliance console/m);
      expect(mails[0]).to.include('Hello Nora New,').and.include('as a compliance admin');
      const links = [...new Set(mails[0]!.match(/https?:\/\/[^\s"<>]+\/console\/accept-invitation\?token=[A-Za-z0-9_-]+/g))];
      expect(links).to.have.lengthOf(1);
      expect(links[0]!.startsWith(`${h.url}/console/accept-invitation?token=`)).to.equal(true);
      const token = new URL(links[0]!).searchParams.get('token')!;
      expect(sha256Hex(token)).to.equal(row.token_hash);

      expect(await h.browser().error(ACCEPT, { token, password: 'qwerty123456' })).to.deep.include({
        code: 'BAD_USER_INPUT', message: 'password: is on a list of passwords exposed in data breaches; choose another',
      });
      expect((await h.browser().error(ACCEPT, { token, password: 'short' })).extensions).to.deep.equal({
        code: 'BAD_USER_INPUT', reason: 'validation_failed', details: [{ path: 'password', message: 'must be at least 12 characters' }],
      });
      const password = 'nora picks a good pass phrase';
      expect(await h.browser().data(ACCEPT, { token, password })).to.deep.equal({ acceptInvitation: true });
      expect((await h.browser().error(ACCEPT, { token, password: 'another good pass phrase' })).extensions.details).to.deep.equal([{ path: 'token', message: LINK_UNUSABLE }]);
      const nora = await signInBrowser({ email, password });
      expect((await nora.data<{ me: Member }>(ME)).me).to.deep.equal({ id: invited.id, role: 'compliance_admin' });

      expect(await auditOf(tenant)).to.deep.equal([{
        actor: admin.member.email, action: 'member.invited',
        details: { memberId: invited.id, email, role: 'compliance_admin', invitationExpiresAt: new Date(row.expires_at).toISOString() },
      }]);
    });

    it('an email that already belongs to a member is CONFLICT; bad input is BAD_USER_INPUT with the field paths', async () => {
      const admin = await h.signedIn('admin');
      const existing = await h.member('analyst');
      expect(await admin.error(INVITE, { email: existing.email.toUpperCase(), name: 'Twin', role: 'analyst' })).to.deep.equal({
        code: 'CONFLICT', message: 'A member with this email already exists.', extensions: { code: 'CONFLICT', reason: 'conflict' },
      });
      expect((await admin.error(INVITE, { email: 'not an email', name: '  ', role: 'analyst' })).extensions.details).to.deep.equal([
        { path: 'email', message: 'must be a valid email address' },
        { path: 'name', message: 'must be a string of 1 to 200 characters' },
      ]);
    });

    it('the password rule is the same for a member added directly (svc user:create): a breached or short password is refused', async () => {
      const tenant = await h.tenant();
      const add = (password: string) => createMember(h.svc, operatorActor(tenant.id), { email: `direct.${Math.random().toString(36).slice(2)}@console.example`, password, role: 'analyst' })
        .then(() => null, (e: { code: string; extra: unknown }) => ({ code: e.code, extra: e.extra }));
      expect(await add('Qwerty123456')).to.deep.equal({
        code: 'validation_failed', extra: { details: [{ path: 'password', message: 'is on a list of passwords exposed in data breaches; choose another' }] },
      });
      expect(await add('eleven char')).to.deep.equal({ code: 'validation_failed', extra: { details: [{ path: 'password', message: 'must be at least 12 characters' }] } });
      expect(await add('twelve chars')).to.equal(null);
    });

    it('a made-up invitation token is refused on `token`', async () => {
      expect((await h.browser().error(ACCEPT, { token: 'x'.repeat(43), password: 'a perfectly fine pass phrase' })).extensions.details).to.deep.equal([
        { path: 'token', message: LINK_UNUSABLE },
      ]);
    });
  });

  describe('changeMemberRole', () => {
    it("changes the role and ends all of that member's sessions at once; they sign in again under the new role", async () => {
      const tenant = await h.tenant();
      const admin = await h.signedIn('admin', tenant);
      const analyst = await h.member('analyst', tenant);
      const browser = await signInBrowser(analyst);
      const oauthPages = await startMemberSession(h.svc, { kind: 'oauth', memberId: analyst.id });

      // The same role again changes nothing.
      expect((await admin.data<{ changeMemberRole: Member }>(CHANGE_ROLE, { id: analyst.id, role: 'analyst' })).changeMemberRole.role).to.equal('analyst');
      await browser.data(ME);

      expect(await admin.data(CHANGE_ROLE, { id: analyst.id, role: 'mlro' })).to.deep.equal({ changeMemberRole: { id: analyst.id, email: analyst.email, role: 'mlro' } });
      await unauthenticated(browser);
      const [pages] = await h.svc.db.query('SELECT ended_at FROM member_sessions WHERE token_hash = ?', [sha256Hex(oauthPages.token)]);
      expect(pages.ended_at).to.be.an.instanceOf(Date);
      expect((await (await signInBrowser(analyst)).data<{ me: Member }>(ME)).me).to.deep.equal({ id: analyst.id, role: 'mlro' });
      expect(await auditOf(tenant)).to.deep.equal([{
        actor: admin.member.email, action: 'member.role_changed',
        details: { memberId: analyst.id, email: analyst.email, previousRole: 'analyst', role: 'mlro', sessionsEnded: 2 },
      }]);
    });

    it('refuses to demote or remove the last admin (CONFLICT) and removing oneself; with a second admin, demoting works', async () => {
      const tenant = await h.tenant();
      const admin = await h.signedIn('admin', tenant);
      expect(await admin.error(CHANGE_ROLE, { id: admin.member.id, role: 'analyst' })).to.deep.equal({
        code: 'CONFLICT', message: 'Changing the role of the last admin would leave the organisation without an admin: make another member admin first.',
        extensions: { code: 'CONFLICT', reason: 'conflict' },
      });
      expect(await admin.error(REMOVE, { id: admin.member.id })).to.deep.include({ code: 'CONFLICT', message: 'You cannot remove yourself: ask another admin.' });
      const refusal = await removeMember(h.svc, operatorActor(tenant.id), { memberId: admin.member.id }).catch((e: Error) => e);
      expect(refusal).to.include({ code: 'conflict', message: 'Removing the last admin would leave the organisation without an admin: make another member admin first.' });

      const second = await h.member('admin', tenant);
      expect((await admin.data<{ changeMemberRole: Member }>(CHANGE_ROLE, { id: second.id, role: 'compliance_admin' })).changeMemberRole.role).to.equal('compliance_admin');
      expect((await admin.data<{ members: Member[] }>(MEMBERS)).members.filter((m) => m.role === 'admin').map((m) => m.id)).to.deep.equal([admin.member.id]);
    });
  });

  describe('removeMember', () => {
    it('in one go: ends their sessions, revokes their connector tokens, clears their case ownerships with owner.changed (member_removed); audited', async () => {
      const tenant = await h.tenant('Removal Ltd');
      const admin = await h.signedIn('admin', tenant);
      const leaving = await h.member('analyst', tenant);
      const staying = await h.member('analyst', tenant);
      const browser = await signInBrowser(leaving);

      // The leaving analyst connected an assistant (authorization code with PKCE) and holds its tokens.
      const connector = await newConnector(h.svc, [REDIRECT]);
      const oauth: Harness = { url: h.url, svc: h.svc, close: () => Promise.resolve() };
      const { verifier, challenge } = pkce();
      const { redirect } = await authorizeInBrowser(oauth, { clientId: connector.clientId, redirectUri: REDIRECT, challenge, method: 'S256', scope: 'read:cases', state: 's' }, leaving);
      const auth = { authorization: basic(connector.clientId, connector.clientSecret!) };
      const issued = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: verifier } }, auth);
      expect(issued.status, issued.text).to.equal(200);
      const { access_token: accessToken, refresh_token: refreshToken } = issued.body as { access_token: string; refresh_token: string };
      const pull = () => fetch(`${h.url}/v1/cases`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect((await pull()).status).to.equal(200);

      // Two cases: one owned by the leaving analyst (seeded with SQL), one by a colleague who stays.
      const owned = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Owned Ltd' });
      const other = await openCase(h.svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Other Ltd' });
      const setOwner = (pk: number, m: TestMember, name: string) =>
        h.svc.db.query('UPDATE cases SET owner_member_id = ?, owner_name = ?, owner_email = ? WHERE org_id = ? AND pk = ?', [m.id, name, m.email, tenant.id, pk]);
      await setOwner(owned.pk, leaving, 'Lea Leaving');
      await setOwner(other.pk, staying, 'Stan Staying');

      expect(await admin.data(REMOVE, { id: leaving.id })).to.deep.equal({ removeMember: true });

      await unauthenticated(browser);
      expect((await h.browser().error(SIGN_IN, { email: leaving.email, password: leaving.password })).code).to.equal('UNAUTHENTICATED');
      expect((await admin.data<{ members: Member[] }>(MEMBERS)).members.map((m) => m.id)).to.not.include(leaving.id);
      expect((await pull()).status).to.equal(401);
      const refreshed = await post(h.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken } }, auth);
      expect(refreshed.status).to.equal(400);
      expect(refreshed.body.error).to.equal('invalid_grant');

      const owners = await h.svc.db.query('SELECT pk, owner_member_id, owner_name, owner_email FROM cases WHERE org_id = ? ORDER BY pk', [tenant.id]);
      expect(owners.map((r: Record<string, unknown>) => ({ ...r, pk: Number(r.pk) }))).to.deep.equal([
        { pk: owned.pk, owner_member_id: null, owner_name: null, owner_email: null },
        { pk: other.pk, owner_member_id: staying.id, owner_name: 'Stan Staying', owner_email: staying.email },
      ]);
      const events = (await h.svc.db.query(`SELECT data FROM events WHERE org_id = ? AND type = 'owner.changed'`, [tenant.id])) as { data: string }[];
      expect(events).to.have.lengthOf(1);
      const payload = JSON.parse(events[0]!.data) as Record<string, unknown>;
      expect(payload.eventId).to.be.a('string');
      expect(payload.timestamp).to.be.a('string');
      delete payload.eventId;
      delete payload.timestamp;
      expect(payload).to.deep.equal({
        event: 'owner.changed', eventVersion: 1, orgId: tenant.id, caseId: owned.caseId, crmRecordId: null, caseSequence: 2,
        previousOwner: { name: 'Lea Leaving', email: leaving.email }, newOwner: null, changedBy: admin.member.email, reason: 'member_removed',
      });

      expect(await auditOf(tenant)).to.deep.equal([{
        actor: admin.member.email, action: 'member.removed',
        details: { memberId: leaving.id, email: leaving.email, role: 'analyst', sessionsEnded: 2, appsDisconnected: 1, casesUnassigned: 1 },
      }]);
      expect(await admin.error(REMOVE, { id: leaving.id })).to.deep.include({ code: 'NOT_FOUND', message: 'Member not found.' });
    });
  });

  describe('who may manage members', () => {
    it('only an admin: every other role is FORBIDDEN and changes nothing; another tenant’s admin gets NOT_FOUND for this tenant’s member', async () => {
      const tenant = await h.tenant();
      const target = await h.member('analyst', tenant);
      for (const role of ['analyst', 'mlro', 'compliance_admin'] as const) {
        const client = await h.signedIn(role, tenant);
        const forbidden = { code: 'FORBIDDEN', message: `This requires the admin role or higher; you are ${role}.`, extensions: { code: 'FORBIDDEN', reason: 'forbidden', requiredRole: 'admin' } };
        expect(await client.error(INVITE, { email: `by.${role}.${target.id}@console.example`, name: 'Nope', role: 'analyst' }), role).to.deep.equal(forbidden);
        expect(await client.error(CHANGE_ROLE, { id: target.id, role: 'admin' }), role).to.deep.equal(forbidden);
        expect(await client.error(REMOVE, { id: target.id }), role).to.deep.equal(forbidden);
        // Every role may list the members.
        expect((await client.data<{ members: Member[] }>(MEMBERS)).members.map((m) => m.id), role).to.include(target.id);
      }
      const outsider = await h.signedIn('admin');
      const notFound = { code: 'NOT_FOUND', message: 'Member not found.', extensions: { code: 'NOT_FOUND', reason: 'not_found' } };
      expect(await outsider.error(CHANGE_ROLE, { id: target.id, role: 'admin' })).to.deep.equal(notFound);
      expect(await outsider.error(REMOVE, { id: target.id })).to.deep.equal(notFound);
      expect((await outsider.data<{ members: Member[] }>(MEMBERS)).members.map((m) => m.id)).to.deep.equal([outsider.member.id]);

      const admin = await h.signedIn('admin', tenant);
      expect((await admin.data<{ members: Member[] }>(MEMBERS)).members.find((m) => m.id === target.id)).to.deep.include({ role: 'analyst' });
      expect((await admin.data<{ inviteMember: Member }>(INVITE, { email: `by.admin.${target.id}@console.example`, name: 'Yes', role: 'analyst' })).inviteMember.role).to.equal('analyst');
      expect((await admin.data<{ changeMemberRole: Member }>(CHANGE_ROLE, { id: target.id, role: 'mlro' })).changeMemberRole.role).to.equal('mlro');
      expect(await admin.data(REMOVE, { id: target.id })).to.deep.equal({ removeMember: true });
      // Not signed in at all.
      expect((await h.browser().error(MEMBERS)).code).to.equal('UNAUTHENTICATED');
      expect((await h.browser().error(REMOVE, { id: target.id })).code).to.equal('UNAUTHENTICATED');
    });
  });
});
