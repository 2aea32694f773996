import { expect } from 'chai';
import { listWebhookDeliveries } from '../src/webhooks/index';
import { testEnv } from './support/env';
import { runNode } from './support/processes';
import { runtime } from './support/runtime';
import { operatorActor } from '../src/access/index';
import { demoDatabaseEnv } from '../bin/demo-databases';

describe('npm run demo', function () {
  this.timeout(90_000);

  it('--once: seeds a tenant, shows the verified case.created at its receiver and the same bytes in /v1/events, exits 0', async () => {
    // The demo forces private targets on itself; a free port, BASE_URL and APP_URL are its own.
    const out = await runNode('bin/demo.js', ['--once'], testEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }), 45_000);
    expect(out.code, out.stdout + out.stderr).to.equal(0);
    const text = out.stdout;

    const orgId = /orgId ([0-9a-f-]{36})/.exec(text)?.[1];
    const caseId = /POST \/v1\/cases -> 201, case (\S+)/.exec(text)?.[1];
    const received = /Received case\.created ([0-9a-f-]{36}): signature verified/.exec(text)?.[1];
    const bytes = /delivery \d+, attempt 1, (\d+) bytes, sha256 ([0-9a-f]{64})/.exec(text);
    const feed = /GET \/v1\/events\?event_type=case\.created -> 200, item ([0-9a-f-]{36}) \(case\.created, /.exec(text)?.[1];
    const same = /its data is byte for byte the delivered body: (\d+) bytes, sha256 ([0-9a-f]{64})/.exec(text);
    expect(orgId, text).to.be.a('string');
    expect(caseId, text).to.be.a('string');
    expect(received, text).to.be.a('string');
    expect(feed).to.equal(received);
    expect(same?.slice(1)).to.deep.equal(bytes?.slice(1));
    expect(text).to.match(/\[receiver\] case\.created \S+ delivery \d+ attempt 1: signature verified, answered 200/);
    expect(text).to.contain(`"caseId": "${caseId}"`);
    expect(text).to.contain('Done (--once).');

    // The service agrees: one delivered case.created for that event, in the demo tenant.
    const rt = await runtime();
    const log = await listWebhookDeliveries(rt.svc, operatorActor(orgId!), { eventType: 'case.created' });
    expect(log.data.map((d) => [d.eventType, d.eventId, d.state, d.attempts])).to.deep.equal([['case.created', received, 'delivered', 1]]);
  });

  it('refuses NODE_ENV=production', async () => {
    const out = await runNode('bin/demo.js', ['--once'], testEnv({ NODE_ENV: 'production' }), 15_000);
    expect(out.code).to.equal(1);
    expect(out.stdout).to.equal('');
    expect(out.stderr).to.contain('does not run with NODE_ENV=production');
  });

  it('uses databases of its own (svc_demo) unless MYSQL_URL or PG_URL is set, so that it never shares a running service\'s job queue', () => {
    expect(demoDatabaseEnv({})).to.deep.equal({ MYSQL_URL: 'mysql://root@127.0.0.1:3306/svc_demo', PG_URL: 'postgres://postgres@127.0.0.1:5432/svc_demo' });
    expect(demoDatabaseEnv({ MYSQL_URL: 'mysql://root@db:3306/x', PG_URL: '' })).to.deep.equal({ MYSQL_URL: 'mysql://root@db:3306/x', PG_URL: 'postgres://postgres@127.0.0.1:5432/svc_demo' });
  });
});
