import { expect } from 'chai';
import { API_CLIENT, CONNECTED_APP, connectApp, pull, tokenFor } from './configuration-support';
import { ConsoleHarness } from './harness';

const CREATE = 'mutation ($input: CreateApiClientInput!) { createApiClient(input: $input) { clientId clientSecret scopes } }';
const CLIENTS = `{ apiClients { ${API_CLIENT} } }`;
const REVOKE = 'mutation ($clientId: ID!) { revokeApiClient(clientId: $clientId) }';
const APPS = `{ connectedApps { ${CONNECTED_APP} } }`;
const DISCONNECT = 'mutation ($grantId: ID!) { disconnectConnectedApp(grantId: $grantId) }';

interface Created { clientId: string; clientSecret: string; scopes: string[] }
interface Client { clientId: string; name: string; scopes: string[]; createdAt: string; lastUsedAt: string | null }
interface App { grantId: string; clientId: string; appName: string; connectedBy: { id: string; email: string; name: string | null }; scopes: string[]; createdAt: string; lastUsedAt: string | null }

describe('console GraphQL: API credentials and connected apps (Compliance Configuration)', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('mints credentials and shows the secret once; it works at the token endpoint and never appears in apiClients', async () => {
    const c = await h.signedIn('analyst');
    const created = (await c.data<{ createApiClient: Created }>(CREATE, { input: { name: 'HubSpot', scopes: ['read:cases', 'cases:write'] } })).createApiClient;
    expect(created.clientId).to.match(/^cli_/);
    expect(Buffer.from(created.clientSecret, 'base64url')).to.have.length(32);
    expect(created.scopes).to.deep.equal(['read:cases', 'cases:write']);
    const defaults = (await c.data<{ createApiClient: Created }>(CREATE, { input: { name: 'Default scopes' } })).createApiClient;
    // An analyst's defaults leave out the elevated scopes (screening:write among them).
    expect(defaults.scopes).to.deep.equal(['read:cases', 'read:documents', 'read:events', 'read:decisions', 'read:screening', 'cases:write']);

    const token = await tokenFor(h, created.clientId, created.clientSecret);
    expect(token.status).to.equal(200);
    expect(token.body.scope).to.equal('read:cases cases:write');
    expect((await pull(h, '/v1/cases', token.body.access_token as string)).status).to.equal(200);

    const listed = await c.gql<{ apiClients: Client[] }>(CLIENTS);
    const clients = listed.body.data!.apiClients;
    expect(clients.map((x) => [x.clientId, x.name, x.scopes])).to.deep.equal([
      [created.clientId, 'HubSpot', ['read:cases', 'cases:write']],
      [defaults.clientId, 'Default scopes', defaults.scopes],
    ]);
    expect(clients[0]!.lastUsedAt).to.be.a('string');
    expect(clients[1]!.lastUsedAt).to.equal(null);
    expect(JSON.stringify(listed.body)).to.not.contain(created.clientSecret).and.not.contain(defaults.clientSecret);
    const fields = await c.data<{ __type: { fields: { name: string }[] } }>('{ __type(name: "ApiClient") { fields { name } } }');
    expect(fields.__type.fields.map((f) => f.name).sort()).to.deep.equal([
      'clientId', 'createdAt', 'createdBy', 'createdByRemovedMember', 'expiresAt', 'lastUsedAt', 'mode', 'name', 'previousSecretExpiresAt', 'scopes',
    ]);

    // Revoked: its tokens stop at the next call, it cannot get new ones, and it leaves the list.
    expect(await c.data(REVOKE, { clientId: created.clientId })).to.deep.equal({ revokeApiClient: true });
    expect((await pull(h, '/v1/cases', token.body.access_token as string)).status).to.equal(401);
    expect((await tokenFor(h, created.clientId, created.clientSecret)).body.error).to.equal('invalid_client');
    expect((await c.data<{ apiClients: Client[] }>(CLIENTS)).apiClients.map((x) => x.clientId)).to.deep.equal([defaults.clientId]);
  });

  it('answers BAD_USER_INPUT with field paths for an unknown scope or a blank name', async () => {
    const c = await h.signedIn('analyst');
    expect((await c.error(CREATE, { input: { name: 'CRM', scopes: ['read:cases', 'write:everything'] } })).extensions).to.deep.equal({
      code: 'BAD_USER_INPUT', reason: 'validation_failed',
      details: [{ path: 'scopes', message: 'unknown scope(s): write:everything; known: read:cases read:documents read:events read:decisions read:screening read:full_case read:evidence cases:write screening:write webhooks:read webhooks:write screening:search test_helpers' }],
    });
    expect((await c.error(CREATE, { input: { name: '  ' } })).extensions.details).to.deep.equal([{ path: 'name', message: 'must be a string of 1 to 200 characters' }]);
    expect((await c.data<{ apiClients: Client[] }>(CLIENTS)).apiClients).to.deep.equal([]);
  });

  it('revoking another tenant’s client, a connector or a missing one is NOT_FOUND, and changes nothing', async () => {
    const victim = await h.signedIn('admin');
    const created = (await victim.data<{ createApiClient: Created }>(CREATE, { input: { name: 'Victim CRM' } })).createApiClient;
    const outsider = await h.signedIn('admin');
    expect(await outsider.error(REVOKE, { clientId: created.clientId })).to.deep.include({ code: 'NOT_FOUND', message: 'Client not found.' });
    expect(await outsider.error(REVOKE, { clientId: 'cli_missing' })).to.deep.include({ code: 'NOT_FOUND', message: 'Client not found.' });
    expect((await outsider.data<{ apiClients: Client[] }>(CLIENTS)).apiClients).to.deep.equal([]);
    const app = await connectApp(h, victim.member);
    expect(await victim.error(REVOKE, { clientId: app.clientId })).to.deep.include({ code: 'NOT_FOUND', message: 'Client not found.' });
    expect((await tokenFor(h, created.clientId, created.clientSecret)).status).to.equal(200);
  });

  it('lists every member’s connected apps with who connected it; a member disconnects their own, only an admin another’s', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const admin = await h.signedIn('admin', tenant);
    const mine = await connectApp(h, analyst.member, 'read:cases read:events');
    const theirs = await connectApp(h, admin.member, 'read:cases');

    const apps = (await analyst.data<{ connectedApps: App[] }>(APPS)).connectedApps;
    expect(apps.map((a) => [a.grantId, a.clientId, a.appName, a.connectedBy, a.scopes])).to.have.deep.members([
      [mine.grantId, mine.clientId, 'Assistant Connector', { id: analyst.member.id, email: analyst.member.email, name: 'analyst ' + analyst.member.email.split('.')[1] }, ['read:cases', 'read:events']],
      [theirs.grantId, theirs.clientId, 'Assistant Connector', { id: admin.member.id, email: admin.member.email, name: 'admin ' + admin.member.email.split('.')[1] }, ['read:cases']],
    ]);
    for (const a of apps) {
      expect(a.createdAt).to.be.a('string');
      expect(a.lastUsedAt).to.be.a('string');
    }

    // An analyst may not disconnect the admin's app; the app keeps working.
    expect(await analyst.error(DISCONNECT, { grantId: theirs.grantId })).to.deep.equal({
      code: 'FORBIDDEN', message: "Only an admin may disconnect another member's app.", extensions: { code: 'FORBIDDEN', reason: 'forbidden' },
    });
    expect((await pull(h, '/v1/cases', theirs.accessToken)).status).to.equal(200);
    // Their own: yes. Another tenant's admin: NOT_FOUND, never a change.
    expect(await analyst.data(DISCONNECT, { grantId: mine.grantId })).to.deep.equal({ disconnectConnectedApp: true });
    expect((await pull(h, '/v1/cases', mine.accessToken)).status).to.equal(401);
    const outsider = await h.signedIn('admin');
    expect(await outsider.error(DISCONNECT, { grantId: theirs.grantId })).to.deep.include({ code: 'NOT_FOUND', message: 'Connected app not found.' });
    expect((await outsider.data<{ connectedApps: App[] }>(APPS)).connectedApps).to.deep.equal([]);
    expect((await pull(h, '/v1/cases', theirs.accessToken)).status).to.equal(200);
    // The admin may disconnect anyone's.
    const other = await connectApp(h, analyst.member);
    expect(await admin.data(DISCONNECT, { grantId: other.grantId })).to.deep.equal({ disconnectConnectedApp: true });
    expect((await pull(h, '/v1/cases', other.accessToken)).status).to.equal(401);
    expect((await admin.data<{ connectedApps: App[] }>(APPS)).connectedApps.map((a) => a.grantId)).to.deep.equal([theirs.grantId]);
  });
});
