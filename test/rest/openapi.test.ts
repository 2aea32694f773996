import { compileErrors, validate } from '@readme/openapi-parser';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { CASE_STATUSES } from '../../src/cases/index';
import { DOCUMENT_STATUSES } from '../../src/documents/index';
import { EVENT_TYPES } from '../../src/events/index';
import { SCOPES } from '../../src/access/index';
import { basic, newApiClient } from '../oauth/harness';
import { RestHarness } from './harness';

/**
 * The contract's Endpoints table (service-contract.md, "Endpoints"), method and path as the document
 * names them; `{app_url}/api/cases/{caseId}/crm-record-id` lives on APP_URL (a path-level server).
 */
const CONTRACT_ENDPOINTS: [string, string][] = [
  ['post', '/v1/oauth/token'],
  ['get', '/v1/oauth/authorize'],
  ['post', '/v1/oauth/revoke'],
  ['get', '/v1/cases'],
  ['get', '/v1/cases/{caseId}'],
  ['get', '/v1/cases/{caseId}/decisions'],
  ['get', '/v1/cases/{caseId}/screening'],
  ['get', '/v1/documents'],
  ['get', '/v1/documents/{id}'],
  ['get', '/v1/events'],
  ['post', '/v1/cases'],
  ['get', '/v1/openapi.json'],
  ['post', '/api/cases/{caseId}/crm-record-id'],
  ['post', '/v1/cases/{caseId}/screening/disposition'],
  ['get', '/schemas/webhooks/index.json'],
  ['get', '/schemas/webhooks/{eventType}.v1.json'],
  ['get', '/types/index.json'],
];

/** The rules whose warnings docs/api-reference.md explains, one by one; a new kind of warning fails the lint test. */
const EXPLAINED_WARNINGS = ['info-license', 'no-server-example.com', 'no-unused-components', 'operation-4xx-response'];

const DROPPED = new Set(['$id', '$schema', '$defs']);

/** A schema with every `$ref` replaced by what it names (through `resolve`), without `$id`, `$schema` and `$defs`: its meaning, spelled out. */
function expandLocal(schema: unknown, resolve: (ref: string) => unknown): unknown {
  if (Array.isArray(schema)) return schema.map((s) => expandLocal(s, resolve));
  if (!schema || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).filter(([k]) => !DROPPED.has(k));
  const ref = (schema as { $ref?: string }).$ref;
  const rest = Object.fromEntries(entries.filter(([k]) => k !== '$ref').map(([k, v]) => [k, expandLocal(v, resolve)]));
  return ref === undefined ? rest : { ...(expandLocal(resolve(ref), resolve) as object), ...rest };
}

/** The published (bundled) schema expanded the same way: its relative refs resolve against the embedded resources' `$id`s. */
function expandPublished(published: Record<string, unknown>): unknown {
  const resources = new Map<string, Record<string, unknown>>([[published.$id as string, published]]);
  for (const part of Object.values((published.$defs as Record<string, Record<string, unknown>> | undefined) ?? {})) if (part.$id) resources.set(part.$id as string, part);
  const walk = (node: unknown, base: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, base));
    if (!node || typeof node !== 'object') return node;
    const here = ((node as { $id?: string }).$id) ?? base;
    const rest = Object.fromEntries(Object.entries(node).filter(([k]) => !DROPPED.has(k) && k !== '$ref').map(([k, v]) => [k, walk(v, here)]));
    const ref = (node as { $ref?: string }).$ref;
    if (ref === undefined) return rest;
    const url = new URL(ref, here);
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    const target = fragment.split('/').filter(Boolean).reduce<unknown>((n, key) => (n as Record<string, unknown>)[key], resources.get(url.toString()));
    expect(target, `${ref} from ${here}`).to.be.an('object');
    return { ...(walk(target, url.toString()) as object), ...rest };
  };
  return walk(published, published.$id as string);
}

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, unknown> & { servers?: { url: string }[] }>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
  components: {
    schemas: Record<string, { enum?: string[]; properties?: Record<string, unknown> }>;
    securitySchemes: Record<string, { type: string; flows?: Record<string, { tokenUrl?: string; authorizationUrl?: string; scopes: Record<string, string> }> }>;
  };
};

describe('the OpenAPI document (GET /v1/openapi.json)', () => {
  let api: RestHarness;
  let doc: Doc;
  before(async () => {
    api = await RestHarness.start({ tokenRateLimitPerMinute: 3 });
    const res = await fetch(`${api.url}/v1/openapi.json`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('public, max-age=300');
    doc = (await res.json()) as Doc;
  });
  after(() => api.close());

  it('is a valid OpenAPI 3.1 document, served without authentication', async () => {
    expect(doc.openapi).to.equal('3.1.0');
    const result = await validate(JSON.parse(JSON.stringify(doc)), { resolve: { external: false } });
    expect(result.valid, result.valid ? '' : compileErrors(result)).to.equal(true);
    expect(result.warnings).to.deep.equal([]);
  });

  it('declares every endpoint of the contract', () => {
    const missing = CONTRACT_ENDPOINTS.filter(([method, path]) => doc.paths[path]?.[method] === undefined).map(([m, p]) => `${m.toUpperCase()} ${p}`);
    expect(missing).to.deep.equal([]);
    // APP_URL as configured when the document was built (this harness points APP_URL at itself afterwards).
    expect(doc.paths['/api/cases/{caseId}/crm-record-id']!.servers!.map((s) => (s as { description?: string }).description)).to.deep.equal(['APP_URL']);
  });

  it('declares the oauth2 scheme with the client-credentials and authorization-code flows and every scope', () => {
    const { oauth2, clientBasic } = doc.components.securitySchemes;
    expect(oauth2!.type).to.equal('oauth2');
    expect(Object.keys(oauth2!.flows!).sort()).to.deep.equal(['authorizationCode', 'clientCredentials']);
    expect(oauth2!.flows!.clientCredentials!.tokenUrl).to.equal(`${api.url}/v1/oauth/token`);
    expect(oauth2!.flows!.authorizationCode).to.deep.include({ authorizationUrl: `${api.url}/v1/oauth/authorize`, tokenUrl: `${api.url}/v1/oauth/token` });
    for (const flow of Object.values(oauth2!.flows!)) expect(Object.keys(flow.scopes)).to.deep.equal([...SCOPES]);
    expect(clientBasic).to.deep.include({ type: 'http', scheme: 'basic' });
  });

  it('names each enum once, and the shapes and parameters use that one list', () => {
    const { schemas } = doc.components;
    expect(schemas.CaseStatus!.enum).to.deep.equal([...CASE_STATUSES]);
    expect(schemas.DocumentStatus!.enum).to.deep.equal([...DOCUMENT_STATUSES]);
    expect(schemas.Scope!.enum).to.deep.equal([...SCOPES]);
    expect(schemas.CaseSummary!.properties!.status).to.deep.equal({ $ref: '#/components/schemas/CaseStatus' });
    expect(schemas.ExistingOpenCase!.properties!.status).to.deep.equal({ $ref: '#/components/schemas/CaseStatus' });
    expect(schemas.PullFullParity!.properties!.status).to.deep.equal({ $ref: '#/components/schemas/CaseStatus' });
    expect(schemas.DocumentSummary!.properties!.status).to.deep.equal({ $ref: '#/components/schemas/DocumentStatus' });
    expect(schemas.CaseDetail!.properties!.screeningSummary).to.deep.equal({ $ref: '#/components/schemas/ScreeningSummary' });
    const statusFilter = (doc.paths['/v1/cases']!.get as { parameters: { name?: string; schema?: { items?: { enum: string[] } } }[] }).parameters.find((p) => p.name === 'status');
    expect(statusFilter!.schema!.items!.enum).to.deep.equal([...CASE_STATUSES]);
  });

  it('lists a webhook for each of the 36 event types, its body a local component meaning what the published JSON Schema of that event means', async () => {
    expect(Object.keys(doc.webhooks).sort()).to.deep.equal([...EVENT_TYPES].sort());
    expect(Object.keys(doc.webhooks)).to.have.length(36);
    const local = (ref: string): unknown => {
      expect(ref, 'a local component ref').to.match(/^#\/components\/schemas\/[A-Za-z0-9_]+$/);
      const target = doc.components.schemas[ref.split('/').pop()!];
      expect(target, ref).to.be.an('object');
      return target;
    };
    for (const [type, hook] of Object.entries(doc.webhooks)) {
      const inDocument = expandLocal(local(hook.post.requestBody.content['application/json']!.schema.$ref), local);
      const url = `${api.url}/schemas/webhooks/${type}.v1.json`;
      const res = await fetch(url);
      expect(res.status, url).to.equal(200);
      const published = (await res.json()) as Record<string, unknown>;
      expect(published.$id).to.equal(url);
      expect(inDocument, type).to.deep.equal(expandPublished(published));
    }
  });

  it('is self-contained: every $ref is local and names something in the document', () => {
    const refs: string[] = [];
    const visit = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) if (k === '$ref' && typeof v === 'string') refs.push(v); else visit(v);
    };
    visit(doc);
    expect(refs.filter((r) => !r.startsWith('#/'))).to.deep.equal([]);
    const resolves = (ref: string) => ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc) !== undefined;
    expect([...new Set(refs)].filter((r) => !resolves(r))).to.deep.equal([]);
    expect(JSON.stringify(doc)).not.to.include('"$id"');
  });

  it('passes `redocly lint` with the recommended rules: no errors (the warnings left are explained in docs/api-reference.md)', async function () {
    this.timeout(120_000);
    const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const out = await new Promise<string>((done, fail) => {
        execFile(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), 'lint', file, '--format=json', '--extends=recommended'],
          { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, timeout: 100_000, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) => (error && !stdout ? fail(new Error(stderr)) : done(stdout)));
      });
      const report = JSON.parse(out.slice(out.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string }[] };
      expect(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).to.deep.equal([]);
      expect(report.totals.errors).to.equal(0);
      expect([...new Set(report.problems.map((p) => p.ruleId))].sort()).to.deep.equal(EXPLAINED_WARNINGS);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('describes the OAuth endpoints as they answer (statuses, bodies, headers)', async () => {
    const { tenant } = await api.tenant('read:cases');
    const client = await newApiClient(api.svc, tenant.id, 'read:cases');
    const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const creds = { client_id: client.clientId, client_secret: client.clientSecret };

    const issued = await api.call('POST', '/v1/oauth/token', form({ grant_type: 'client_credentials', ...creds }));
    expect(issued.status, issued.text).to.equal(200);
    expect(issued.headers.get('ratelimit-policy')).to.equal('"token";q=3;w=60');
    const unsupported = await api.call('POST', '/v1/oauth/token', { json: { grant_type: 'password', ...creds } });
    expect(unsupported.status).to.equal(400);
    const wrongSecret = await api.call('POST', '/v1/oauth/token', { ...form({ grant_type: 'client_credentials' }), headers: { ...form({}).headers, authorization: basic(client.clientId, 'nope') } });
    expect(wrongSecret.status).to.equal(401);
    expect(wrongSecret.headers.get('www-authenticate')).to.equal('Basic realm="oauth", charset="UTF-8"');
    let limited = await api.call('POST', '/v1/oauth/token', form({ grant_type: 'client_credentials', ...creds }));
    while (limited.status === 200) limited = await api.call('POST', '/v1/oauth/token', form({ grant_type: 'client_credentials', ...creds }));
    expect(limited.status).to.equal(429);
    expect(limited.body.error).to.equal('rate_limited');

    const revoked = await api.call('POST', '/v1/oauth/revoke', form({ token: issued.body.access_token as string, ...creds }));
    expect(revoked.status).to.equal(200);
    expect(revoked.text).to.equal('');

    const unknownClient = await api.call('GET', '/v1/oauth/authorize?response_type=code&client_id=nobody&redirect_uri=https%3A%2F%2Fexample.com%2Fcb');
    expect(unknownClient.status).to.equal(400);
    expect(unknownClient.headers.get('content-type')).to.match(/^text\/html/);
  });

  it('describes the pull API\'s 429 with its Retry-After and RateLimit headers', async () => {
    const strict = await RestHarness.start({ pullRateLimitPerMinute: 1 });
    try {
      const { token } = await strict.tenant('read:cases');
      expect((await strict.get('/v1/cases', token)).status).to.equal(200);
      const refused = await strict.get('/v1/cases', token);
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.match(/^[0-9]+$/);
    } finally {
      await strict.close();
    }
  });

  it('describes the event catalogue documents as they are served', async () => {
    expect((await api.call('GET', '/schemas/webhooks/index.json')).status).to.equal(200);
    const schema = await api.call('GET', '/schemas/webhooks/case.created.v1.json');
    expect(schema.status).to.equal(200);
    expect(schema.headers.get('content-type')).to.match(/^application\/schema\+json/);
    expect((await api.call('GET', '/schemas/webhooks/case.exploded.v1.json')).status).to.equal(404);
    expect((await api.call('GET', '/types/index.json')).status).to.equal(200);
  });
});
