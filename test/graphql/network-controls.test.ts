import { expect } from 'chai';
import { suspendInactiveMembers } from '../../src/members/index';
import { createGrant } from '../../src/oauth/grants';
import { signAccessToken } from '../../src/oauth/access-token';
import { mcpResourceOf } from '../../src/oauth/index';
import { inTransaction } from '../../src/db/transaction';
import type { Clock } from '../../src/platform/index';
import { basic, newApiClient, newConnector } from '../oauth/harness';
import { ConsoleHarness, type ConsoleClient, type TestMember } from './harness';
import { codeAt } from '../support/totp';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const INSIDE = '203.0.113.5';
const OUTSIDE = '192.0.2.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SET_LIST = 'mutation($cidrs: [String!]!) { setIpAllowList(cidrs: $cidrs) { ipAllowList } }';
const SET_DAYS = 'mutation($days: Int) { setInactivityLimit(days: $days) { inactivityLimitDays } }';
const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { id currentAddress } }';
const VERIFY = 'mutation($code: String!) { verifySecondFactor(code: $code) { id } }';
const ME = 'query { me { id email } }';
const SESSIONS = 'query { mySessions { id current device address } }';
const MEMBERS = 'query { members { id suspendedAt lastSignInAt } }';
const REACTIVATE = 'mutation($id: ID!) { reactivateMember(userId: $id) { id suspendedAt } }';

/** A clock of its own (days ahead of now), moved by hand: the sign-in limits and the inactivity job see only this file. */
function handClock(): Clock & { advance(ms: number): void } {
  let at = (Math.floor(Date.now() / (15 * MINUTE)) + 3 * 96 + Math.floor(Math.random() * 8 * 96)) * 15 * MINUTE + 1_000;
  return { now: () => new Date(at), advance: (ms) => { at += ms; } };
}

describe('network and lifecycle controls: IP allow-list, inactivity suspension, sessions with device and address, sign-in audit (GraphQL over HTTP)', () => {
  const clock = handClock();
  let h: ConsoleHarness;
  before(async () => {
    // Behind a trusted proxy on loopback: X-Forwarded-For names the client, as TRUST_PROXY defines it.
    h = await ConsoleHarness.start({ clock, config: { trustProxy: ['loopback'] } });
  });
  after(() => h.close());

  /** A GraphQL call from `address`: data or the first error. */
  const from = async (browser: ConsoleClient, address: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const answer = await browser.gql(query, variables, { 'x-forwarded-for': address, ...headers });
    return { data: answer.body.data as Record<string, unknown> | null, error: answer.body.errors?.[0] as { message: string; extensions: { code: string; details?: unknown } } | undefined };
  };
  const audit = async (orgId: string) =>
    (await h.svc.db.query('SELECT actor, action, details FROM tenant_config_audit_log WHERE org_id = ? ORDER BY id', [orgId])) as { actor: string; action: string; details: Record<string, unknown> }[];
  const signIn = (member: TestMember, address: string, browser = h.browser()) =>
    from(browser, address, SIGN_IN, { email: member.email, password: member.password }, { 'user-agent': FIREFOX }).then((r) => ({ ...r, browser }));

  it('only an admin sets the allow-list; v4 and v6 CIDRs are validated and normalised; a list without their own address is refused; audited', async () => {
    const admin = await h.signedIn('admin');
    for (const role of ['analyst', 'mlro', 'compliance_admin'] as const) {
      const other = await h.signedIn(role, admin.member.tenant);
      expect((await from(other, INSIDE, SET_LIST, { cidrs: ['203.0.113.0/24'] })).error?.extensions.code, role).to.equal('FORBIDDEN');
    }
    const bad = await from(admin, INSIDE, SET_LIST, { cidrs: ['203.0.113.0/24', '300.1.2.3/8', 'example.com'] });
    expect(bad.error?.extensions.code).to.equal('BAD_USER_INPUT');
    expect((bad.error?.extensions.details as { path: string }[]).map((d) => d.path)).to.deep.equal(['cidrs.1', 'cidrs.2']);
    const lockOut = await from(admin, INSIDE, SET_LIST, { cidrs: ['198.51.100.0/24', '2001:db8::/32'] });
    expect(lockOut.error?.extensions.code).to.equal('CONFLICT');
    expect(lockOut.error?.message).to.include(`your address ${INSIDE} is not in it`);
    const set = await from(admin, INSIDE, SET_LIST, { cidrs: ['203.0.113.77/24', '2001:DB8:0:0::1/32', '198.51.100.9'] });
    expect(set.error).to.equal(undefined);
    expect(set.data).to.deep.equal({ setIpAllowList: { ipAllowList: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.9/32'] } });
    const entry = (await audit(admin.member.tenant.id)).find((a) => a.action === 'network.allow_list_set');
    expect(entry).to.deep.include({ actor: admin.member.email });
    expect(entry!.details).to.deep.equal({ cidrs: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.9/32'], previous: [] });
    // From an IPv6 address inside the list, the admin may turn it off again.
    expect((await from(admin, '2001:db8:1::9', SET_LIST, { cidrs: [] })).data).to.deep.equal({ setIpAllowList: { ipAllowList: [] } });
  });

  it('needs a fresh second factor (step-up) from an admin who has one', async () => {
    const admin = await h.signedIn('admin');
    const { startTotpEnrolment: e } = await admin.data<{ startTotpEnrolment: { secret: string } }>('mutation { startTotpEnrolment { secret } }');
    await admin.data('mutation($code: String!) { confirmTotpEnrolment(code: $code) }', { code: codeAt(e.secret, clock.now().getTime()) });
    clock.advance(11 * MINUTE);
    expect((await from(admin, INSIDE, SET_LIST, { cidrs: ['203.0.113.0/24'] })).error?.extensions.code).to.equal('STEP_UP_REQUIRED');
    expect((await from(admin, INSIDE, SET_DAYS, { days: 30 })).error?.extensions.code).to.equal('STEP_UP_REQUIRED');
    await from(admin, INSIDE, VERIFY, { code: codeAt(e.secret, clock.now().getTime()) });
    expect((await from(admin, INSIDE, SET_LIST, { cidrs: ['203.0.113.0/24'] })).data).to.deep.equal({ setIpAllowList: { ipAllowList: ['203.0.113.0/24'] } });
    clock.advance(MINUTE);
  });

  it('refuses console sessions and sign-ins from other addresses (v4 and v6), the token endpoint, every /v1 call and /mcp', async () => {
    const admin = await h.signedIn('admin');
    expect((await from(admin, INSIDE, SET_LIST, { cidrs: ['203.0.113.0/24', '2001:db8::/32'] })).error).to.equal(undefined);
    // The admin's live session: allowed from inside (v4, v6, IPv4-mapped), refused from outside.
    expect((await from(admin, '203.0.113.200', ME)).data).to.deep.include({ me: { id: admin.member.id, email: admin.member.email } });
    expect((await from(admin, '2001:db8:ffff::1', ME)).error).to.equal(undefined);
    for (const outside of [OUTSIDE, '2001:db9::1']) {
      const refused = await from(admin, outside, ME);
      expect(refused.error?.extensions.code, outside).to.equal('FORBIDDEN');
      expect(refused.error?.message).to.match(/^Address not allowed/);
    }
    // A member's sign-in: refused from outside (after the password; no session), allowed from inside.
    const analyst = await h.member('analyst', admin.member.tenant);
    const outside = await signIn(analyst, OUTSIDE);
    expect(outside.error?.extensions.code).to.equal('FORBIDDEN');
    expect(outside.error?.message).to.match(/^Address not allowed/);
    expect(outside.browser.cookies.size).to.equal(0);
    const inside = await signIn(analyst, INSIDE);
    expect(inside.data).to.deep.equal({ signIn: { id: analyst.id, currentAddress: INSIDE } });
    // Another tenant is not concerned.
    const elsewhere = await h.signedIn('analyst');
    expect((await from(elsewhere, OUTSIDE, ME)).error).to.equal(undefined);

    // API tokens: the token endpoint (OAuth error shape, 403) and /v1 ({error, message}, 403).
    const client = await newApiClient(h.svc, admin.member.tenant.id, 'read:cases');
    const token = (address: string) => fetch(`${h.url}/v1/oauth/token`, {
      method: 'POST', headers: { authorization: basic(client.clientId, client.clientSecret), 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: 'grant_type=client_credentials',
    });
    const refusedToken = await token(OUTSIDE);
    expect(refusedToken.status).to.equal(403);
    expect(await refusedToken.json()).to.deep.equal({ error: 'access_denied', error_description: (await from(admin, OUTSIDE, ME)).error!.message });
    const granted = await token(INSIDE);
    expect(granted.status).to.equal(200);
    const { access_token: accessToken } = (await granted.json()) as { access_token: string };
    const cases = (address: string) => fetch(`${h.url}/v1/cases`, { headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': address } });
    expect((await cases(INSIDE)).status).to.equal(200);
    const refusedCall = await cases(OUTSIDE);
    expect(refusedCall.status).to.equal(403);
    expect(await refusedCall.json()).to.deep.equal({ error: 'forbidden', message: (await from(admin, OUTSIDE, ME)).error!.message });

    // A connected AI assistant's calls to /mcp for a member of the tenant.
    const connector = await newConnector(h.svc, ['https://assistant.example/cb']);
    const grantId = await inTransaction(h.svc, (tx) => createGrant(tx, {
      orgId: admin.member.tenant.id, memberId: analyst.id, clientId: connector.clientId, scopes: ['read:cases'], resources: [mcpResourceOf(h.svc.config)], now: clock.now(),
    }));
    const mcpToken = await signAccessToken(h.svc.config, {
      subject: analyst.id, clientId: connector.clientId, orgId: admin.member.tenant.id, scopes: ['read:cases'], grantId, now: clock.now(), resources: [mcpResourceOf(h.svc.config)],
    });
    const mcp = (address: string) => fetch(`${h.url}/mcp`, {
      method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      headers: { authorization: `Bearer ${mcpToken.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-forwarded-for': address },
    });
    const refusedMcp = await mcp(OUTSIDE);
    expect(refusedMcp.status).to.equal(403);
    expect(await refusedMcp.json()).to.deep.equal({ error: 'forbidden', message: (await from(admin, OUTSIDE, ME)).error!.message });
    expect((await mcp(INSIDE)).status).to.equal(200);
  });

  it("applies a new allow-list to an API token at once, though its live check is cached (every process's cache is flushed)", async () => {
    const admin = await h.signedIn('admin');
    const client = await newApiClient(h.svc, admin.member.tenant.id, 'read:cases');
    const granted = await fetch(`${h.url}/v1/oauth/token`, {
      method: 'POST', headers: { authorization: basic(client.clientId, client.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: accessToken } = (await granted.json()) as { access_token: string };
    const cases = (address: string) => fetch(`${h.url}/v1/cases`, { headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': address } });
    // Two calls: the second is answered from the cached live check.
    expect((await cases(OUTSIDE)).status).to.equal(200);
    expect((await cases(OUTSIDE)).status).to.equal(200);
    expect((await from(admin, INSIDE, SET_LIST, { cidrs: ['203.0.113.0/24'] })).error).to.equal(undefined);
    const refused = await cases(OUTSIDE);
    expect(refused.status).to.equal(403);
    expect(((await refused.json()) as { message: string }).message).to.match(/^Address not allowed/);
    expect((await cases(INSIDE)).status).to.equal(200);
    // Turned off again: the outside address is served at once.
    expect((await from(admin, INSIDE, SET_LIST, { cidrs: [] })).error).to.equal(undefined);
    expect((await cases(OUTSIDE)).status).to.equal(200);
  });

  it('lists each session with its device and address; ending one is immediate', async () => {
    const member = await h.member('analyst');
    const first = await signIn(member, INSIDE);
    const second = await signIn(member, '2001:db8::42');
    expect(first.error).to.equal(undefined);
    const { mySessions } = (await from(first.browser, INSIDE, SESSIONS)).data as { mySessions: { id: string; current: boolean; device: string; address: string }[] };
    expect(mySessions.map(({ current, device, address }) => ({ current, device, address }))).to.have.deep.members([
      { current: true, device: 'Firefox on Linux', address: INSIDE },
      { current: false, device: 'Firefox on Linux', address: '2001:db8::42' },
    ]);
    const other = mySessions.find((s) => !s.current)!;
    expect((await from(second.browser, '2001:db8::42', ME)).error).to.equal(undefined);
    expect((await from(first.browser, INSIDE, 'mutation($id: ID!) { endSession(id: $id) }', { id: other.id })).data).to.deep.equal({ endSession: true });
    expect((await from(second.browser, '2001:db8::42', ME)).error?.extensions.code).to.equal('UNAUTHENTICATED');
  });

  it('audits sign-ins with the method: password, password+totp, password+recovery_code', async () => {
    const member = await h.member('analyst');
    expect((await signIn(member, INSIDE)).error).to.equal(undefined);
    const enrolling = await h.signedInAs(member);
    const { startTotpEnrolment: e } = await enrolling.data<{ startTotpEnrolment: { secret: string } }>('mutation { startTotpEnrolment { secret } }');
    const { confirmTotpEnrolment: codes } = await enrolling.data<{ confirmTotpEnrolment: string[] }>('mutation($code: String!) { confirmTotpEnrolment(code: $code) }', { code: codeAt(e.secret, clock.now().getTime()) });
    clock.advance(MINUTE);
    const withApp = await signIn(member, INSIDE);
    expect(withApp.error?.extensions.code).to.equal('MFA_REQUIRED');
    expect((await from(withApp.browser, INSIDE, VERIFY, { code: codeAt(e.secret, clock.now().getTime()) })).error).to.equal(undefined);
    const withRecovery = await signIn(member, INSIDE);
    expect((await from(withRecovery.browser, INSIDE, VERIFY, { code: codes[0]! })).error).to.equal(undefined);
    const signIns = (await audit(member.tenant.id)).filter((a) => a.action === 'member.signed_in');
    expect(signIns.map((a) => [a.actor, a.details.method, a.details.door, a.details.address])).to.deep.equal([
      [member.email, 'password', 'console', INSIDE], [member.email, 'password+totp', 'console', INSIDE], [member.email, 'password+recovery_code', 'console', INSIDE],
    ]);
    clock.advance(MINUTE);
  });

  it('suspends inactive members by the daily job (sessions and grants end) and at sign-in; an admin reactivates them; audited', async () => {
    const admin = await h.signedIn('admin');
    const tenant = admin.member.tenant;
    expect((await from(admin, INSIDE, SET_DAYS, { days: 3 })).error?.extensions.code).to.equal('BAD_USER_INPUT');
    expect((await from(admin, INSIDE, SET_DAYS, { days: 30 })).data).to.deep.equal({ setInactivityLimit: { inactivityLimitDays: 30 } });
    const analyst = await h.member('analyst', tenant);
    const later = await h.member('analyst', tenant);
    const browser = (await signIn(analyst, INSIDE)).browser;
    const connector = await newConnector(h.svc, ['https://assistant.example/cb']);
    await inTransaction(h.svc, (tx) => createGrant(tx, { orgId: tenant.id, memberId: analyst.id, clientId: connector.clientId, scopes: ['read:cases'], resources: [], now: clock.now() }));

    clock.advance(29 * DAY);
    expect(await suspendInactiveMembers(h.svc)).to.equal(0);
    clock.advance(2 * DAY);
    // The admin is the last active admin: never suspended. The analyst who signed in and the one who never did are.
    expect(await suspendInactiveMembers(h.svc)).to.be.at.least(2);
    const liveSessions = (await h.svc.db.query('SELECT COUNT(*) AS n FROM member_sessions WHERE member_id = ? AND ended_at IS NULL', [analyst.id])) as { n: number }[];
    expect(Number(liveSessions[0]!.n)).to.equal(0);
    const grants = (await h.svc.db.query('SELECT revoked_at FROM oauth_grants WHERE org_id = ? AND member_id = ?', [tenant.id, analyst.id])) as { revoked_at: Date | null }[];
    expect(grants).to.have.lengthOf(1);
    expect(grants[0]!.revoked_at).to.not.equal(null);
    expect((await from(browser, INSIDE, ME)).error?.extensions.code).to.equal('UNAUTHENTICATED');
    const refused = await signIn(analyst, INSIDE);
    expect(refused.error?.extensions.code).to.equal('FORBIDDEN');
    expect(refused.error?.message).to.match(/suspended/);

    const again = await h.signedInAs(admin.member);
    const { members } = (await from(again, INSIDE, MEMBERS)).data as { members: { id: string; suspendedAt: string | null }[] };
    expect(members.find((m) => m.id === analyst.id)!.suspendedAt).to.be.a('string');
    expect(members.find((m) => m.id === admin.member.id)!.suspendedAt).to.equal(null);
    expect((await from(await h.signedIn('analyst', tenant), INSIDE, REACTIVATE, { id: analyst.id })).error?.extensions.code).to.equal('FORBIDDEN');
    expect((await from(again, INSIDE, REACTIVATE, { id: analyst.id })).data).to.deep.equal({ reactivateMember: { id: analyst.id, suspendedAt: null } });
    expect((await from(again, INSIDE, REACTIVATE, { id: analyst.id })).error?.extensions.code).to.equal('CONFLICT');
    expect((await signIn(analyst, INSIDE)).data).to.deep.equal({ signIn: { id: analyst.id, currentAddress: INSIDE } });

    // At sign-in, between the daily checks: reactivated `later`'s limit passes before the job runs again.
    await from(again, INSIDE, REACTIVATE, { id: later.id });
    clock.advance(31 * DAY);
    const atSignIn = await signIn(later, INSIDE);
    expect(atSignIn.error?.extensions.code).to.equal('FORBIDDEN');
    expect(atSignIn.error?.message).to.match(/suspended/);

    const actions = (await audit(tenant.id)).filter((a) => a.action.startsWith('member.suspended') || a.action === 'member.reactivated' || a.action === 'members.inactivity_limit_set');
    expect(actions.map((a) => [a.actor, a.action, a.details.memberId ?? null])).to.deep.equal([
      [admin.member.email, 'members.inactivity_limit_set', null],
      ...[[analyst.id], [later.id]].map(([id]) => ['system', 'member.suspended', id]).sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
      [admin.member.email, 'member.reactivated', analyst.id],
      [admin.member.email, 'member.reactivated', later.id],
      ['system', 'member.suspended', later.id],
    ]);
    const suspension = (await audit(tenant.id)).find((a) => a.action === 'member.suspended' && a.details.memberId === analyst.id)!;
    expect(suspension.details).to.deep.include({ reason: 'inactive', inactivityLimitDays: 30, appsDisconnected: 1 });
    // Turn it off so the job leaves this tenant alone in later runs.
    await from(again, INSIDE, SET_DAYS, { days: null });
  });
});
