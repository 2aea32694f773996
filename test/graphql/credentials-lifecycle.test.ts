import { expect } from 'chai';
import { SEND_MAIL_TASK } from '../../src/mail/index';
import { REMOVED_MEMBER_CREDENTIALS_MAIL } from '../../src/oauth/index';
import { type Services } from '../../src/platform/index';
import { createTaskList } from '../../worker/tasks/index';
import { steppingClock } from '../oauth/harness';
import { decodeQp, smtpMailer, startSmtp, type TestSmtp } from '../support/smtp';
import { pull, tokenFor } from './configuration-support';
import { ConsoleHarness } from './harness';

const CREATE = 'mutation ($input: CreateApiClientInput!) { createApiClient(input: $input) { clientId clientSecret scopes } }';
const CLIENTS = '{ apiClients { clientId name scopes lastUsedAt expiresAt previousSecretExpiresAt createdBy { id email name removed } createdByRemovedMember } }';
const ROTATE = 'mutation ($clientId: ID!) { rotateApiClientSecret(clientId: $clientId) { clientId clientSecret previousSecretExpiresAt } }';
const RETIRE = 'mutation ($clientId: ID!) { retirePreviousApiClientSecret(clientId: $clientId) }';
const REMOVE = 'mutation ($id: ID!) { removeMember(memberId: $id) }';

interface Created { clientId: string; clientSecret: string; scopes: string[] }
interface Listed {
  clientId: string; name: string; scopes: string[]; lastUsedAt: string | null; expiresAt: string | null; previousSecretExpiresAt: string | null;
  createdBy: { id: string; email: string; name: string | null; removed: boolean } | null; createdByRemovedMember: boolean;
}

/**
 * Pull-API credentials that end when they should: elevated scopes only from a compliance admin, an
 * optional expiry, rotation with two secrets, last use shown, and the admins told when their creator leaves.
 */
describe('console GraphQL: the lifecycle of API credentials', function () {
  this.timeout(60_000);
  const time = steppingClock();
  let h: ConsoleHarness;
  let smtp: TestSmtp;
  let worker: Services;

  before(async () => {
    h = await ConsoleHarness.start({ clock: time.clock });
    smtp = await startSmtp();
    const mailer = smtpMailer(smtp, 'console@svc.example');
    worker = { ...h.svc, mailer };
  });
  afterEach(() => time.reset());
  after(async () => {
    await h.close();
    await smtp.close();
  });

  const created = async (c: Awaited<ReturnType<ConsoleHarness['signedIn']>>, input: Record<string, unknown>) =>
    (await c.data<{ createApiClient: Created }>(CREATE, { input })).createApiClient;
  const listed = async (c: Awaited<ReturnType<ConsoleHarness['signedIn']>>) => (await c.data<{ apiClients: Listed[] }>(CLIENTS)).apiClients;

  it('refuses an analyst the elevated scopes with FORBIDDEN naming them; a compliance admin may grant them', async () => {
    const tenant = await h.tenant('Elevated Scopes Ltd');
    const analyst = await h.signedIn('analyst', tenant);
    for (const [scopes, named] of [
      [['read:cases', 'read:full_case'], 'read:full_case'],
      [['webhooks:read', 'webhooks:write', 'screening:write'], 'webhooks:read, webhooks:write, screening:write'],
    ] as const) {
      const refused = await analyst.error(CREATE, { input: { name: 'Too much', scopes } });
      expect(refused.code).to.equal('FORBIDDEN');
      expect(refused.message).to.equal(`Only a compliance admin may grant the scopes ${named} to API credentials.`);
    }
    expect((await analyst.error(CREATE, { input: { name: 'Full', scopes: ['read:full_case'] } })).message)
      .to.equal('Only a compliance admin may grant the scopes read:full_case to API credentials.');
    expect(await listed(analyst)).to.deep.equal([]);
    const admin = await h.signedIn('compliance_admin', tenant);
    const granted = await created(admin, { name: 'Full parity', scopes: ['read:full_case', 'webhooks:write'] });
    expect(granted.scopes).to.deep.equal(['read:full_case', 'webhooks:write']);
    expect((await tokenFor(h, granted.clientId, granted.clientSecret)).status).to.equal(200);
    // Nor may an analyst rotate them (whoever rotates learns a working secret).
    expect((await analyst.error(ROTATE, { clientId: granted.clientId })).code).to.equal('FORBIDDEN');
  });

  it('ends expired credentials: the token endpoint answers invalid_client and their tokens stop; a past expiry is refused', async () => {
    const c = await h.signedIn('analyst');
    const expiresAt = new Date(time.clock.now().getTime() + 60_000).toISOString();
    const creds = await created(c, { name: 'Short-lived', scopes: ['read:cases'], expiresAt });
    expect((await listed(c))[0]!.expiresAt).to.equal(expiresAt);
    const token = await tokenFor(h, creds.clientId, creds.clientSecret);
    expect(token.status).to.equal(200);
    time.advance(60_000);
    const refused = await tokenFor(h, creds.clientId, creds.clientSecret);
    expect(refused.status).to.equal(401);
    expect(refused.body).to.deep.equal({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    expect((await pull(h, '/v1/cases', token.body.access_token as string)).status).to.equal(401);
    expect((await c.error(CREATE, { input: { name: 'Already over', expiresAt: time.clock.now().toISOString() } })).extensions.details)
      .to.deep.equal([{ path: 'expiresAt', message: 'must be in the future' }]);
  });

  it('rotates without downtime: both secrets work until the previous one is retired; then only the new one', async () => {
    const c = await h.signedIn('analyst');
    const creds = await created(c, { name: 'Rotating CRM', scopes: ['read:cases'] });
    const rotated = (await c.data<{ rotateApiClientSecret: { clientId: string; clientSecret: string; previousSecretExpiresAt: string } }>(ROTATE, { clientId: creds.clientId }))
      .rotateApiClientSecret;
    expect(rotated.clientId).to.equal(creds.clientId);
    expect(rotated.clientSecret).to.not.equal(creds.clientSecret);
    expect(rotated.previousSecretExpiresAt).to.equal(new Date(time.clock.now().getTime() + 7 * 24 * 3600_000).toISOString());
    expect((await tokenFor(h, creds.clientId, creds.clientSecret)).status).to.equal(200);
    expect((await tokenFor(h, creds.clientId, rotated.clientSecret)).status).to.equal(200);
    expect((await listed(c))[0]!.previousSecretExpiresAt).to.equal(rotated.previousSecretExpiresAt);

    expect(await c.data(RETIRE, { clientId: creds.clientId })).to.deep.equal({ retirePreviousApiClientSecret: true });
    expect((await tokenFor(h, creds.clientId, creds.clientSecret)).body.error).to.equal('invalid_client');
    expect((await tokenFor(h, creds.clientId, rotated.clientSecret)).status).to.equal(200);
    expect((await listed(c))[0]!.previousSecretExpiresAt).to.equal(null);

    // Unretired, the previous secret ends by itself after 7 days.
    const again = (await c.data<{ rotateApiClientSecret: { clientSecret: string } }>(ROTATE, { clientId: creds.clientId })).rotateApiClientSecret;
    time.advance(7 * 24 * 3600_000);
    expect((await tokenFor(h, creds.clientId, rotated.clientSecret)).body.error).to.equal('invalid_client');
    expect((await tokenFor(h, creds.clientId, again.clientSecret)).status).to.equal(200);
  });

  it('shows when the credentials last obtained a token', async () => {
    const c = await h.signedIn('analyst');
    const creds = await created(c, { name: 'Last used', scopes: ['read:cases'] });
    expect((await listed(c))[0]!.lastUsedAt).to.equal(null);
    time.advance(5_000);
    expect((await tokenFor(h, creds.clientId, creds.clientSecret)).status).to.equal(200);
    expect((await listed(c))[0]!.lastUsedAt).to.equal(time.clock.now().toISOString());
  });

  it('removing a member emails each admin the credentials that member created, and the console marks them', async () => {
    const tenant = await h.tenant('Departing Analyst Ltd');
    const admin = await h.signedIn('admin', tenant);
    const complianceAdmin = await h.signedIn('compliance_admin', tenant);
    const leaver = await h.signedIn('analyst', tenant);
    const kept = await created(leaver, { name: 'Leaver CRM', scopes: ['read:cases', 'cases:write'] });
    const revoked = await created(leaver, { name: 'Leaver old CRM', scopes: ['read:cases'] });
    await leaver.data('mutation ($clientId: ID!) { revokeApiClient(clientId: $clientId) }', { clientId: revoked.clientId });
    const adminOwn = await created(admin, { name: 'Admin CRM', scopes: ['read:cases'] });

    expect(await admin.data(REMOVE, { id: leaver.member.id })).to.deep.equal({ removeMember: true });
    // Only the send-mail task on this removal's emails: other tests' queued work runs on their own clocks and mailers.
    const queued: { id: number | string }[] = await h.svc.db.query('SELECT id FROM outgoing_mails WHERE org_id = ? AND kind = ?', [tenant.id, REMOVED_MEMBER_CREDENTIALS_MAIL]);
    for (const { id } of queued) await createTaskList(worker)[SEND_MAIL_TASK]!({ mailId: Number(id) }, {} as never);

    for (const recipient of [admin.member, complianceAdmin.member]) {
      const mails = smtp.received.filter((m) => m.to.includes(recipient.email)).map((m) => decodeQp(m.raw));
      expect(mails, recipient.role).to.have.lengthOf(1);
      expect(mails[0]).to.match(/^Subject: Departing Analyst Ltd: API credentials created by a removed member/m);
      expect(mails[0]).to.contain(`${leaver.member.email}`);
      expect(mails[0]).to.contain(`Leaver CRM (${kept.clientId}): read:cases cases:write; last used never`);
      expect(mails[0]).to.not.contain(revoked.clientId);
      expect(mails[0]).to.not.contain(adminOwn.clientId);
    }
    expect(smtp.received.filter((m) => m.to.includes(leaver.member.email))).to.have.lengthOf(0);

    const clients = (await listed(admin)).sort((a, b) => b.name.localeCompare(a.name));
    expect(clients.map((c) => [c.name, c.createdByRemovedMember, c.createdBy?.email, c.createdBy?.removed])).to.deep.equal([
      ['Leaver CRM', true, leaver.member.email, true],
      ['Admin CRM', false, admin.member.email, false],
    ]);
    // They keep working until an admin revokes or rotates them.
    expect((await tokenFor(h, kept.clientId, kept.clientSecret)).status).to.equal(200);
  });
});
