import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { buildProgram } from '../bin/svc-program';
import { SERVICE_OPERATOR, memberActor, operatorActor } from '../src/access/index';
import { ApiClientSchema, createApiClient, revokeClient } from '../src/oauth/index';
import { authenticateMember } from '../src/sessions/index';
import { MemberSchema, createMember, setFullParity } from '../src/tenants/index';
import { Member, OAuthClientRow } from './support/rows';
import { testEnv } from './support/env';
import { expectListOf } from './support/list-shape';
import { runNode } from './support/processes';
import { newTenant, runtime } from './support/runtime';

const svc = (...args: string[]) => runNode('bin/svc.js', args, testEnv());
const svcWithInput = (input: string, ...args: string[]) => runNode('bin/svc.js', args, testEnv(), 60_000, input);

const COMMANDS = [
  'org:create', 'org:full-parity', 'user:create', 'user:list', 'client:create', 'client:list', 'client:revoke', 'mail:list', 'mail:show', 'connector:register', 'demo:seed',
  'audit:verify', 'audit:sign',
  'webhook:create', 'webhook:list', 'webhook:pause', 'webhook:resume', 'webhook:delete', 'webhook:test', 'webhook:deliveries', 'webhook:redeliver', 'webhook:recover',
  'webhook:listen', 'watchlist:reload',
  'evidence:verify',
];

describe('operator CLI (svc)', function () {
  // Each test runs CLI processes one after another (1 to 2 s each on a quiet machine, several times that in the
  // suite's parallel part): the bound is for a hang.
  this.timeout(120_000);

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
    // The default cost (the suite's environment lowers it: PASSWORD_HASH_COST).
    const out = await runNode('bin/svc.js', ['user:create', '--org', orgId, '--email', email, '--password', 'correct horse battery', '--role', 'mlro'], testEnv({ PASSWORD_HASH_COST: '' }));
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
    expect(Object.keys(body)).to.deep.equal(['clientId', 'clientSecret', 'scopes', 'mode']);
    expect(body.clientId).to.match(/^cli_/);
    expect(body.mode).to.equal('live');
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

  it('client:create --test mints test credentials (client id test_…, mode test); client:list shows the mode', async () => {
    const { orgId } = JSON.parse((await svc('org:create', '--name', 'Org T')).stdout);
    const out = await svc('client:create', '--org', orgId, '--name', 'Sandbox CRM', '--test', '--scopes', 'read:cases cases:write');
    expect(out.code, out.stderr).to.equal(0);
    const body = JSON.parse(out.stdout);
    expect(body.clientId).to.match(/^test_[A-Za-z0-9_-]+$/);
    expect([body.mode, body.scopes]).to.deep.equal(['test', ['read:cases', 'cases:write']]);
    const rt = await runtime();
    expect((await rt.svc.db.manager.findOneByOrFail(OAuthClientRow, { id: body.clientId })).mode).to.equal('test');
    const listed = JSON.parse((await svc('client:list', '--org', orgId)).stdout) as { data: { clientId: string; mode: string }[] };
    expect(listed.data.map((c) => [c.clientId, c.mode])).to.deep.equal([[body.clientId, 'test']]);
  });

  it('org:full-parity sets the entitlement alone; withdrawing it also switches egress off', async () => {
    const { orgId } = JSON.parse((await svc('org:create', '--name', 'Org FP')).stdout);
    const out = await svc('org:full-parity', '--org', orgId, '--entitled', 'true');
    expect([out.code, out.stderr]).to.deep.equal([0, '']);
    expect(JSON.parse(out.stdout)).to.deep.equal({ orgId, fullParityEntitled: true, fullParityEnabled: false });
    // The toggle is the compliance admin's (the console's setFullParityEgress), not the operator's.
    const rt = await runtime();
    await setFullParity(rt.svc, memberActor({ orgId, id: randomUUID(), email: 'ca@example.com', role: 'compliance_admin' }), { enabled: true });
    const withdrawn = await svc('org:full-parity', '--org', orgId, '--entitled', 'false');
    expect(JSON.parse(withdrawn.stdout)).to.deep.equal({ orgId, fullParityEntitled: false, fullParityEnabled: false });
    const old = await svc('org:full-parity', '--org', orgId, '--entitled', 'true', '--enabled', 'true');
    expect([old.code, old.stdout]).to.deep.equal([1, '']);
    expect(old.stderr).to.contain("error: unknown option '--enabled'");
  });

  it('connector:register prints a secret for a confidential client and null for a public one', async () => {
    const conf = JSON.parse((await svc('connector:register', '--name', 'Claude', '--redirect-uri', 'https://claude.example/cb', '--redirect-uri', 'http://127.0.0.1:8765/cb')).stdout);
    expect(conf.clientId).to.match(/^con_/);
    expect(conf.clientSecret).to.be.a('string');
    const pub = JSON.parse((await svc('connector:register', '--name', 'CLI', '--redirect-uri', 'http://localhost:9000/cb', '--public')).stdout);
    expect(pub.clientSecret).to.equal(null);
  });

  it('prints the error and usage to stderr and exits 1 on misuse, with nothing on stdout', async () => {
    const cases: [string[], string][] = [
      [[], 'Usage: svc <command> [options]'],
      [['nope'], "error: unknown command 'nope'"],
      [['org:create'], "error: required option '--name <name>' not specified"],
      [['org:create', '--name'], "error: option '--name <name>' argument missing"],
      [['org:create', '--name', 'x', '--bogus', 'y'], "error: unknown option '--bogus'"],
      [['org:create', '--name', 'x', 'extra'], "error: too many arguments for 'org:create'"],
      [['user:create', '--org', 'o'], 'error: required option'],
      [['org:full-parity', '--org', 'o', '--entitled', 'yes'], "error: option '--entitled <true|false>' argument 'yes' is invalid. Must be true or false."],
      [['webhook:deliveries', '--org', 'o', '--limit', 'ten'], "error: option '--limit <n>' argument 'ten' is invalid. Must be a whole number."],
      [['user:create', '--org', 'o', '--email', 'e@example.com', '--role', 'analyst'], "error: required option '--password <password>' or '--password-stdin' not specified"],
      [['user:create', '--org', 'o', '--email', 'e@example.com', '--role', 'analyst', '--password', 'p', '--password-stdin'], "error: option '--password-stdin' cannot be used with option '--password <password>'"],
    ];
    // Eleven CLI processes at once: none of them reaches the databases.
    const outs = await Promise.all(cases.map(([args]) => svc(...args)));
    for (const [i, [args, message]] of cases.entries()) {
      const out = outs[i]!;
      expect(out.code, args.join(' ')).to.equal(1);
      expect(out.stdout, args.join(' ')).to.equal('');
      expect(out.stderr, args.join(' ')).to.contain(message).and.match(/Usage: svc/);
    }
  });

  it('suggests the command or option meant by a typo', async () => {
    const command = await svc('org:creat', '--name', 'x');
    expect([command.code, command.stdout]).to.deep.equal([1, '']);
    expect(command.stderr).to.match(/^error: unknown command 'org:creat'\n\(Did you mean org:create\?\)\n/);
    const option = await svc('client:list', '--org', 'x', '--orgg', 'y');
    expect([option.code, option.stdout]).to.deep.equal([1, '']);
    expect(option.stderr).to.match(/^error: unknown option '--orgg'\n\(Did you mean --org\?\)\n/);
  });

  it('svc --help and svc <command> --help print help on stdout and exit 0', async () => {
    const help = await svc('--help');
    expect([help.code, help.stderr]).to.deep.equal([0, '']);
    expect(help.stdout).to.match(/^Usage: svc <command> \[options\]\n/);
    expect([...help.stdout.matchAll(/^ {2}([a-z]+:[a-z-]+) \[options\] +\S/gm)].map((m) => m[1])).to.deep.equal(COMMANDS);
    const one = await svc('user:create', '--help');
    expect([one.code, one.stderr]).to.deep.equal([0, '']);
    expect(one.stdout).to.match(/^Usage: svc user:create \[options\]\n\nAdd a member/);
    expect(one.stdout).to.match(/^ {2}--password-stdin +read the password from standard input/m);
  });

  it('describes every command and every option, and offers --pretty on every command that prints JSON', () => {
    const program = buildProgram();
    expect(program.commands.map((c) => c.name())).to.deep.equal(COMMANDS);
    for (const command of program.commands) {
      expect(command.description(), command.name()).to.have.length.above(20);
      for (const option of command.options) expect(option.description, `${command.name()} ${option.flags}`).to.have.length.above(5);
      const flags = command.options.map((o) => o.long);
      if (command.name() === 'webhook:listen') expect(flags).to.not.include('--pretty');
      else expect(flags, command.name()).to.include('--pretty');
    }
  });

  it('--pretty prints the same one JSON object, indented', async () => {
    const out = await svc('org:create', '--name', 'Pretty Org', '--pretty');
    expect(out.code, out.stderr).to.equal(0);
    const body = JSON.parse(out.stdout);
    expect(out.stdout).to.equal(`${JSON.stringify(body, null, 2)}\n`);
    expect(out.stdout.split('\n')).to.have.length(4);
  });

  it('user:create --password-stdin reads the password from standard input (one trailing line break dropped)', async () => {
    const orgId = (await newTenant(await runtime())).id;
    const email = `stdin.${Date.now()}@example.com`;
    const out = await svcWithInput('a password with spaces  \n', 'user:create', '--org', orgId, '--email', email, '--role', 'analyst', '--password-stdin');
    expect(out.code, out.stderr).to.equal(0);
    const { userId } = JSON.parse(out.stdout);
    // The member signs in with exactly what was piped in, less the final line break.
    const rt = await runtime();
    expect((await authenticateMember(rt.svc, { email, password: 'a password with spaces  ' }))?.id).to.equal(userId);
    expect(await authenticateMember(rt.svc, { email, password: 'a password with spaces  \n' })).to.equal(null);
    const empty = await svcWithInput('', 'user:create', '--org', orgId, '--email', `empty.${email}`, '--role', 'analyst', '--password-stdin');
    expect([empty.code, empty.stdout]).to.deep.equal([1, '']);
    expect(empty.stderr).to.match(/^validation_failed: password/);
  });

  it('user:list and client:list print the tenant\'s live members and clients as {"data":[...]}, oldest first, without secrets', async () => {
    const rt = await runtime();
    const [tenant, other] = [await newTenant(rt), await newTenant(rt)];
    const stamp = Date.now();
    const password = 'long enough password';
    const a = await createMember(rt.svc, operatorActor(tenant.id), { email: `first.${stamp}@example.com`, password, role: 'analyst', name: 'First' });
    const b = await createMember(rt.svc, operatorActor(tenant.id), { email: `Second.${stamp}@example.com`, password, role: 'admin' });
    await createMember(rt.svc, operatorActor(other.id), { email: `other.${stamp}@example.com`, password, role: 'admin' });
    const users = await svc('user:list', '--org', tenant.id);
    expect(users.code, users.stderr).to.equal(0);
    const listed = JSON.parse(users.stdout);
    expectListOf(MemberSchema, listed);
    expect(listed.data).to.deep.equal([
      { userId: a.id, email: `first.${stamp}@example.com`, name: 'First', role: 'analyst', createdAt: a.createdAt.toISOString(), lastSignInAt: null, suspendedAt: null },
      { userId: b.id, email: `second.${stamp}@example.com`, name: null, role: 'admin', createdAt: b.createdAt.toISOString(), lastSignInAt: null, suspendedAt: null },
    ]);

    const kept = await createApiClient(rt.svc, operatorActor(tenant.id), { name: 'HubSpot', scopes: 'read:cases' });
    const revoked = await createApiClient(rt.svc, operatorActor(tenant.id), { name: 'Old CRM' });
    await createApiClient(rt.svc, operatorActor(other.id), { name: 'Elsewhere' });
    await revokeClient(rt.svc, SERVICE_OPERATOR, { clientId: revoked.clientId });
    const clients = await svc('client:list', '--org', tenant.id);
    expect(clients.code, clients.stderr).to.equal(0);
    const body = JSON.parse(clients.stdout);
    expectListOf(ApiClientSchema, body);
    expect(body.data).to.have.length(1);
    expect(body.data[0]).to.deep.include({ clientId: kept.clientId, name: 'HubSpot', scopes: ['read:cases'], lastUsedAt: null });
    expect(Object.keys(body.data[0])).to.deep.equal(['clientId', 'name', 'scopes', 'mode', 'createdAt', 'lastUsedAt', 'expiresAt', 'previousSecretExpiresAt', 'createdBy']);
    expect(clients.stdout).to.not.contain(kept.clientSecret!);

    const unknown = await svc('client:list', '--org', '00000000-0000-4000-8000-000000000000');
    expect([unknown.code, unknown.stdout, unknown.stderr]).to.deep.equal([1, '', 'not_found: Organisation not found.\n']);
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
    expect(body.client).to.have.keys('clientId', 'clientSecret', 'scopes', 'mode');
  });
});
