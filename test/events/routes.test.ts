import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { createApp } from '../../rest/app';
import { EVENT_CATALOGUE } from '../../src/events/index';
import { type Services } from '../../src/platform/index';
import { runtime } from '../support/runtime';
import { SCHEMA_DIR, strictAjv } from './support';

const BASE_URL = 'https://events.example.test';

/** A parsed JSON body, navigated freely by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const json = async (res: Response): Promise<Body> => res.json();

describe('event catalogue over HTTP: /schemas/webhooks/* and /types/*', () => {
  let server: Server;
  let origin: string;
  before(async () => {
    const rt = await runtime();
    const svc: Services = { ...rt.svc, config: { ...rt.svc.config, baseUrl: BASE_URL } };
    server = createApp(svc).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((r) => server.close(r)));

  const get = (path: string, headers: Record<string, string> = {}) => fetch(origin + path, { headers });

  it('serves the index without authentication: every event type with version, schema URL under BASE_URL and the one-line description', async () => {
    const res = await get('/schemas/webhooks/index.json');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(res.headers.get('etag')).to.match(/^"[A-Za-z0-9_-]{43}"$/);
    const index = await json(res);
    expect(index.events).to.have.length(36);
    expect(index.events).to.deep.include({
      eventType: 'case.created', version: 1, schemaUrl: `${BASE_URL}/schemas/webhooks/case.created.v1.json`, typeName: 'CaseCreatedEvent',
      description: EVENT_CATALOGUE.find((e) => e.type === 'case.created')!.description,
    });
    expect(index.events.map((e: { eventType: string }) => e.eventType)).to.include('ping');
    expect(index.types).to.equal(`${BASE_URL}/types/index.json`);
  });

  it('serves each event schema with $id under the configured BASE_URL, self-contained: it compiles on its own in strict ajv', async () => {
    // One ajv holds no schema but the fetched documents: each resolves its $refs from what it embeds.
    const ajv = strictAjv();
    for (const { type } of EVENT_CATALOGUE) {
      const res = await get(`/schemas/webhooks/${type}.v1.json`);
      expect(res.status, type).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/schema+json; charset=utf-8');
      const schema = await json(res);
      expect(schema.$id).to.equal(`${BASE_URL}/schemas/webhooks/${type}.v1.json`);
      const validate = ajv.compile(schema);
      expect(validate({ event: type }), type).to.equal(false);
    }
    const escalated = await json(await get('/schemas/webhooks/monitoring.review.escalated.v1.json'));
    expect(escalated.$defs['envelope.v1'].$id).to.equal(`${BASE_URL}/schemas/webhooks/common/envelope.v1.json`);
    const shared = await get('/schemas/webhooks/common/full-parity.v1.json');
    expect(shared.status).to.equal(200);
    expect((await json(shared)).$id).to.equal(`${BASE_URL}/schemas/webhooks/common/full-parity.v1.json`);
  });

  it('answers 304 with the same ETag when If-None-Match matches, 200 when it does not', async () => {
    const first = await get('/schemas/webhooks/case.created.v1.json');
    const etag = first.headers.get('etag')!;
    const again = await get('/schemas/webhooks/case.created.v1.json', { 'If-None-Match': etag });
    expect(again.status).to.equal(304);
    expect(again.headers.get('etag')).to.equal(etag);
    expect(await again.text()).to.equal('');
    const listed = await get('/schemas/webhooks/case.created.v1.json', { 'If-None-Match': `"other", W/${etag}` });
    expect(listed.status).to.equal(304);
    const other = await get('/schemas/webhooks/case.created.v1.json', { 'If-None-Match': '"something-else"' });
    expect(other.status).to.equal(200);
    expect(other.headers.get('etag')).to.equal(etag);
    expect((await get('/schemas/webhooks/ping.v1.json')).headers.get('etag')).to.not.equal(etag);
  });

  it('serves the types manifest and the generated .d.ts file it lists', async () => {
    const res = await get('/types/index.json');
    expect(res.status).to.equal(200);
    const manifest = await json(res);
    expect(manifest.files).to.have.length(1);
    const [file] = manifest.files;
    expect(file.url).to.equal(`${BASE_URL}/types/webhooks.v1.d.ts`);
    expect(file.exports).to.include.members(['WebhookPayloads', 'WebhookEvent', 'CaseCreatedEvent', 'FullParity']);
    const dts = await get(new URL(file.url).pathname);
    expect(dts.status).to.equal(200);
    expect(dts.headers.get('content-type')).to.equal('application/typescript; charset=utf-8');
    const body = await dts.text();
    expect(body).to.equal(readFileSync(join(SCHEMA_DIR, '..', '..', 'src', 'events', 'generated', 'webhooks.v1.d.ts'), 'utf8'));
    expect(body).to.include('export interface MonitoringReviewEscalatedEvent');
    const revalidated = await get('/types/webhooks.v1.d.ts', { 'If-None-Match': dts.headers.get('etag')! });
    expect(revalidated.status).to.equal(304);
  });

  it('answers unknown names with 404 in the error shape', async () => {
    for (const path of ['/schemas/webhooks/case.deleted.v1.json', '/schemas/webhooks/case.created.v2.json', '/schemas/webhooks/common/nope.v1.json', '/types/nope.d.ts']) {
      const res = await get(path);
      expect(res.status, path).to.equal(404);
      expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(await json(res)).to.deep.equal({ error: 'not_found', message: `No published schema or type file at ${path}.` });
    }
  });
});
