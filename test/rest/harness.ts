import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { memberActor } from '../../src/access/index';
import { openCase } from '../../src/onboarding/index';
import { type Services } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';
import { clientToken, newApiClient, startServer, type Harness } from '../oauth/harness';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
type HeaderObject = { $ref?: string; required?: boolean; schema?: object };
type ResponseObject = { $ref?: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, HeaderObject> };

/**
 * The real app on a loopback port, with a client whose responses are all validated against the
 * service's own OpenAPI document (GET /v1/openapi.json): a response that drifts from the document
 * fails the test that received it.
 */
export class RestHarness {
  private ajv = new Ajv2020({ strict: false, allErrors: true });
  private doc!: Doc;
  private templates: { path: string; regex: RegExp }[] = [];
  constructor(readonly h: Harness) {}

  static async start(config: Partial<Services['config']> = {}): Promise<RestHarness> {
    const h = await startServer({ config: { pullRateLimitPerMinute: 1_000_000, ...config } });
    // APP_URL (magic links, the crm-record-id route) is this same server.
    (h.svc.config as { appUrl: string }).appUrl = h.url;
    const harness = new RestHarness(h);
    const res = await fetch(`${h.url}/v1/openapi.json`);
    expect(res.status).to.equal(200);
    harness.doc = (await res.json()) as Doc;
    addFormats(harness.ajv);
    harness.ajv.addSchema(harness.doc as object, 'openapi');
    harness.templates = Object.keys(harness.doc.paths).map((path) => ({
      path, regex: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
    }));
    return harness;
  }

  get url(): string {
    return this.h.url;
  }

  get svc(): Services {
    return this.h.svc;
  }

  close(): Promise<void> {
    return this.h.close();
  }

  /** A fresh tenant with an API client of `scopes` (default: all but read:full_case) and its token. */
  async tenant(scopes?: string): Promise<{ tenant: Tenant; token: string; clientId: string }> {
    const tenant = await newTenant(await runtime());
    return { tenant, ...(await this.client(tenant.id, scopes)) };
  }

  /** An API client of the tenant (test credentials, client id test_…, with mode test) and its token. */
  async client(orgId: string, scopes?: string, mode: 'live' | 'test' = 'live'): Promise<{ token: string; clientId: string }> {
    const client = await newApiClient(this.svc, orgId, scopes, mode);
    return { token: await clientToken(this.h, client), clientId: client.clientId };
  }

  /** Calls the API and validates the answer against the OpenAPI document. */
  async call(method: string, path: string, options: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: checked below
    }
    const answer = { status: res.status, headers: res.headers, body: parsed, text };
    this.validate(method, path, answer);
    return answer;
  }

  get(path: string, token?: string): Promise<ApiAnswer> {
    return this.call('GET', path, { token });
  }

  post(path: string, token: string | undefined, json: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    return this.call('POST', path, { token, json, headers });
  }

  /**
   * Validates one answer against the document's response for its operation and status: the media type is
   * one the response declares (none means an empty body), a JSON body matches its schema, and the
   * declared headers are there and well-formed.
   */
  validate(method: string, fullPath: string, answer: ApiAnswer): void {
    // The path as the client sent it, after URL normalisation (a `..` segment is resolved, as fetch does).
    const path = new URL(fullPath, 'http://host').pathname;
    const template = this.templates.find((t) => t.regex.test(path));
    const where = `${method} ${path} -> ${answer.status}`;
    if (!template) {
      // Not a documented route: still the error shape.
      expect(answer.body, where).to.have.keys(['error', 'message']);
      return;
    }
    const operation = this.doc.paths[template.path]![method.toLowerCase()];
    expect(operation, `${where}: operation in the OpenAPI document`).to.not.equal(undefined);
    const responses = operation!.responses ?? {};
    expect(Object.keys(responses), `${where}: status documented`).to.include(String(answer.status));
    let pointer = `#/paths/${template.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${answer.status}`;
    let response = this.resolve(pointer) as ResponseObject;
    if (response.$ref) {
      pointer = response.$ref;
      response = this.resolve(pointer) as ResponseObject;
    }
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!response.content) {
      expect(answer.text, `${where}: the document declares no body`).to.equal('');
    } else {
      expect(Object.keys(response.content), `${where}: media type documented`).to.include(mediaType);
      if (/json$/.test(mediaType)) {
        const check = this.schemaValidator(`openapi${pointer}/content/${mediaType.replace(/\//g, '~1')}/schema`);
        if (!check(answer.body)) {
          expect.fail(`${where}: response does not match the OpenAPI document: ${JSON.stringify(check.errors)}\n${answer.text.slice(0, 2000)}`);
        }
      }
    }
    this.validateHeaders(where, response.headers ?? {}, answer.headers);
  }

  /** The node a local JSON pointer (`#/…`) names in the document. */
  private resolve(pointer: string): unknown {
    return pointer.slice(2).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], this.doc);
  }

  /** Every header the document declares for this answer: present when required, and matching its schema when present. */
  private validateHeaders(where: string, declared: Record<string, HeaderObject>, headers: Headers): void {
    for (const [name, entry] of Object.entries(declared)) {
      const h = entry.$ref ? (this.resolve(entry.$ref) as HeaderObject) : entry;
      const raw = headers.get(name);
      if (raw === null) {
        expect(h.required ?? false, `${where}: header ${name} is required by the OpenAPI document`).to.equal(false);
        continue;
      }
      const schema = h.schema as { type?: string };
      const value = schema.type === 'integer' && /^[0-9]+$/.test(raw) ? Number(raw) : raw;
      const check = this.ajv.compile(schema);
      if (!check(value)) expect.fail(`${where}: header ${name}: ${raw} does not match the OpenAPI document: ${JSON.stringify(check.errors)}`);
    }
  }

  private validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  private schemaValidator(pointer: string) {
    let v = this.validators.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: pointer });
      this.validators.set(pointer, v);
    }
    return v;
  }
}

/** A case that did not come through the API (CS-<year>-<00000>). */
export async function seedCase(svc: Services, orgId: string, overrides: { companyName?: string; customerEmail?: string } = {}): Promise<{ caseId: string; pk: number }> {
  const analyst = memberActor({ orgId, id: '00000000-0000-4000-8000-000000000001', email: 'analyst@example.com', role: 'analyst' });
  return openCase(svc, analyst, { source: 'manual', companyName: overrides.companyName ?? 'Seeded Ltd', customerEmail: overrides.customerEmail ?? null });
}

let counter = 0;
export const uniqueEmail = (tag = 'customer') => `${tag}+${Date.now().toString(36)}${++counter}@example.com`;
