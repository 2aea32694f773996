import { Client, type Pool } from 'pg';
import type { Logger, RevocationFeed } from '../src/platform/index';

const CHANNEL = 'svc_oauth_revocations';
const RETRY_MS = [250, 1000, 5000, 15_000];
/** A connection attempt that has not succeeded by then counts as failed (and is retried). */
const CONNECT_TIMEOUT_MS = 10_000;

type Handlers = Parameters<RevocationFeed['subscribe']>[0];

/**
 * The RevocationFeed on PostgreSQL LISTEN/NOTIFY. Publishing delivers to this process's subscribers at once,
 * then is one NOTIFY on the queue's pool;
 * subscribing opens one dedicated listening connection, lazily (only processes that check bearer
 * tokens or console sessions subscribe), reconnects with back-off and jitter whenever it breaks, for as long as the process
 * lives, and reports whether it is listening so that the cache stops while it is not (nothing is lost
 * meanwhile: every bearer check then reads the database).
 */
export class PgRevocationFeed implements RevocationFeed {
  private readonly handlers: Handlers[] = [];
  private client: Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  /** Whether the listening connection is up (what a subscriber that comes later is told at once). */
  private listening = false;

  constructor(
    private readonly pool: Pool,
    private readonly pgUrl: string,
    private readonly log: Logger,
  ) {}

  async publish(): Promise<void> {
    // This process first, at once (before any await): its caches must not serve the next request from before
    // the write. The NOTIFY then reaches every process, this one again (a second flush, harmless).
    for (const h of this.handlers) h.revoked();
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, String(process.pid)]);
  }

  /**
   * A process's live-check caches (the bearer check's, the console session check's) share this one feed;
   * one subscribing after the connection is up is told at once that it listens, or it would never cache.
   */
  subscribe(handlers: Handlers): void {
    this.handlers.push(handlers);
    if (this.handlers.length === 1) void this.connect();
    else if (this.listening) handlers.listening(true);
  }

  /** The backend pid of the listening connection (tests break it with pg_terminate_backend). */
  get listenerPid(): number | null {
    return (this.client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.pgUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      this.setListening(false);
      if (this.closed) return;
      if (err) this.log.warn({ err }, 'revocation feed connection lost; bearer-check cache off until it is back');
      const wait = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!;
      this.retryTimer = setTimeout(() => void this.connect(), Math.round(wait * (0.75 + Math.random() * 0.5)));
      this.retryTimer.unref();
      void client.end().catch(() => undefined);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL) for (const h of this.handlers) h.revoked();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (this.closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (this.failures > 0) this.log.info('revocation feed connection back; bearer-check cache on again');
    this.failures = 0;
    this.setListening(true);
  }

  private setListening(on: boolean): void {
    this.listening = on;
    for (const h of this.handlers) h.listening(on);
  }
}
