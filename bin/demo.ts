#!/usr/bin/env node
// `npm run demo`: the whole webhook story on one machine, in one process. It starts the service (API
// and worker, through the composition root), seeds a demo tenant with an analyst and an API client,
// starts a local HTTPS receiver (webhook:listen's, with its throwaway CA) and registers it, takes a
// token with client credentials and creates a case through POST /v1/cases over HTTP, waits for the
// verified case.created delivery, shows the same event in GET /v1/events (its `data` byte for byte the
// delivered body), prints the commands to go on with, and keeps serving until Ctrl-C.
// `--once` stops after the /v1/events check (tests). Local only: refused when NODE_ENV=production.
import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { parseArgs } from 'node:util';
import { DatabaseUnavailableError } from '../src/db/index';
import { demoDatabaseEnv } from './demo-databases';
import { ConfigError, createLogger, isDomainError, loadConfig, redactUrl, type Env } from '../src/platform/index';
import { createWebhookEndpoint, listWebhookDeliveries } from '../src/webhooks/index';
import { startWorker, type WorkerHandle } from '../worker/runner';
import { compose, prepareDatabases, type Runtime } from './compose';
import { buildHttpApp, type HttpApp } from './http-app';
import { LocalServiceError, ensureLocalServers, localServersFor } from './local-services';
import { seedDemoTenant } from './demo-seed';
import { listenForWebhooks, type ReceivedWebhook } from './webhook-listen';
import { operatorActor } from '../src/access/index';

/** How long the demo waits for the verified case.created delivery. */
const DELIVERY_WAIT_MS = 40_000;
const DRAIN_TIMEOUT_MS = 30_000;

const out = (line = '') => process.stdout.write(`${line}\n`);
const indent = (text: string, by = '    ') => text.split('\n').map((l) => by + l).join('\n');

class DemoError extends Error {}

const formatWait = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** Verified deliveries as the receiver saw them, and waiters for one that matches. */
class Arrivals {
  private readonly seen: ReceivedWebhook[] = [];
  private readonly waiters: { match: (d: ReceivedWebhook) => boolean; resolve: (d: ReceivedWebhook) => void }[] = [];

  push(d: ReceivedWebhook): void {
    this.seen.push(d);
    for (const w of this.waiters.filter((x) => x.match(d))) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(d);
    }
  }

  waitFor(match: (d: ReceivedWebhook) => boolean, timeoutMs: number): Promise<ReceivedWebhook | null> {
    const found = this.seen.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const waiter = { match, resolve: (d: ReceivedWebhook | null) => { clearTimeout(timer); resolve(d); } };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

interface Started {
  server: Server;
  http: HttpApp;
  worker: WorkerHandle;
  runtime: Runtime;
  receiver: Server;
}

async function stop(s: Started): Promise<void> {
  const closed = new Promise<void>((resolve) => s.server.close(() => resolve()));
  s.server.closeIdleConnections();
  await closed;
  await s.http.stop();
  await s.worker.stop(); // waits for running jobs, deliveries to the receiver included
  await s.runtime.close();
  const receiverClosed = new Promise<void>((resolve) => s.receiver.close(() => resolve()));
  s.receiver.closeAllConnections();
  await receiverClosed;
}

async function main(argv: string[]): Promise<number | 'serving'> {
  const { values } = parseArgs({ args: argv, options: { once: { type: 'boolean' } }, strict: true, allowPositionals: false });
  const once = values.once === true;

  // 1. The configuration: the environment's, with private webhook targets allowed for this local demo.
  if ((process.env.NODE_ENV || 'development') === 'production') {
    throw new DemoError('npm run demo is a local demo (it lets webhooks target 127.0.0.1): it does not run with NODE_ENV=production.');
  }
  const databases = demoDatabaseEnv(process.env);
  const env: Env = { ...process.env, ...databases, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  const requested = loadConfig(env); // validates every key (PORT included) before anything starts
  // The port is taken first (PORT, or a free one), so that BASE_URL and APP_URL name the port served:
  // the token issuer, schema $ids, analystUrl and the portal link all point at this process.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(process.env.PORT ? requested.port : 0, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const local = `http://localhost:${port}`;
  const keepUrls = Boolean(process.env.PORT); // with a fixed PORT, a BASE_URL/APP_URL of the environment is kept
  const config = loadConfig({
    ...env, PORT: String(port), BASE_URL: (keepUrls && env.BASE_URL) || local, APP_URL: (keepUrls && env.APP_URL) || local,
  });
  const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', process.stderr as never);
  const api = `http://127.0.0.1:${port}`;

  // 3 (first, because the sender must trust its CA). The receiver: webhook:listen's, in this process.
  const secret = randomBytes(32).toString('hex');
  const arrivals = new Arrivals();
  let receiverStatus = 200;
  const receiver = await listenForWebhooks({
    port: 0, secret, status: () => receiverStatus,
    out: new Writable({ write: (_chunk, _enc, done) => done() }), // printed below instead, one line each
    err: process.stderr,
    onDelivery: (d) => {
      out(`  [receiver] ${d.event} ${d.eventId} delivery ${d.deliveryId} attempt ${d.attempt}: signature verified, answered ${d.status}${d.duplicate ? ' (duplicate)' : ''}`);
      arrivals.push(d);
    },
  });
  const caFile = receiver.caFile!;
  const tlsDir = dirname(caFile);
  const receiverUrl = `${receiver.url}hooks`;

  out('Compliance onboarding service: local demo');
  out(`  API and worker in this process at ${config.baseUrl}`);
  out(`  MySQL ${redactUrl(config.mysqlUrl)}, PostgreSQL ${redactUrl(config.pgUrl)}`);
  await ensureLocalServers(localServersFor(config), { nodeEnv: config.nodeEnv, say: (line) => out(`  ${line}`) });
  await prepareDatabases(config, log);
  // The sender trusts the receiver's throwaway CA besides the usual roots (webhookCa replaces them).
  const runtime = await compose(config, { log, webhookCa: [...rootCertificates, readFileSync(caFile, 'utf8')].join('\n') });
  const svc = runtime.svc;
  const worker = await startWorker(svc, runtime.queue);
  const http = await buildHttpApp(svc);
  server.on('request', http.app);
  const started: Started = { server, http, worker, runtime, receiver: receiver.server };

  // 2. The demo tenant, its analyst and its API client (demo:seed's use cases).
  const seed = await seedDemoTenant(svc);
  out();
  out(`1. Demo tenant "${seed.orgName}"  orgId ${seed.orgId}`);
  out(`   Analyst     ${seed.analyst.email}  password ${seed.analyst.password}`);
  out(`   API client  ${seed.client.clientId}  secret ${seed.client.clientSecret}`);
  out(`               scopes ${seed.client.scopes}`);

  // 3. The receiver registered as the tenant's webhook endpoint, with a secret.
  const { endpoint } = await createWebhookEndpoint(svc, operatorActor(seed.orgId), { url: receiverUrl, secret, label: 'Demo receiver' });
  out();
  out(`2. Webhook receiver ${receiverUrl} (TLS from a throwaway CA: ${caFile})`);
  out(`   Endpoint ${endpoint.endpointId}, every event type, signing secret ${secret}`);

  // 4. A token with client credentials, then a case, both over HTTP.
  const tokenRes = await fetch(`${api}/v1/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: seed.client.clientId, client_secret: seed.client.clientSecret }),
  });
  if (tokenRes.status !== 200) throw new DemoError(`POST /v1/oauth/token answered ${tokenRes.status}: ${await tokenRes.text()}`);
  const token = (await tokenRes.json()) as { access_token: string; expires_in: number; scope: string };
  out();
  out(`3. POST /v1/oauth/token (client_credentials) -> 200, a bearer token for ${token.expires_in} s`);

  const suffix = randomBytes(3).toString('hex');
  const caseBody = {
    customerEmail: `customer+${suffix}@demo.example`, customerName: 'Ada Lovelace', companyName: 'Analytical Engines Ltd',
    country: 'GB', crmRecordId: `CRM-${suffix}`, crmSource: 'demo',
  };
  const caseRes = await fetch(`${api}/v1/cases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}`, 'idempotency-key': `demo-${suffix}` },
    body: JSON.stringify(caseBody),
  });
  if (caseRes.status !== 201) throw new DemoError(`POST /v1/cases answered ${caseRes.status}: ${await caseRes.text()}`);
  const created = (await caseRes.json()) as { caseId: string; analystUrl: string; customerPortalUrl: string };
  out(`4. POST /v1/cases -> 201, case ${created.caseId}`);
  out(`   analystUrl ${created.analystUrl}`);
  out(`   customerPortalUrl ${created.customerPortalUrl} (the invite; the email is in the local mail outbox)`);

  // 5. The verified case.created at the receiver, then the same event in /v1/events.
  out();
  out(`5. Waiting (at most ${DELIVERY_WAIT_MS / 1000} s) for case.created at the receiver ...`);
  const delivered = await arrivals.waitFor(
    (d) => d.event === 'case.created' && d.status >= 200 && d.status < 300 && (d.payload as { caseId?: string }).caseId === created.caseId,
    DELIVERY_WAIT_MS,
  );
  if (!delivered) {
    const log = await listWebhookDeliveries(svc, operatorActor(seed.orgId), { endpointId: endpoint.endpointId });
    throw new DemoError(`case.created did not arrive within ${DELIVERY_WAIT_MS / 1000} s. The delivery log:\n${JSON.stringify(log.data, null, 2)}`);
  }
  const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
  out(`   Received case.created ${delivered.eventId}: signature verified (X-SVC-Signature, HMAC-SHA256 with the endpoint secret),`);
  out(`   delivery ${delivered.deliveryId}, attempt ${delivered.attempt}, ${delivered.raw.length} bytes, sha256 ${sha(delivered.raw)}:`);
  out(indent(JSON.stringify(delivered.payload, null, 2)));

  const feedRes = await fetch(`${api}/v1/events?event_type=case.created&limit=200`, { headers: { authorization: `Bearer ${token.access_token}` } });
  const feedText = await feedRes.text();
  if (feedRes.status !== 200) throw new DemoError(`GET /v1/events answered ${feedRes.status}: ${feedText}`);
  const feed = JSON.parse(feedText) as { data: { eventId: string; eventType: string; occurredAt: string; data: unknown }[] };
  const item = feed.data.find((i) => i.eventId === delivered.eventId);
  if (!item) throw new DemoError(`GET /v1/events does not list event ${delivered.eventId}:\n${feedText}`);
  // The item's `data` bytes, exactly as the response carries them (the feed writes the stored payload).
  const at = feedText.indexOf('"data":', feedText.indexOf(`"eventId":${JSON.stringify(item.eventId)}`)) + '"data":'.length;
  const dataBytes = Buffer.from(feedText.slice(at, at + delivered.raw.toString('utf8').length), 'utf8');
  if (!dataBytes.equals(delivered.raw)) {
    throw new DemoError(`GET /v1/events: the data of ${item.eventId} differs from the delivered body.\n${feedText}`);
  }
  out();
  out(`6. GET /v1/events?event_type=case.created -> 200, item ${item.eventId} (${item.eventType}, ${item.occurredAt}):`);
  out(`   its data is byte for byte the delivered body: ${dataBytes.length} bytes, sha256 ${sha(dataBytes)}`);

  if (once) {
    await stop(started);
    out();
    out('Done (--once).');
    return 0;
  }

  // 6. How to go on.
  const cli = 'npx svc';
  const org = `--org ${seed.orgId}`;
  const ep = `--endpoint ${endpoint.endpointId}`;
  out();
  out('Go on (in another terminal, in this directory; the token lasts an hour, the receiver answers 200):');
  out();
  out('  The API');
  out(`    export TOKEN=${token.access_token}`);
  out(`    curl -s ${config.baseUrl}/v1/cases -H "Authorization: Bearer $TOKEN"`);
  out(`    curl -s ${config.baseUrl}/v1/cases/${created.caseId} -H "Authorization: Bearer $TOKEN"`);
  out(`    curl -s "${config.baseUrl}/v1/events?event_type=case.created" -H "Authorization: Bearer $TOKEN"`);
  out(`    curl -s ${config.baseUrl}/v1/cases -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' \\`);
  out(`      -d '{"customerEmail":"someone@demo.example","companyName":"Another Ltd"}'   # a new case (one open case per email)`);
  out(`    curl -s ${config.baseUrl}/v1/openapi.json                                     # every /v1 route`);
  out(`    curl -s ${config.baseUrl}/schemas/webhooks/index.json                         # the event catalogue`);
  out(`    curl -s -u ${seed.client.clientId}:${seed.client.clientSecret} ${config.baseUrl}/v1/oauth/token -d grant_type=client_credentials   # a new token`);
  out();
  // The CLI reads the same configuration; these let it reach the receiver (webhook:test sends itself).
  const shared = Object.entries(databases).map(([k, v]) => `${k}=${v}`);
  out('  The endpoint and its delivery log (npx svc, with this configuration)');
  out(`    export WEBHOOK_ALLOW_PRIVATE_TARGETS=true NODE_EXTRA_CA_CERTS=${caFile}${shared.map((e) => ` ${e}`).join('')}`);
  out(`    ${cli} webhook:list ${org}                # the tenant's endpoints`);
  out(`    ${cli} webhook:test ${org} ${ep}          # a signed ping, answered by the receiver`);
  out(`    ${cli} webhook:deliveries ${org} ${ep} --pretty   # newest first, with attempts and responses`);
  out(`    ${cli} webhook:pause ${org} ${ep}         # events meanwhile become skipped_paused`);
  out(`    ${cli} webhook:resume ${org} ${ep}`);
  out(`    ${cli} webhook:redeliver ${org} --delivery ${delivered.deliveryId}   # the case.created again: same bytes, next attempt`);
  out();
  out(`  Break the receiver and watch the retries (waits ${config.webhookRetryScheduleMs.map(formatWait).join(', ')}, then failed)`);
  out('    Type 500 and Enter here: the receiver answers 500. Create a case (curl above) and watch the [receiver]');
  out('    lines and webhook:deliveries (attempts, statuses, nextAttemptAt). Type 200 and Enter to mend it: the');
  out('    next retry is delivered. Redeliver takes a failed (or delivered, or skipped) delivery, not a pending');
  out('    one: wait for the schedule to run out (WEBHOOK_RETRY_SCHEDULE=1s,2s,4s npm run demo makes it seconds),');
  out('    or pause the endpoint (the next retry then fails: "Retry cancelled: the endpoint is paused."), resume');
  out('    it, and webhook:redeliver --delivery <deliveryId>.');
  out('    Or a receiver of your own that fails, with this demo\'s certificate (the sender trusts its CA):');
  out(`      ${cli} webhook:listen --port 9443 --secret ${secret} --status 500 --cert ${join(tlsDir, 'server.pem')} --key ${join(tlsDir, 'server.key')}`);
  out(`      ${cli} webhook:create ${org} --url https://127.0.0.1:9443/hooks --secret ${secret}`);
  out('      then restart it without --status 500 and redeliver.');
  out();
  out('Serving until Ctrl-C. Type a status code and Enter (500, 200) to change what the receiver answers.');

  // Keep serving: the receiver's answer from stdin; SIGINT/SIGTERM drain and exit 0.
  const input = createInterface({ input: process.stdin, terminal: false });
  input.on('line', (line) => {
    const text = line.trim();
    if (!text) return;
    if (/^[1-5]\d\d$/.test(text)) {
      receiverStatus = Number(text);
      out(`  [receiver] now answers ${receiverStatus}`);
    } else out('  Type a status code (e.g. 500 or 200) and Enter; Ctrl-C stops.');
  });
  let draining = false;
  const drain = (signal: string) => {
    if (draining) return;
    draining = true;
    out(`\n${signal}: draining ...`);
    input.close();
    const force = setTimeout(() => {
      process.stderr.write('drain timed out; exiting\n');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    stop(started).then(
      () => {
        out('Stopped.');
        process.exit(0);
      },
      (err: unknown) => {
        process.stderr.write(`drain failed: ${(err as Error)?.message ?? String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => drain('SIGINT'));
  process.on('SIGTERM', () => drain('SIGTERM'));
  return 'serving';
}

main(process.argv.slice(2)).then(
  (result) => {
    if (result !== 'serving') process.exit(result);
  },
  (err: unknown) => {
    if (err instanceof DemoError || err instanceof ConfigError || err instanceof DatabaseUnavailableError || err instanceof LocalServiceError) {
      process.stderr.write(`${err.message}\n`);
    } else if (isDomainError(err)) {
      process.stderr.write(`${err.code}: ${err.message}\n`);
    } else {
      process.stderr.write(`demo failed: ${(err as Error)?.message ?? String(err)}\n`);
    }
    process.exit(1);
  },
);
