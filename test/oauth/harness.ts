import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from '../../rest/app';
import { bearerAuth, principalOf } from '../../rest/v1/bearer-auth';
import { createApiClient, registerConnector, requireScope, type Clock, type Services } from '../../src/index';
import { runtime } from '../support/runtime';

export interface Harness {
  /** http://127.0.0.1:<port>, also the service's BASE_URL (token issuer) for this server. */
  url: string;
  svc: Services;
  close(): Promise<void>;
}

/**
 * The real Express app on an ephemeral loopback port, with BASE_URL set to that address so the issuer
 * and audience are what a client sees. `/v1/probe` stands in for a pull-API route: bearer check, then
 * requireScope(read:cases) in the "use case", echoing the principal.
 */
export async function startServer(options: { config?: Partial<Services['config']>; clock?: Clock } = {}): Promise<Harness> {
  const rt = await runtime();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const svc: Services = { ...rt.svc, config: { ...rt.svc.config, baseUrl: url, ...options.config }, clock: options.clock ?? rt.svc.clock };
  const app = createApp(svc, (a: Express) => {
    a.get('/v1/probe', bearerAuth(svc), (_req, res) => {
      const principal = principalOf(res);
      requireScope(principal, 'read:cases');
      res.json(principal);
    });
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

export async function newApiClient(svc: Services, orgId: string, scopes?: string) {
  const c = await createApiClient(svc, { orgId, name: 'CRM', scopes, actor: 'test' });
  return { clientId: c.clientId, clientSecret: c.clientSecret!, scopes: c.scopes };
}

export async function newConnector(svc: Services, redirectUris: string[], isPublic = false) {
  return registerConnector(svc, { name: 'Assistant Connector', redirectUris, public: isPublic });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/** POSTs to a path: `json` as JSON, `form` as x-www-form-urlencoded. */
export async function post(base: string, path: string, body: { json?: unknown; form?: Record<string, string> | string }, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method: 'POST', headers: { ...headers } };
  if (body.json !== undefined) {
    init.body = JSON.stringify(body.json);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  } else if (body.form !== undefined) {
    init.body = typeof body.form === 'string' ? body.form : new URLSearchParams(body.form).toString();
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  return answer(await fetch(base + path, init));
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

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p] = token.split('.');
  return { header: JSON.parse(Buffer.from(h!, 'base64url').toString()), payload: JSON.parse(Buffer.from(p!, 'base64url').toString()) };
}
