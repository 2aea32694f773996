import { expect } from 'chai';
import { Member, OAuthClientRow } from './support/rows';
import { testEnv } from './support/env';
import { runNode } from './support/processes';
import { runtime } from './support/runtime';

const svc = (...args: string[]) => runNode('bin/svc.js', args, testEnv());

describe('operator CLI (svc)', () => {
  it('org:create prints exactly {"orgId"}', async () => {
    const out = await svc('org:create', '--name', 'Acme Trading Ltd');
    expect(out.code, out.stderr).to.equal(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).to.have.length(1);
    const body = JSON.parse(lines[0]!);
    expect(Object.keys(body)).to.deep.equal(['orgId']);
    expect(body.orgId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('user:create stores a member with a slow password hash and prints {"userId"}', async () => {
    const { orgId } = JSON.parse((await svc('org:create', '--name', 'Org U')).stdout);
    const email = `mlro.${Date.now()}@example.com`;
    const out = await svc('user:create', '--org', orgId, '--email', email, '--password', 'correct horse battery', '--role', 'mlro');
    expect(out.code, out.stderr).to.equal(0);
    const { userId } = JSON.parse(out.stdout);
    const rt = await runtime();
    const member = await rt.svc.db.manager.findOneByOrFail(Member, { id: userId });
    expect(member).to.deep.include({ orgId, email, role: 'mlro' });
    expect(member.passwordHash).to.match(/^scrypt\$131072\$8\$1\$/);
    expect(member.passwordHash).to.not.contain('correct horse');
  });

  it('client:create defaults to every scope but read:full_case and stores only a hash of the secret', async () => {
    const { orgId } = JSON.parse((await svc('org:create', '--name', 'Org C')).stdout);
    const out = await svc('client:create', '--org', orgId, '--name', 'HubSpot');
    expect(out.code, out.stderr).to.equal(0);
    const body = JSON.parse(out.stdout);
    expect(Object.keys(body)).to.deep.equal(['clientId', 'clientSecret', 'scopes']);
    expect(body.scopes).to.deep.equal(['read:cases', 'read:documents', 'read:events', 'read:decisions', 'read:screening', 'cases:write', 'screening:write']);
    expect(Buffer.from(body.clientSecret, 'base64url')).to.have.length(32);
    const rt = await runtime();
    const row = await rt.svc.db.manager.findOneByOrFail(OAuthClientRow, { id: body.clientId });
    expect(row.secretHash).to.have.length(64).and.not.equal(body.clientSecret);

    const narrow = JSON.parse((await svc('client:create', '--org', orgId, '--name', 'RO', '--scopes', 'read:cases read:events')).stdout);
    expect(narrow.scopes).to.deep.equal(['read:cases', 'read:events']);
    const revoked = await svc('client:revoke', '--client-id', body.clientId);
    expect(JSON.parse(revoked.stdout)).to.deep.equal({ revoked: true });
  });

  it('org:full-parity prints the two flags', async () => {
    const { orgId } = JSON.parse((await svc('org:create', '--name', 'Org FP')).stdout);
    const out = await svc('org:full-parity', '--org', orgId, '--entitled', 'true', '--enabled', 'false');
    expect(JSON.parse(out.stdout)).to.deep.equal({ orgId, fullParityEntitled: true, fullParityEnabled: false });
  });

  it('connector:register prints a secret for a confidential client and null for a public one', async () => {
    const conf = JSON.parse((await svc('connector:register', '--name', 'Claude', '--redirect-uri', 'https://claude.example/cb', '--redirect-uri', 'http://127.0.0.1:8765/cb')).stdout);
    expect(conf.clientId).to.match(/^con_/);
    expect(conf.clientSecret).to.be.a('string');
    const pub = JSON.parse((await svc('connector:register', '--name', 'CLI', '--redirect-uri', 'http://localhost:9000/cb', '--public')).stdout);
    expect(pub.clientSecret).to.equal(null);
  });

  it('prints usage to stderr and exits 1 on misuse, with nothing on stdout', async () => {
    for (const args of [[], ['nope'], ['org:create'], ['org:create', '--name'], ['org:create', '--name', 'x', '--bogus', 'y'], ['user:create', '--org', 'o']]) {
      const out = await svc(...args);
      expect(out.code, args.join(' ')).to.equal(1);
      expect(out.stdout, args.join(' ')).to.equal('');
      expect(out.stderr, args.join(' ')).to.match(/Usage: svc/);
    }
  });

  it('reports invalid input on stderr with exit code 1', async () => {
    const { orgId } = JSON.parse((await svc('org:create', '--name', 'Org V')).stdout);
    const out = await svc('user:create', '--org', orgId, '--email', 'not-an-email', '--password', 'short', '--role', 'boss');
    expect(out.code).to.equal(1);
    expect(out.stdout).to.equal('');
    expect(out.stderr).to.contain('validation_failed').and.contain('email').and.contain('role').and.contain('password');
    const missingOrg = await svc('user:create', '--org', '00000000-0000-4000-8000-000000000000', '--email', 'x@example.com', '--password', 'long enough password', '--role', 'analyst');
    expect(missingOrg.code).to.equal(1);
    expect(missingOrg.stderr).to.match(/^not_found: Organisation not found\./);
  });

  it('demo:seed creates a tenant, an analyst and an API client and prints their credentials', async () => {
    const out = await svc('demo:seed');
    expect(out.code, out.stderr).to.equal(0);
    const body = JSON.parse(out.stdout);
    expect(body).to.have.keys('orgId', 'orgName', 'analyst', 'client');
    expect(body.analyst).to.have.keys('userId', 'email', 'password');
    expect(body.client).to.have.keys('clientId', 'clientSecret', 'scopes');
  });
});
