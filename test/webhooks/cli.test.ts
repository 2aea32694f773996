import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { WebhookEndpoint, WebhookEndpointSchema, createWebhookEndpoint, webhookHeaders, type CreateWebhookEndpointInput } from '../../src/webhooks/index';
import { operatorActor } from '../../src/access/index';
import { UndiciWebhookSender } from '../../worker/webhook-sender';
import { testEnv } from '../support/env';
import { expectListOf } from '../support/list-shape';
import { runNode, startNode, waitFor } from '../support/processes';
import { newTenant, runtime } from '../support/runtime';
import { deliveriesOf, drain, recordTestEvent } from './support';

function post(url: string, ca: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', ca, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('webhooks: CLI (webhook:create, webhook:list, webhook:delete, webhook:listen)', function () {
  this.timeout(60_000);

  it('webhook:create prints exactly {"endpointId","secret"} and stores the endpoint', async () => {
    const rt = await runtime();
    const tenant = await newTenant(rt);
    const out = await runNode('bin/svc.js', ['webhook:create', '--org', tenant.id, '--url', 'https://127.0.0.1:9/hook', '--events', 'case.created,ping', '--label', 'CRM'], testEnv());
    expect(out.code, out.stderr).to.equal(0);
    const body = JSON.parse(out.stdout);
    expect(Object.keys(body)).to.deep.equal(['endpointId', 'secret']);
    expect(body.secret).to.match(/^[0-9a-f]{64}$/);
    const row = await rt.svc.db.manager.findOneByOrFail(WebhookEndpoint, { orgId: tenant.id, id: body.endpointId });
    expect(row).to.deep.include({ url: 'https://127.0.0.1:9/hook', label: 'CRM', eventTypes: ['case.created', 'ping'], status: 'active' });
    const unsafe = await runNode('bin/svc.js', ['webhook:create', '--org', tenant.id, '--url', 'https://10.0.0.1/'], testEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }));
    expect(unsafe.code).to.equal(1);
    expect(unsafe.stdout).to.equal('');
    expect(unsafe.stderr).to.equal('unsafe_webhook_url: Webhook URL must not target a private or loopback address.\n');
  });

  it('webhook:list prints the tenant\'s endpoints as {"data":[...]} without secrets; webhook:delete removes one from it', async () => {
    const rt = await runtime();
    const tenant = await newTenant(rt);
    const other = await newTenant(rt);
    const svc = (...args: string[]) => runNode('bin/svc.js', args, testEnv());
    const endpoint = (orgId: string, url: string, more: Partial<CreateWebhookEndpointInput> = {}) =>
      createWebhookEndpoint(rt.svc, operatorActor(orgId), { url, secret: null, eventTypes: null, ...more }).then((c) => ({ endpointId: c.endpoint.endpointId, secret: c.secret }));
    const first = await endpoint(tenant.id, 'https://127.0.0.1:9/one', { label: 'CRM' });
    const second = await endpoint(tenant.id, 'https://127.0.0.1:9/two', { eventTypes: ['case.created'], status: 'paused' });
    await endpoint(other.id, 'https://127.0.0.1:9/elsewhere');

    const listed = await svc('webhook:list', '--org', tenant.id);
    expect(listed.code, listed.stderr).to.equal(0);
    const body = JSON.parse(listed.stdout);
    expectListOf(WebhookEndpointSchema, body);
    expect(body.data.map((e: Record<string, unknown>) => [e.endpointId, e.url, e.label, e.eventTypes, e.status])).to.deep.equal([
      [first.endpointId, 'https://127.0.0.1:9/one', 'CRM', null, 'active'],
      [second.endpointId, 'https://127.0.0.1:9/two', '', ['case.created'], 'paused'],
    ]);
    expect(Object.keys(body.data[0])).to.deep.equal(['endpointId', 'url', 'label', 'eventTypes', 'status', 'mode', 'createdAt', 'updatedAt']);
    expect(listed.stdout).to.not.contain(first.secret);

    const deleted = await svc('webhook:delete', '--org', tenant.id, '--endpoint', first.endpointId);
    expect([deleted.code, deleted.stdout]).to.deep.equal([0, '{"deleted":true}\n']);
    expect(JSON.parse((await svc('webhook:list', '--org', tenant.id)).stdout).data.map((e: { endpointId: string }) => e.endpointId)).to.deep.equal([second.endpointId]);
    // Another tenant's endpoint, or one already deleted, is not found.
    for (const [org, endpoint] of [[other.id, second.endpointId], [tenant.id, first.endpointId]]) {
      const missing = await svc('webhook:delete', '--org', org!, '--endpoint', endpoint!);
      expect([missing.code, missing.stdout, missing.stderr]).to.deep.equal([1, '', 'not_found: Webhook endpoint not found.\n']);
    }
  });

  it('webhook:listen runs without the databases, prints each verified delivery and answers 401 to the rest', async () => {
    const secret = 'listen-secret-0123456789';
    // Unreachable databases: the command must not need them.
    const env = testEnv({ MYSQL_URL: 'mysql://root@127.0.0.1:1/none', PG_URL: 'postgres://postgres@127.0.0.1:1/none' });
    const proc = startNode('bin/svc.js', ['webhook:listen', '--port', '0', '--secret', secret], env);
    try {
      const banner = await waitFor('the listener', async () => /Listening on (https:\/\/\S+\/) .*\n.*NODE_EXTRA_CA_CERTS=(\S+)/s.exec(proc.output()), 15_000, 50);
      const [, url, caFile] = banner;
      const ca = readFileSync(caFile!, 'utf8');
      // It spells out what the service and webhook:create need to reach it (the secret left as a placeholder).
      expect(proc.output()).to.contain(`WEBHOOK_ALLOW_PRIVATE_TARGETS=true NODE_EXTRA_CA_CERTS=${caFile} npm start\n`);
      expect(proc.output()).to.contain(`npx svc webhook:create --org "$ORG" --url ${url} --secret "$SECRET"\n`);
      expect(proc.output()).to.not.contain(secret);

      // A real delivery from the service, trusted through the listener's CA.
      const rt = await runtime();
      const tenant = await newTenant(rt);
      const sender = new UndiciWebhookSender({ allowPrivateTargets: true, ca });
      const svc = { ...rt.svc, webhookSender: sender };
      try {
        const created = await runNode('bin/svc.js', ['webhook:create', '--org', tenant.id, '--url', `${url}hooks`, '--secret', secret], testEnv());
        expect(created.code, created.stderr).to.equal(0);
        const event = await recordTestEvent(svc, tenant.id, 'to the listener');
        await drain(rt, { orgId: tenant.id, svc });
        expect((await deliveriesOf(svc, tenant.id)).map((d) => d.state)).to.deep.equal(['delivered']);
        const line = await waitFor('the printed delivery', async () => proc.child.stdout && /^\{.*\}$/m.exec(proc.output())?.[0], 5000, 50);
        expect(JSON.parse(line)).to.deep.include({ event: 'ping', eventId: event.eventId, attempt: '1', duplicate: false, verified: true });
        expect(JSON.parse(line).payload).to.deep.equal(JSON.parse(event.data));
      } finally {
        await sender.close();
      }

      const body = '{"event":"ping"}';
      const headers = webhookHeaders({ secret: 'wrong-secret-0123456789', body, event: 'ping', eventId: 'e', eventVersion: 1, timestamp: new Date().toISOString(), deliveryId: 1, attempt: 1 });
      expect((await post(url!, ca, headers, body)).status).to.equal(401);
      expect((await post(url!, ca, { 'content-type': 'application/json' }, body)).status).to.equal(401);
      const stale = webhookHeaders({ secret, body, event: 'ping', eventId: 'e', eventVersion: 1, timestamp: new Date(Date.now() - 10 * 60_000).toISOString(), deliveryId: 1, attempt: 1 });
      expect((await post(url!, ca, stale, body)).status).to.equal(401);
      await waitFor('the rejection lines', async () => (proc.output().match(/rejected POST/g) ?? []).length === 3, 5000, 50);
    } finally {
      proc.child.kill('SIGTERM');
    }
    const done = await proc.exited;
    expect(done.code, done.stderr).to.equal(0);
    expect(done.stdout.trim().split('\n')).to.have.length(1);
  });
});
