import { expect } from 'chai';
import { buildConnector } from 'undici';
import { type HostResolver, type Services } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import {
  UNSAFE_WEBHOOK_URL_MESSAGE, isBlockedAddress, parseWebhookUrl,
} from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import { UndiciWebhookSender } from '../../worker/webhook-sender';
import { testTls } from '../support/test-tls';
import { newTenant, runtime } from '../support/runtime';
import { receiversPerTest, attemptsOf, deliveriesOf, drain, newEndpoint, recordTestEvent, withConfig } from './support';
import { rejection } from '../support/rejection';

/** A resolver that answers from a table (and counts its lookups); unknown names fail like DNS does. */
function fakeResolver(table: Record<string, string[]>): HostResolver & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    async resolve(hostname) {
      lookups.push(hostname);
      const answer = table[hostname];
      if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return answer;
    },
  };
}

/** undici's real TLS connector behind a spy: every socket the sender opens is recorded first. */
function spyConnector(): { connector: buildConnector.connector; calls: { hostname: string; servername?: string }[] } {
  const real = buildConnector({ ca: testTls().ca });
  const calls: { hostname: string; servername?: string }[] = [];
  return {
    calls,
    connector: (opts, cb) => {
      calls.push({ hostname: opts.hostname, servername: opts.servername });
      real(opts, cb);
    },
  };
}

// IP literals in every notation the WHATWG parser accepts, each meaning a refused address.
const LITERALS: [string, string][] = [
  ['https://127.0.0.1/', 'loopback'],
  ['https://2130706433/', 'decimal 127.0.0.1'],
  ['https://0x7f000001/', 'hex 127.0.0.1'],
  ['https://0x7f.0.0.1/', 'hex octet'],
  ['https://0177.0.0.1/', 'octal 127.0.0.1'],
  ['https://127.1/', 'short 127.0.0.1'],
  ['https://10.0.0.1/', 'RFC 1918 10/8'],
  ['https://172.16.5.4/', 'RFC 1918 172.16/12'],
  ['https://192.168.0.10/', 'RFC 1918 192.168/16'],
  ['https://100.64.0.1/', 'CGN 100.64/10'],
  ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
  ['https://169.254.1.1/', 'link-local'],
  ['https://0.0.0.0/', 'unspecified'],
  ['https://0/', 'unspecified, short'],
  ['https://224.0.0.1/', 'multicast'],
  ['https://255.255.255.255/', 'broadcast'],
  ['https://240.0.0.1/', 'reserved'],
  ['https://[::1]/', 'IPv6 loopback'],
  ['https://[::]/', 'IPv6 unspecified'],
  ['https://[fe80::1]/', 'IPv6 link-local'],
  ['https://[fc00::1]/', 'IPv6 unique-local'],
  ['https://[fd00:ec2::254]/', 'cloud metadata, IPv6'],
  ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
  ['https://[::ffff:a9fe:a9fe]/', 'IPv4-mapped metadata'],
  ['https://[::ffff:10.0.0.1]/', 'IPv4-mapped private'],
  ['https://[64:ff9b::a9fe:a9fe]/', 'NAT64 of metadata'],
  ['https://[64:ff9b::127.0.0.1]/', 'NAT64 of loopback'],
  ['https://[64:ff9b:1::a00:1]/', 'local-use NAT64'],
  ['https://[::127.0.0.1]/', 'IPv4-compatible loopback'],
  ['https://[2002:7f00:1::1]/', '6to4 of loopback'],
  ['https://[ff02::1]/', 'IPv6 multicast'],
];

describe('webhooks: the URL guard (SSRF)', () => {
  let rt: Runtime;
  let tenant: Tenant;
  let strict: Services;
  const receiver = receiversPerTest();

  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
    strict = withConfig(rt, { webhookAllowPrivateTargets: false, webhookRetryScheduleMs: [] });
  });

  it('classifies addresses: only global unicast passes, embedded IPv4 is judged by its IPv4 part', () => {
    for (const ok of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34', '64:ff9b::5db8:d822']) {
      expect(isBlockedAddress(ok), ok).to.equal(false);
    }
    for (const bad of ['127.0.0.1', '10.1.2.3', '100.127.255.255', '169.254.169.254', '::1', 'fd00:ec2::254', '::ffff:7f00:1', '2001:db8::1', 'not an ip', '']) {
      expect(isBlockedAddress(bad), bad).to.equal(true);
    }
    // WEBHOOK_ALLOW_PRIVATE_TARGETS opens private and loopback ranges, never cloud metadata.
    expect(isBlockedAddress('127.0.0.1', true)).to.equal(false);
    expect(isBlockedAddress('10.1.2.3', true)).to.equal(false);
    expect(isBlockedAddress('169.254.169.254', true)).to.equal(true);
    expect(isBlockedAddress('fd00:ec2::254', true)).to.equal(true);
    expect(isBlockedAddress('::ffff:169.254.169.254', true)).to.equal(true);
  });

  it('refuses the ECS task, Alibaba Cloud and Azure platform metadata addresses even when private targets are allowed', async () => {
    // 168.63.129.16 is a public address: without this rule even the strict guard let it through.
    const metadata = ['169.254.170.2', '100.100.100.200', '168.63.129.16'];
    const embedded = ['::ffff:169.254.170.2', '::ffff:100.100.100.200', '::ffff:168.63.129.16', '64:ff9b::a9fe:aa02', '64:ff9b::6464:64c8', '64:ff9b::a83f:8110'];
    for (const address of [...metadata, ...embedded]) {
      expect(isBlockedAddress(address), `${address}, strict`).to.equal(true);
      expect(isBlockedAddress(address, true), `${address}, private targets allowed`).to.equal(true);
    }
    // Their neighbours are judged by their ranges as before.
    expect(isBlockedAddress('169.254.170.3', true)).to.equal(false);
    expect(isBlockedAddress('100.100.100.201', true)).to.equal(false);
    expect(isBlockedAddress('168.63.129.17')).to.equal(false);

    const resolver = fakeResolver({ 'ecs.example': ['169.254.170.2'], 'alibaba.example': ['100.100.100.200'], 'azure.example': ['168.63.129.16'] });
    const open: Services = { ...withConfig(rt, { webhookAllowPrivateTargets: true, webhookRetryScheduleMs: [] }), resolver };
    const urls = [
      ...['ecs.example', 'alibaba.example', 'azure.example'].map((host) => `https://${host}/hook`),
      'https://169.254.170.2/v2/credentials', 'https://100.100.100.200/latest/meta-data/', 'https://168.63.129.16/machine',
      'https://[::ffff:a83f:8110]/', 'https://2822734096/',
    ];
    for (const url of urls) {
      const err = await rejection(newEndpoint(open, { orgId: tenant.id, url }));
      expect(err.code, url).to.equal('unsafe_webhook_url');
      expect(err.message, url).to.equal(UNSAFE_WEBHOOK_URL_MESSAGE);
    }

    const spy = spyConnector();
    const sender = new UndiciWebhookSender({ allowPrivateTargets: true, connector: spy.connector });
    try {
      for (const address of metadata) {
        const res = await sender.send({ url: new URL('https://public.example/hook'), address, headers: {}, body: '{}', timeoutMs: 1000 });
        expect(res, address).to.deep.equal({ status: 0, body: null, error: UNSAFE_WEBHOOK_URL_MESSAGE });
      }
    } finally {
      await sender.close();
    }
    expect(spy.calls).to.deep.equal([]);
  });

  it('refuses every notation of a refused IP literal at save, with the contract message', async () => {
    for (const [url, what] of LITERALS) {
      const err = await rejection(newEndpoint(strict, { orgId: tenant.id, url }));
      expect(err.code, `${what}: ${url}`).to.equal('unsafe_webhook_url');
      expect(err.message).to.equal('Webhook URL must not target a private or loopback address.');
    }
  });

  it('refuses names that resolve to any refused address, checking every address the resolver gives', async () => {
    const resolver = fakeResolver({
      'internal.example': ['10.0.0.5'],
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
      'v6.example': ['2606:4700::1', 'fd12::1'],
      'localhost': ['127.0.0.1', '::1'],
      'public.example': ['93.184.216.34', '2606:4700::1'],
    });
    const svc = { ...strict, resolver };
    for (const host of ['internal.example', 'mixed.example', 'v6.example', 'localhost']) {
      const err = await rejection(newEndpoint(svc, { orgId: tenant.id, url: `https://${host}/hook` }));
      expect(err.code, host).to.equal('unsafe_webhook_url');
      expect(err.message).to.equal(UNSAFE_WEBHOOK_URL_MESSAGE);
    }
    const created = await newEndpoint(svc, { orgId: tenant.id, url: 'https://public.example/hook' });
    expect(created.endpoint.url).to.equal('https://public.example/hook');
    const missing = await rejection(newEndpoint(svc, { orgId: tenant.id, url: 'https://nowhere.example/' }));
    expect(missing.code).to.equal('validation_failed');
    expect(missing.message).to.equal('url: DNS lookup failed for nowhere.example: no such host (ENOTFOUND).');
  });

  it('accepts https only, without credentials', async () => {
    for (const [url, message] of [
      ['http://93.184.216.34/hook', 'url: must use https'],
      ['ftp://93.184.216.34/', 'url: must use https'],
      ['https://user:pw@93.184.216.34/', 'url: must not contain a user name or password'],
      ['not a url', 'url: must be an https URL'],
    ] as const) {
      const err = await rejection(newEndpoint(strict, { orgId: tenant.id, url }));
      expect(err.code, url).to.equal('validation_failed');
      expect(err.message, url).to.equal(message);
    }
    expect(parseWebhookUrl('https://0x7f.1:8443/a?b#frag').toString()).to.equal('https://127.0.0.1:8443/a?b');
  });

  it('checks again at send time: a name rebound to a private address fails the attempt and opens no socket', async () => {
    const table: Record<string, string[]> = { 'crm.example': ['93.184.216.34'] };
    const resolver = fakeResolver(table);
    const spy = spyConnector();
    const sender = new UndiciWebhookSender({ allowPrivateTargets: false, connector: spy.connector });
    const svc: Services = { ...strict, resolver, webhookSender: sender };
    try {
      await newEndpoint(svc, { orgId: tenant.id, url: 'https://crm.example/hook' });
      table['crm.example'] = ['169.254.169.254'];
      await recordTestEvent(svc, tenant.id, 'rebinding');
      await drain(rt, { orgId: tenant.id, svc });
    } finally {
      await sender.close();
    }
    const [d] = await deliveriesOf(svc, tenant.id);
    const [a] = await attemptsOf(svc, tenant.id, d!.id);
    expect(d!.state).to.equal('failed');
    expect(a).to.deep.include({ httpStatus: 0, errorMessage: UNSAFE_WEBHOOK_URL_MESSAGE, responseBody: null });
    expect(resolver.lookups).to.deep.equal(['crm.example', 'crm.example']);
    expect(spy.calls).to.deep.equal([]);
  });

  it('the sender itself refuses a refused address, whatever it is handed, before any connect', async () => {
    const spy = spyConnector();
    const sender = new UndiciWebhookSender({ allowPrivateTargets: false, connector: spy.connector });
    try {
      for (const address of ['10.0.0.1', '169.254.169.254', '::ffff:127.0.0.1', '64:ff9b::a00:1', 'fd00:ec2::254']) {
        const res = await sender.send({ url: new URL('https://public.example/hook'), address, headers: {}, body: '{}', timeoutMs: 1000 });
        expect(res, address).to.deep.equal({ status: 0, body: null, error: UNSAFE_WEBHOOK_URL_MESSAGE });
      }
    } finally {
      await sender.close();
    }
    expect(spy.calls).to.deep.equal([]);
  });

  it('connects to the checked address only, naming the host for TLS: no second lookup', async () => {
    const r = await receiver();
    const resolver = fakeResolver({ 'receiver.test': ['127.0.0.1'] });
    const spy = spyConnector();
    const sender = new UndiciWebhookSender({ allowPrivateTargets: true, connector: spy.connector });
    const svc: Services = { ...withConfig(rt, { webhookRetryScheduleMs: [] }), resolver, webhookSender: sender };
    try {
      await newEndpoint(svc, { orgId: tenant.id, url: `https://receiver.test:${r.port}/hook` });
      await recordTestEvent(svc, tenant.id, 'pinned');
      await drain(rt, { orgId: tenant.id, svc });
    } finally {
      await sender.close();
    }
    const [d] = await deliveriesOf(svc, tenant.id);
    expect(d!.state).to.equal('delivered');
    expect(r.requests[0]!.headers.host).to.equal(`receiver.test:${r.port}`);
    expect(spy.calls).to.deep.equal([{ hostname: '127.0.0.1', servername: 'receiver.test' }]);
    // One lookup at save, one at send; undici never looked the name up itself.
    expect(resolver.lookups).to.deep.equal(['receiver.test', 'receiver.test']);
  });

  it('reports a name that stops resolving as a failed attempt with the reason in words', async () => {
    const table: Record<string, string[]> = { 'gone.example': ['93.184.216.34'] };
    const resolver = fakeResolver(table);
    const svc: Services = { ...strict, resolver };
    await newEndpoint(svc, { orgId: tenant.id, url: 'https://gone.example/hook' });
    delete table['gone.example'];
    await recordTestEvent(svc, tenant.id, 'dns gone');
    await drain(rt, { orgId: tenant.id, svc });
    const [d] = await deliveriesOf(svc, tenant.id);
    const [a] = await attemptsOf(svc, tenant.id, d!.id);
    expect(a).to.deep.include({ httpStatus: 0, errorMessage: 'DNS lookup failed for gone.example: no such host (ENOTFOUND).' });
  });
});
