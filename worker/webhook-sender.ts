import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Pool, buildConnector } from 'undici';
import {
  MAX_RESPONSE_BYTES, UNSAFE_WEBHOOK_URL_MESSAGE, isBlockedAddress, type WebhookRequest, type WebhookResponse, type WebhookSender,
} from '../src/webhooks/index';
import type { HostResolver } from '../src/platform/index';

/** Name resolution through the system (getaddrinfo: DNS and the hosts file), every address. */
export const systemResolver: HostResolver = {
  async resolve(hostname) {
    return (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
  },
};

export interface UndiciWebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: the connect hook's own check (the domain's guard ran before). */
  allowPrivateTargets: boolean;
  /**
   * Extra CA certificate(s) to trust, PEM. Used only when given (tests, local demos): it replaces the
   * system roots for these requests. Production trusts the system roots (and NODE_EXTRA_CA_CERTS).
   */
  ca?: string | Buffer;
  /** The raw connector (tests wrap it in a spy); default undici's TLS connector. */
  connector?: buildConnector.connector;
  /** Keep-alive connections kept per receiver address. Default 16. */
  connectionsPerReceiver?: number;
}

// Pools kept open at once (one per receiver origin and checked address); the oldest is closed beyond.
const MAX_POOLS = 256;

/**
 * The webhook HTTP client on undici: keep-alive pools per receiver, a connect hook that connects to the
 * address the domain checked and nowhere else (no second lookup, so DNS rebinding fails; IP-literal
 * hosts, which undici never looks up, are covered because the check happens here and not in a lookup),
 * no redirects followed (a 3xx comes back as it is), one budget for the whole response, and at most
 * 64 KiB of the body read.
 */
export class UndiciWebhookSender implements WebhookSender {
  private readonly pools = new Map<string, Pool>();
  private readonly base: buildConnector.connector;

  constructor(private readonly options: UndiciWebhookSenderOptions) {
    this.base = options.connector ?? buildConnector({ ...(options.ca ? { ca: options.ca } : {}), maxCachedSessions: 100 });
  }

  async send(req: WebhookRequest): Promise<WebhookResponse> {
    if (req.url.protocol !== 'https:') return { status: 0, body: null, error: 'Only https URLs are called.' };
    if (isBlockedAddress(req.address, this.options.allowPrivateTargets)) return { status: 0, body: null, error: UNSAFE_WEBHOOK_URL_MESSAGE };
    const pool = this.pool(req.url, req.address);
    try {
      const res = await pool.request({
        method: req.method ?? 'POST',
        path: `${req.url.pathname}${req.url.search}`,
        headers: { ...req.headers, host: req.url.host },
        ...(req.body !== undefined ? { body: req.body } : {}),
        signal: AbortSignal.timeout(req.timeoutMs),
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        const room = MAX_RESPONSE_BYTES - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        // Leaving the loop destroys the stream: the rest is never read.
        if (size >= MAX_RESPONSE_BYTES) break;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      return { status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), error: null, cacheControl: headers['cache-control'] ?? null, headers };
    } catch (err) {
      return { status: 0, body: null, error: describeFailure(err, req) };
    }
  }

  /** Closes every keep-alive connection. */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.close().catch(() => undefined)));
  }

  private pool(url: URL, address: string): Pool {
    const key = `${url.origin}|${address}`;
    let pool = this.pools.get(key);
    if (pool) {
      // Most recently used last.
      this.pools.delete(key);
      this.pools.set(key, pool);
      return pool;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const servername = isIP(host) ? undefined : host;
    const allowPrivate = this.options.allowPrivateTargets;
    const base = this.base;
    const connect: buildConnector.connector = (opts, callback) => {
      // Checked again at the socket: whatever undici was asked to reach, it reaches `address` only.
      if (isBlockedAddress(address, allowPrivate)) {
        callback(new BlockedAddressError(), null);
        return;
      }
      base({ ...opts, hostname: address, ...(servername ? { servername } : {}) }, callback);
    };
    pool = new Pool(url.origin, {
      connect,
      connections: this.options.connectionsPerReceiver ?? 16,
      pipelining: 1,
      keepAliveTimeout: 4000,
      keepAliveMaxTimeout: 30_000,
    });
    this.pools.set(key, pool);
    if (this.pools.size > MAX_POOLS) {
      const [oldestKey, oldest] = this.pools.entries().next().value!;
      this.pools.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
    return pool;
  }
}

class BlockedAddressError extends Error {
  readonly code = 'SVC_BLOCKED_ADDRESS';
  constructor() {
    super(UNSAFE_WEBHOOK_URL_MESSAGE);
  }
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;

/** A failure without a response, in words for the delivery log (never a secret: no header or body in it). */
function describeFailure(err: unknown, req: WebhookRequest): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  const message = e.cause?.message ?? e.message ?? String(err);
  const target = `${req.address.includes(':') ? `[${req.address}]` : req.address}:${req.url.port || 443}`;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `No complete response within ${req.budgetMs ?? req.timeoutMs} ms.`;
  }
  if (code === 'SVC_BLOCKED_ADDRESS') return UNSAFE_WEBHOOK_URL_MESSAGE;
  if (code === 'ECONNREFUSED') return `Connection refused by ${target}.`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return `The receiver at ${target} closed the connection before answering.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `The receiver at ${target} is unreachable (${code}).`;
  if (code && TLS_CODES.test(code)) return `TLS handshake with ${req.url.hostname} failed: ${message} (${code}).`;
  return `The request failed: ${message}${code ? ` (${code})` : ''}.`;
}
