import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { Agent, fetch as fetchFrom } from 'undici';
import { createApp } from '../../rest/app';
import { bearerAuth, actorOf } from '../../rest/v1/bearer-auth';
import { authorize, operatorActor, SERVICE_OPERATOR } from '../../src/access/index';
import { createApiClient, registerConnector } from '../../src/oauth/index';
import { type Clock, type Services } from '../../src/platform/index';
import { createMember } from '../../src/tenants/index';
import { newTenant, runtime } from '../support/runtime';

export interface Harness {
  /** http://127.0.0.1:<port>, also the service's BASE_URL (token issuer) for this server. */
  url: string;
  svc: Services;
  close(): Promise<void>;
}

/**
 * The real Express app on an ephemeral loopback port, with BASE_URL set to that address so the issuer
 * and audience are what a client sees. `/v1/probe` stands in for a pull-API route: bearer check, then
 * authorize(cases:read) in the "use case", echoing the actor. `mount` adds other adapters (the MCP server).
 */
export async function startServer(
  options: { config?: Partial<Services['config']>; clock?: Clock; resolver?: Services['resolver']; mount?: (app: Express, svc: Services) => void } = {},
): Promise<Harness> {
  const rt = await runtime();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const svc: Services = {
    ...rt.svc, config: { ...rt.svc.config, baseUrl: url, ...options.config }, clock: options.clock ?? rt.svc.clock, resolver: options.resolver ?? rt.svc.resolver,
  };
  const app = createApp(svc, (a: Express) => {
    a.get('/v1/probe', bearerAuth(svc), (_req, res) => {
      const actor = actorOf(res);
      authorize(actor, 'cases:read');
      res.json(actor);
    });
    options.mount?.(a, svc);
  });
  server.on('request', app);
  return {
    url,
    svc,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** A clock stopped at the current instant: fixed rate-limit windows make limit tests deterministic. */
export function frozenClock(at = new Date()): Clock {
  return { now: () => new Date(at) };
}

/**
 * A clock that stands still until a test moves it, starting one second into the current minute (so a
 * fixed one-minute window holds everything a test does unless it moves the clock on).
 */
export function steppingClock(start = Math.floor(Date.now() / 60_000) * 60_000 + 1_000): { clock: Clock; advance(ms: number): void; reset(): void } {
  let offset = 0;
  return {
    clock: { now: () => new Date(start + offset) },
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

/** A fresh tenant with one analyst who can sign in with `password`. */
export async function newMember(h: Harness, name: string, password = 'member password 1234') {
  const tenant = await newTenant(await runtime(), name);
  const email = `member.${tenant.id.slice(0, 8)}@members.example`;
  const member = await createMember(h.svc, operatorActor(tenant.id), { email, password, role: 'analyst' });
  return { tenant, id: member.id, email, password };
}

export async function newApiClient(svc: Services, orgId: string, scopes?: string, mode: 'live' | 'test' = 'live') {
  const c = await createApiClient(svc, operatorActor(orgId), { name: 'CRM', scopes, mode });
  return { clientId: c.clientId, clientSecret: c.clientSecret!, scopes: c.scopes };
}

export async function newConnector(svc: Services, redirectUris: string[], isPublic = false) {
  return registerConnector(svc, SERVICE_OPERATOR, { name: 'Assistant Connector', redirectUris, public: isPublic });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

const agents = new Map<string, Agent>();

/**
 * fetch, or (with `from`) undici's fetch on connections that leave from that loopback address (for
 * example 127.0.0.2), so a test can be several source addresses while only ever connecting to 127.0.0.1.
 */
function send(url: string, init: RequestInit, from?: string): Promise<Response> {
  if (!from) return fetch(url, init);
  let agent = agents.get(from);
  if (!agent) {
    if (!/^127\.\d+\.\d+\.\d+$/.test(from)) throw new Error(`only loopback source addresses: ${from}`);
    agent = new Agent({ localAddress: from });
    agents.set(from, agent);
  }
  return fetchFrom(url, { ...(init as Parameters<typeof fetchFrom>[1]), dispatcher: agent }) as unknown as Promise<Response>;
}

/** Closes the connections opened with `from` (call in an after hook). */
export async function closeSourceAddresses(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.close()));
}

/** POSTs to a path: `json` as JSON, `form` as x-www-form-urlencoded; `from` picks the source address. */
export async function post(base: string, path: string, body: { json?: unknown; form?: Record<string, string> | string }, headers: Record<string, string> = {}, from?: string): Promise<Answer> {
  const init: RequestInit = { method: 'POST', headers: { ...headers } };
  if (body.json !== undefined) {
    init.body = JSON.stringify(body.json);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  } else if (body.form !== undefined) {
    init.body = typeof body.form === 'string' ? body.form : new URLSearchParams(body.form).toString();
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  return answer(await send(base + path, init, from));
}

export async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return answer(await fetch(base + path, { headers, redirect: 'manual' }));
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    // HTML or empty
  }
  return { status: res.status, headers: res.headers, body, text };
}

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A client-credentials access token. */
export async function clientToken(h: Harness, client: { clientId: string; clientSecret: string }, scope?: string): Promise<string> {
  const res = await post(h.url, '/v1/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, ...(scope ? { scope } : {}) } });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.access_token as string;
}

/** A fresh tenant with an API client (all default scopes, or `scopes`) and a token of that client. */
export async function tenantClientToken(h: Harness, scopes?: string) {
  const tenant = await newTenant(await runtime());
  const client = await newApiClient(h.svc, tenant.id, scopes);
  return { tenant, client, token: await clientToken(h, client) };
}

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p] = token.split('.');
  return { header: JSON.parse(Buffer.from(h!, 'base64url').toString()), payload: JSON.parse(Buffer.from(p!, 'base64url').toString()) };
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * A cookie-keeping HTTP client that does not follow redirects: the browser side, step by step. `from`
 * is its source address (default 127.0.0.1).
 */
export class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string, private readonly from?: string) {}

  /** Another browser holding a copy of this one's cookies as they are now (a stolen or restored cookie jar). */
  copy(from = this.from): Browser {
    const other = new Browser(this.base, from);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  async get(path: string): Promise<Answer & { location: string | null }> {
    return this.send(path, { method: 'GET' });
  }

  async post(path: string, form: Record<string, string>): Promise<Answer & { location: string | null }> {
    return this.send(path, { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  private async send(path: string, init: RequestInit): Promise<Answer & { location: string | null }> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await send(this.base + path, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } }, this.from);
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return { ...(await answer(res)), location: res.headers.get('location') };
  }
}

/** The value attributes of a page's hidden inputs, by name. */
export function hiddenInputs(page: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]!] = m[2]!.replace(/&amp;/g, '&');
  return out;
}

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  method?: string;
  scope?: string;
  state?: string;
  responseType?: string;
}

export function authorizePath(p: AuthorizeParams): string {
  const q = new URLSearchParams({ response_type: p.responseType ?? 'code', client_id: p.clientId, redirect_uri: p.redirectUri });
  if (p.scope !== undefined) q.set('scope', p.scope);
  if (p.state !== undefined) q.set('state', p.state);
  if (p.challenge !== undefined) q.set('code_challenge', p.challenge);
  if (p.method !== undefined) q.set('code_challenge_method', p.method);
  return `/v1/oauth/authorize?${q}`;
}

/** Runs authorize, sign-in and consent in a Browser; returns the final redirect (to the client). */
export async function authorizeInBrowser(
  h: Harness,
  p: AuthorizeParams,
  member: { email: string; password: string },
  decision: 'allow' | 'deny' = 'allow',
): Promise<{ redirect: URL; consent: string; browser: Browser }> {
  const browser = new Browser(h.url);
  const signInPage = await browser.get(authorizePath(p));
  if (signInPage.status !== 200) throw new Error(`authorize: ${signInPage.status} ${signInPage.location ?? signInPage.text}`);
  const signedIn = await browser.post('/v1/oauth/sign-in', { ...hiddenInputs(signInPage.text), email: member.email, password: member.password });
  if (signedIn.status !== 303) throw new Error(`sign-in: ${signedIn.status} ${signedIn.text}`);
  const consent = await browser.get(signedIn.location!);
  const decided = await browser.post('/v1/oauth/authorize/decision', { ...hiddenInputs(consent.text), decision });
  if (decided.status !== 302) throw new Error(`decision: ${decided.status} ${decided.text}`);
  return { redirect: new URL(decided.location!), consent: consent.text, browser };
}
