import { expect } from 'chai';
import { inTransaction } from '../../src/db/index';
import { openSecret } from '../../src/security/secret-box';
import { sha256Hex } from '../../src/security/tokens';
import { createMemberToken } from '../../src/members/member-tokens';
import { basic, post } from '../oauth/harness';
import { connectApp, pull } from './configuration-support';
import { ConsoleHarness, type TestMember } from './harness';

const INVALID_REFRESH = { error: 'invalid_grant', error_description: 'The refresh token is invalid, expired or revoked.' };

/** What ends a member's console sessions ends their connected AI assistants' access too. */
describe('console: a password reset and "sign out everywhere" disconnect the member\'s AI assistants', () => {
  let h: ConsoleHarness;

  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  const refresh = (app: Awaited<ReturnType<typeof connectApp>>) =>
    post(h.url, '/v1/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: app.refreshToken } }, { authorization: basic(app.clientId, app.clientSecret) });
  /** A password-reset link's token, as its email would carry it. */
  const resetToken = async (member: TestMember) => {
    const { tokenId } = await inTransaction(h.svc, (tx) => createMemberToken(tx, { orgId: member.tenant.id, memberId: member.id, purpose: 'password_reset' }));
    const [row] = (await h.svc.db.query('SELECT token_hash, token_sealed, token_key_id FROM member_tokens WHERE id = ?', [tokenId])) as {
      token_hash: string; token_sealed: string; token_key_id: string;
    }[];
    const token = openSecret(h.svc.config.secretsKeys, { keyId: row!.token_key_id, ciphertext: row!.token_sealed }, `member-token:${member.tenant.id}:${row!.token_hash}`);
    expect(sha256Hex(token)).to.equal(row!.token_hash);
    return token;
  };

  it('signOutEverywhere: the refresh token grant then fails with invalid_grant and the access token with 401; another member\'s app goes on', async () => {
    const tenant = await h.tenant('Sign Out Everywhere Ltd');
    const member = await h.member('analyst', tenant);
    const colleague = await h.member('analyst', tenant);
    const app = await connectApp(h, member);
    const other = await connectApp(h, colleague);
    expect((await pull(h, '/v1/cases', app.accessToken)).status).to.equal(200);

    const browser = await h.signedInAs(member);
    expect(await browser.data('mutation { signOutEverywhere }')).to.deep.equal({ signOutEverywhere: true });

    const refused = await refresh(app);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.equal(INVALID_REFRESH);
    expect((await pull(h, '/v1/cases', app.accessToken)).status).to.equal(401);
    expect((await refresh(other)).status).to.equal(200);
  });

  it('resetPassword: the refresh token grant then fails with invalid_grant', async () => {
    const member = await h.member('analyst');
    const app = await connectApp(h, member);
    const token = await resetToken(member);
    const RESET = 'mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';
    expect(await h.browser().data(RESET, { token, password: 'a fresh pass phrase after reset 5' })).to.deep.equal({ resetPassword: true });
    const refused = await refresh(app);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.equal(INVALID_REFRESH);
    expect((await pull(h, '/v1/cases', app.accessToken)).status).to.equal(401);
  });
});
