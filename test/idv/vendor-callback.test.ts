import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { relayEvents } from '../../src/events/index';
import { signVendorCallback } from '../../src/idv/index';
import { PIPELINE_STEP_TASK } from '../../src/pipeline/index';
import { HostedFlowVendor } from '../../worker/vendors/hosted-idv';
import { ConsoleHarness } from '../graphql/harness';
import { runtime } from '../support/runtime';
import { drain } from '../webhooks/support';
import { caseEvents, linkTokenFor, personKeyOf, submittedCase } from './support';

const SECRET = 'whsec_test_0123456789abcdef';
const VENDOR = { name: 'acme', url: '', apiKey: 'acme-api-key-123', webhookSecret: SECRET, timeoutMs: 5000 };

/** A local server playing the hosted-flow vendor's API: POST /sessions answers a session id and the vendor page's URL. */
async function vendorServer(): Promise<{ url: string; requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[]; close(): Promise<void> }> {
  const requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/sessions') {
        res.writeHead(404).end();
        return;
      }
      requests.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `sess_${requests.length}_${Date.now()}`, url: `https://verify.acme.example/flow/${requests.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('identity verification: a hosted-flow vendor and its signed callback', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let vendor: Awaited<ReturnType<typeof vendorServer>>;
  before(async () => {
    vendor = await vendorServer();
    const config = { ...VENDOR, url: vendor.url };
    h = await ConsoleHarness.start({ config: { idvProvider: 'hosted', idvVendor: config } });
    h.svc.idv = new HostedFlowVendor(config, h.url);
  });
  after(async () => {
    await h.close();
    await vendor.close();
  });

  const post = async (path: string, body: string, headers: Record<string, string>) => {
    const res = await fetch(`${h.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const signed = (body: string, at = Math.floor(Date.now() / 1000)) => ({ 'idv-timestamp': String(at), 'idv-signature': signVendorCallback(SECRET, String(at), body) });

  it('opens the vendor session from the page, then takes a good callback once: replays, bad and stale signatures and unknown sessions record nothing', async () => {
    const rt = await runtime();
    const ref = await submittedCase(h);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    const ada = await personKeyOf(h, ref, 'Ada Lovelace');
    const token = await linkTokenFor(h, ref, ada);

    const page = await fetch(`${h.url}/trpc/verification.get?input=${encodeURIComponent(JSON.stringify({ token }))}`);
    expect(((await page.json()) as { result: { data: Record<string, unknown> } }).result.data).to.deep.include({ flow: 'hosted_flow', personName: 'Ada Lovelace' });
    const started = await fetch(`${h.url}/trpc/verification.start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const { redirectUrl } = ((await started.json()) as { result: { data: { redirectUrl: string } } }).result.data;
    expect(redirectUrl).to.match(/^https:\/\/verify\.acme\.example\/flow\/\d+$/);
    const asked = vendor.requests.at(-1)!;
    expect(asked.headers.authorization).to.equal('Bearer acme-api-key-123');
    expect(asked.body).to.deep.include({ person: { name: 'Ada Lovelace', dateOfBirth: '1980-12-10' }, selfie: false, callbackUrl: `${h.url}/hooks/idv/acme` });
    const [session] = await h.svc.db.query('SELECT vendor_session_id, state FROM identity_verifications WHERE org_id = ? AND person_key = ?', [ref.orgId, ada]);
    expect(session.state).to.equal('in_progress');

    const result = JSON.stringify({ eventId: 'evt_1', sessionId: session.vendor_session_id, outcome: 'pass', checks: [{ key: 'liveness', label: 'Liveness', result: 'passed' }] });
    const completedCount = async () => (await caseEvents(h, ref)).filter((e) => e.type === 'idv.completed').length;

    // A bad signature, a stale timestamp, a missing header: 401, nothing recorded.
    expect(await post('/hooks/idv/acme', result, { ...signed(result), 'idv-signature': signVendorCallback('wrong-secret', String(Math.floor(Date.now() / 1000)), result) }))
      .to.deep.equal({ status: 401, body: { error: 'unauthenticated', message: 'The callback\'s signature does not match its body and timestamp.' } });
    expect(await post('/hooks/idv/acme', result, signed(result, Math.floor(Date.now() / 1000) - 600))).to.deep.equal({
      status: 401, body: { error: 'unauthenticated', message: 'The callback\'s timestamp is more than 300 seconds from the current time; it may be a replay.' },
    });
    expect((await post('/hooks/idv/acme', result, {})).status).to.equal(401);
    expect(await post('/hooks/idv/acme', `${result} `, signed(result))).to.deep.include({ status: 401 });
    // An unknown vendor or session: 404.
    expect((await post('/hooks/idv/other', result, signed(result))).status).to.equal(404);
    const unknown = JSON.stringify({ eventId: 'evt_x', sessionId: 'sess_unknown', outcome: 'pass' });
    expect(await post('/hooks/idv/acme', unknown, signed(unknown))).to.deep.equal({ status: 404, body: { error: 'not_found', message: 'No verification session sess_unknown is known.' } });
    expect(await completedCount()).to.equal(0);

    // The good one: 200, idv.completed from the vendor, roster verified.
    expect(await post('/hooks/idv/acme', result, signed(result))).to.deep.equal({ status: 200, body: { received: true, duplicate: false } });
    // A replay (same event id), and a second result for the completed session: 200, nothing more.
    expect(await post('/hooks/idv/acme', result, signed(result))).to.deep.equal({ status: 200, body: { received: true, duplicate: true } });
    const second = JSON.stringify({ eventId: 'evt_2', sessionId: session.vendor_session_id, outcome: 'fail' });
    expect(await post('/hooks/idv/acme', second, signed(second))).to.deep.equal({ status: 200, body: { received: true, duplicate: true } });
    const completed = (await caseEvents(h, ref)).filter((e) => e.type === 'idv.completed');
    expect(completed.map((e) => e.data)).to.have.length(1);
    expect(completed[0]!.data).to.deep.include({ verificationType: 'identity', vendorName: 'acme', position: 1, role: 'Director', outcome: 'pass' });
    const [row] = await h.svc.db.query('SELECT state, outcome, checks FROM identity_verifications WHERE org_id = ? AND person_key = ?', [ref.orgId, ada]);
    expect({ ...row, checks: typeof row.checks === 'string' ? JSON.parse(row.checks) : row.checks }).to.deep.equal({
      state: 'completed', outcome: 'pass', checks: [{ key: 'liveness', label: 'Liveness', result: 'passed', detail: null }],
    });
    const [party] = await h.svc.db.query('SELECT DISTINCT verification_status FROM case_parties WHERE org_id = ? AND person_key = ?', [ref.orgId, ada]);
    expect(party.verification_status).to.equal('verified');
  });

  it('resumes the case\'s pipeline on the callbacks\' idv.completed alone: the route queues no step, the relay\'s pipeline subscriber does', async () => {
    const rt = await runtime();
    const ref = await submittedCase(h);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    const step = async () => ((await h.svc.db.query('SELECT step FROM case_pipelines WHERE org_id = ? AND case_pk = ?', [ref.orgId, ref.casePk])) as { step: string }[])[0]!.step;
    const stepJobs = async () => (await rt.queue.pool.query('SELECT 1 FROM graphile_worker.jobs WHERE key = $1', [`${PIPELINE_STEP_TASK}:${ref.orgId}:${ref.casePk}`])).rows.length;
    expect(await step()).to.equal('route');

    for (const name of ['Grace Hopper', 'Ada Lovelace']) {
      const personKey = await personKeyOf(h, ref, name);
      const token = await linkTokenFor(h, ref, personKey);
      const started = await fetch(`${h.url}/trpc/verification.start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      expect(started.status, name).to.equal(200);
      const [session] = await h.svc.db.query('SELECT vendor_session_id FROM identity_verifications WHERE org_id = ? AND case_pk = ? AND person_key = ?', [ref.orgId, ref.casePk, personKey]);
      const body = JSON.stringify({ eventId: `evt_${session.vendor_session_id}`, sessionId: session.vendor_session_id, outcome: 'pass' });
      expect(await post('/hooks/idv/acme', body, signed(body))).to.deep.equal({ status: 200, body: { received: true, duplicate: false } });
    }
    // The callbacks recorded the results and queued no step of the pipeline.
    expect(await stepJobs()).to.equal(0);
    expect(await step()).to.equal('route');

    // The relay hands idv.completed to the pipeline's outbox subscriber, which queues the step after its commit.
    await relayEvents(h.svc);
    expect(await stepJobs()).to.equal(1);
    await drain(rt, { orgId: ref.orgId, svc: h.svc });
    expect(await step()).to.equal('done');
    expect((await caseEvents(h, ref)).map((e) => e.type)).to.include('routing.evaluated');
  });
});
