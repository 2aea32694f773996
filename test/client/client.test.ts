import { expect } from 'chai';
import { createClient, isApiError, type Client } from '../../packages/client/src/index';
import { drainJobs, newTenant, runtime } from '../support/runtime';
import { newApiClient } from '../oauth/harness';
import { RestHarness, uniqueEmail } from '../rest/harness';

/** The typed client (packages/client) against the real service on a loopback port. */
describe('client package: against the service', () => {
  let api: RestHarness;
  let clock: number;
  let client: Client;
  let requests: { method: string; path: string; headers: Headers }[];
  let orgId: string;

  before(async () => {
    api = await RestHarness.start();
  });
  after(() => api.close());
  beforeEach(async () => {
    const tenant = await newTenant(await runtime());
    orgId = tenant.id;
    const credentials = await newApiClient(api.svc, tenant.id);
    clock = Date.now();
    requests = [];
    client = createClient({
      baseUrl: api.url, clientId: credentials.clientId, clientSecret: credentials.clientSecret,
      now: () => clock,
      // Every request the client sends, as the service receives it.
      fetch: (input, init) => {
        const url = new URL(String(input));
        requests.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, headers: new Headers(init?.headers) });
        return fetch(input, init);
      },
    });
  });

  const body = () => ({ customerEmail: uniqueEmail('client'), companyName: 'Client Trading Ltd', sendInvite: false });
  const tokenRequests = () => requests.filter((r) => r.path === '/v1/oauth/token').length;

  it('gets a client-credentials token once, sends it as Bearer, and fetches a new one shortly before it expires', async () => {
    expect(await client.cases.list().toArray()).to.deep.equal([]);
    await client.cases.list().toArray();
    expect(tokenRequests()).to.equal(1);
    const first = requests.find((r) => r.path.startsWith('/v1/cases'))!.headers.get('authorization');
    expect(first).to.match(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    clock += (3600 - 120) * 1000; // 2 minutes left: still this token
    await client.cases.list().toArray();
    expect(tokenRequests()).to.equal(1);

    clock += 70 * 1000; // 50 s left, inside the 60 s margin: a new token before the old one expires
    await client.cases.list().toArray();
    expect(tokenRequests()).to.equal(2);
    const last = requests.at(-1)!;
    expect(last.path).to.equal('/v1/cases');
    expect(last.headers.get('authorization')).to.not.equal(first);
  });

  it('wrong credentials are a typed invalid_client error from the token endpoint', async () => {
    const bad = createClient({ baseUrl: api.url, clientId: 'nobody', clientSecret: 'wrong' });
    const err = await bad.cases.get('CS-2026-00001').catch((e: unknown) => e);
    expect(isApiError(err, 'invalid_client'), String(err)).to.equal(true);
    if (isApiError(err)) expect(err.status).to.equal(401);
  });

  it('for await walks a list across several cursors with its filter', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.push((await client.cases.create(body())).case.caseId);
    const seen: string[] = [];
    for await (const c of client.cases.list({ status: ['in_progress'], limit: 2 })) {
      expect(c.status).to.equal('in_progress');
      seen.push(c.caseId);
    }
    expect(seen).to.deep.equal([...created].reverse()); // newest first, none skipped or repeated
    const pages = requests.filter((r) => r.path.startsWith('/v1/cases?'));
    expect(pages.map((r) => new URL(r.path, api.url).searchParams.has('cursor'))).to.deep.equal([false, true, true]);
    expect(pages.every((r) => new URL(r.path, api.url).searchParams.get('status') === 'in_progress')).to.equal(true);
    expect(await client.cases.list({ status: ['approved', 'declined'] }).toArray()).to.deep.equal([]);
  });

  it('for await walks the event feed across cursors, oldest first (the events of the cases created)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await client.cases.create(body())).case.caseId);
    await drainJobs(await runtime(), { orgId });
    const seen: string[] = [];
    for await (const item of client.events.list({ limit: 2 })) {
      expect(item.eventType).to.equal('case.created');
      seen.push((item.data as { caseId: string }).caseId);
    }
    expect(seen).to.deep.equal(ids);
    expect(requests.filter((r) => r.path.startsWith('/v1/events?')).length).to.equal(2);
  });

  it('creates with an Idempotency-Key: the same key and body answer the stored case (Idempotent-Replay)', async () => {
    const b = body();
    const first = await client.cases.create(b);
    expect(first.status).to.equal(201);
    expect(first.replay).to.equal(null);
    expect(first.idempotencyKey).to.match(/^[0-9a-f-]{36}$/);
    expect(requests.at(-1)!.headers.get('idempotency-key')).to.equal(first.idempotencyKey);

    const again = await client.cases.create(b, { idempotencyKey: first.idempotencyKey });
    expect(again).to.deep.equal({ ...first, replay: 'true' });
    expect((await client.cases.get(first.case.caseId)).caseId).to.equal(first.case.caseId);
  });

  it('a second open case for the email is a typed duplicate_open_case error naming the existing case', async () => {
    const b = body();
    const { case: existing } = await client.cases.create(b);
    const err = await client.cases.create(b).catch((e: unknown) => e);
    if (!isApiError(err, 'duplicate_open_case')) throw new Error(`expected duplicate_open_case, got ${String(err)}`);
    expect(err.status).to.equal(409);
    expect(err.body.existing.caseId).to.equal(existing.caseId); // typed: DuplicateOpenCaseError
    expect(err.message).to.match(/^409 duplicate_open_case: /);
  });

  it('validation_failed carries its details; a missing case is not_found', async () => {
    const err = await client.cases.create({ customerEmail: 'not an email', companyName: 'X' }).catch((e: unknown) => e);
    if (!isApiError(err, 'validation_failed')) throw new Error(`expected validation_failed, got ${String(err)}`);
    expect(err.body.details.map((d) => d.path)).to.include('customerEmail');
    const missing = await client.cases.get('CS-1999-00001').catch((e: unknown) => e);
    expect(isApiError(missing, 'not_found') && missing.status).to.equal(404);
  });
});
