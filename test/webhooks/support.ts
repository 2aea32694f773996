import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { inTransaction } from '../../src/db/index';
import { recordEvent } from '../../src/events/index';
import { type Services } from '../../src/platform/index';
import { operatorActor } from '../../src/access/index';
import {
  WebhookAttempt, WebhookDelivery, createWebhookEndpoint, type CreateWebhookEndpointInput,
} from '../../src/webhooks/index';
import type { Runtime } from '../../bin/compose';
import type { DevTls } from '../../bin/dev-tls';
import { testTls } from '../support/test-tls';
import { drainJobs, type DrainScope } from '../support/runtime';

/**
 * Records one event the way a use case does, committed, for webhook tests. The one place tests make
 * events: when recordEvent becomes typed by event name, only this line changes.
 */
export async function recordTestEvent(svc: Services, orgId: string, message: string): Promise<{ eventId: string; seq: number; data: string }> {
  return inTransaction(svc, (tx) => recordEvent(tx, { orgId, type: 'ping', fields: { message } }));
}

/**
 * @octokit/webhooks-methods' verify: an independent implementation of the same `sha256=` HMAC scheme.
 * The package is ESM with an import-only export map, so it is loaded with a dynamic import.
 */
export async function octokitVerify(secret: string, body: string, signature: string): Promise<boolean> {
  const { verify } = await import('@octokit/webhooks-methods');
  return verify(secret, body, signature);
}

/** The event type recordTestEvent records. */
export const TEST_EVENT_TYPE = 'ping';

/** Runs the jobs due now of the test's tenant and of none (relay, fan-out, deliveries), deterministically. */
export async function drain(rt: Runtime, scope: DrainScope): Promise<void> {
  await drainJobs(rt, scope);
}

/** Services with a changed configuration (schedule, private targets), sharing the runtime's pools. */
export function withConfig(rt: Runtime, changes: Partial<Services['config']>, extra: Partial<Services> = {}): Services {
  return { ...rt.svc, config: { ...rt.svc.config, ...changes }, ...extra };
}

/** Registers an endpoint as the operator of the tenant `orgId`. */
/** An endpoint created as the operator; `mode: 'test'` makes it a test endpoint (as test credentials would). */
export async function newEndpoint(svc: Services, { orgId, mode, ...input }: CreateWebhookEndpointInput & { orgId: string; mode?: 'live' | 'test' }) {
  return createWebhookEndpoint(svc, mode === 'test' ? { kind: 'api_client', orgId, clientId: 'test_support', scopes: ['webhooks:write'], tokenId: 'support', mode } : operatorActor(orgId), input);
}

export async function deliveriesOf(svc: Services, orgId: string): Promise<WebhookDelivery[]> {
  return svc.db.manager.find(WebhookDelivery, { where: { orgId }, order: { id: 'ASC' } });
}

export async function attemptsOf(svc: Services, orgId: string, deliveryId: number): Promise<WebhookAttempt[]> {
  return svc.db.manager.find(WebhookAttempt, { where: { orgId, deliveryId }, order: { attemptNo: 'ASC' } });
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes as they arrived. */
  body: Buffer;
  /** Date.now() when the request's body had arrived. */
  at: number;
  /** Date.now() once the answer had been written (unset while it is held). */
  answeredAt?: number;
}

export interface Reply {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Answer only when this settles (a receiver that hangs, or one held while a worker is killed). */
  hold?: Promise<unknown>;
}

export type Responder = (req: ReceivedRequest, n: number) => Reply;

/**
 * A real HTTPS receiver on 127.0.0.1 (certificate from the test CA unless told otherwise) that records
 * each request's raw bytes and headers and answers as `respond` says (default 200 "ok").
 */
export class TestReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly events = new EventEmitter();
  private server!: Server;
  port = 0;

  private constructor(public respond: Responder) {
    this.events.setMaxListeners(100);
  }

  static async start(respond: Responder = () => ({ status: 200, body: 'ok' }), tls: DevTls = testTls()): Promise<TestReceiver> {
    const r = new TestReceiver(respond);
    r.server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const got: ReceivedRequest = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
        r.requests.push(got);
        const reply = r.respond(got, r.requests.length);
        r.events.emit('request', got);
        void r.answer(res, reply, got);
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.port = (r.server.address() as { port: number }).port;
    return r;
  }

  private async answer(res: ServerResponse, reply: Reply, got: ReceivedRequest): Promise<void> {
    if (reply.hold) await reply.hold.catch(() => undefined);
    if (res.destroyed) return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
    res.end(reply.body ?? '');
    got.answeredAt = Date.now();
  }

  url(path = '/hook'): string {
    return `https://127.0.0.1:${this.port}${path}`;
  }

  /** Resolves once `n` requests have arrived; fails after `timeoutMs`. */
  waitForRequests(n: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    if (this.requests.length >= n) return Promise.resolve(this.requests.slice(0, n));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('request', check);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${n} requests (got ${this.requests.length})`));
      }, timeoutMs);
      const check = () => {
        if (this.requests.length < n) return;
        clearTimeout(timer);
        this.events.off('request', check);
        resolve(this.requests.slice(0, n));
      };
      this.events.on('request', check);
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A port on 127.0.0.1 with nothing listening (connection refused). */
export async function closedPort(): Promise<number> {
  const { createServer: tcp } = await import('node:net');
  return new Promise((resolve) => {
    const s = tcp().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts test receivers that are closed after each test: call once in a describe block (it registers
 * the afterEach) and use the returned function as TestReceiver.start.
 */
export function receiversPerTest(): (...args: Parameters<typeof TestReceiver.start>) => Promise<TestReceiver> {
  const open: TestReceiver[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  return async (...args) => {
    const r = await TestReceiver.start(...args);
    open.push(r);
    return r;
  };
}
