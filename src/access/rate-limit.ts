import type { DataSource } from 'typeorm';
import { crossTenant } from '../db/cross-tenant';
import { DomainError } from '../errors';
import { metricsOf } from '../metrics';
import type { Services } from '../services';
import type { MemberActor, TokenActor } from './actor';

/** One fixed-window limit: `limit` requests per `windowMs` per bucket. */
export interface RateLimit {
  /** Policy name shown in the RateLimit headers. */
  name: string;
  limit: number;
  windowMs: number;
}

/** The outcome of counting one request against a limit. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window (0 when refused). */
  remaining: number;
  /** Seconds until the window resets (at least 1): the Retry-After of a refusal. */
  resetSeconds: number;
  windowSeconds: number;
  name: string;
}

/** Adds `n` hits to a bucket's window in MySQL; returns the window's new total and whether the row is new. */
export async function addHits(db: DataSource, bucket: string, windowStart: number, n: number): Promise<{ total: number; fresh: boolean }> {
  const counters = crossTenant(db, 'service-state');
  const result = (await counters.query(
    'INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + ?)',
    [bucket, windowStart, n, n],
  )) as { affectedRows: number; insertId: number };
  // affectedRows is 1 for a fresh row (total n), 2 for an increment (total in insertId).
  const fresh = result.affectedRows === 1;
  if (fresh) {
    // First hits of a new window: drop this bucket's old windows so the table stays small.
    await counters.query('DELETE FROM rate_limit_counters WHERE bucket = ? AND window_start < ?', [bucket, windowStart]);
  }
  return { total: fresh ? n : result.insertId, fresh };
}

/** The hits counted so far in a bucket's window (0 when none). */
export async function readHits(db: DataSource, bucket: string, windowStart: number): Promise<number> {
  const rows = (await crossTenant(db, 'service-state').query('SELECT hits FROM rate_limit_counters WHERE bucket = ? AND window_start = ?', [bucket, windowStart])) as { hits: number }[];
  return Number(rows[0]?.hits ?? 0);
}

/** Takes back `n` hits (default one) counted earlier in a window (requests that turned out not to count there). */
export async function refundHit(db: DataSource, bucket: string, windowStart: number, n = 1): Promise<void> {
  await crossTenant(db, 'service-state').query('UPDATE rate_limit_counters SET hits = hits - ? WHERE bucket = ? AND window_start = ? AND hits >= ?', [n, bucket, windowStart, n]);
}

/** The start (epoch ms) of the fixed window of `rule` that holds `nowMs`. */
export function windowStartOf(rule: RateLimit, nowMs: number): number {
  return nowMs - (nowMs % rule.windowMs);
}

export function stateOf(rule: RateLimit, hits: number, windowStart: number, nowMs: number): RateLimitState {
  return {
    allowed: hits <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - hits),
    resetSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - nowMs) / 1000)),
    windowSeconds: Math.round(rule.windowMs / 1000),
    name: rule.name,
  };
}

/**
 * Counts one request in `bucket` against `rule` and says whether it may proceed: one upsert per
 * request, exact across processes. For the token endpoint and sign-in failures (low volume).
 */
export async function consumeRateLimit(svc: Services, bucket: string, rule: RateLimit): Promise<RateLimitState> {
  const nowMs = svc.clock.now().getTime();
  const windowStart = nowMs - (nowMs % rule.windowMs);
  const { total } = await addHits(svc.db, bucket, windowStart, 1);
  return refusalCounted(svc, stateOf(rule, total, windowStart, nowMs));
}

/** Counts a refusal (svc_rate_limit_refusals_total by the rule's name, a constant) and hands the state on. */
export function refusalCounted(svc: Services, state: RateLimitState): RateLimitState {
  if (!state.allowed) metricsOf(svc).count('svc_rate_limit_refusals_total', { limiter: state.name });
  return state;
}

interface BucketState {
  windowStart: number;
  /** The shared total as MySQL last reported it (every process's flushed hits). */
  known: number;
  /** Hits of this process being written now, and hits not yet written. */
  inflight: number;
  pending: number;
  flushing: boolean;
}

/**
 * The pull API's counters: shared in MySQL like consumeRateLimit's, but written without a round trip
 * per request. A process counts locally and keeps at most one upsert per bucket in flight, which
 * carries every hit made meanwhile and brings back the shared total. The first request of a window
 * waits for its upsert, so each process starts every window from the shared count; after that the
 * count is exact within a process and other processes' hits arrive one round trip late (a burst
 * spread over N processes can pass the limit by at most the requests in flight in the others).
 */
class CoalescingCounters {
  private readonly buckets = new Map<string, BucketState>();
  private readonly writing = new Set<Promise<void>>();

  async consume(svc: Services, bucket: string, rule: RateLimit): Promise<RateLimitState> {
    const nowMs = svc.clock.now().getTime();
    const windowStart = nowMs - (nowMs % rule.windowMs);
    let st = this.buckets.get(bucket);
    if (!st || st.windowStart !== windowStart) {
      if (this.buckets.size > 10_000) this.prune(windowStart);
      st = { windowStart, known: 0, inflight: 1, pending: 0, flushing: true };
      this.buckets.set(bucket, st);
      await this.track(this.write(svc, bucket, st));
      return stateOf(rule, st.known + st.inflight + st.pending, windowStart, nowMs);
    }
    const hits = st.known + st.inflight + st.pending + 1;
    if (hits > rule.limit) return stateOf(rule, hits, windowStart, nowMs);
    st.pending++;
    if (!st.flushing) {
      st.flushing = true;
      st.inflight = st.pending;
      st.pending = 0;
      void this.track(this.write(svc, bucket, st));
    }
    return stateOf(rule, hits, windowStart, nowMs);
  }

  /** Writes st.inflight, then keeps writing while hits accumulated meanwhile. Never throws. */
  private async write(svc: Services, bucket: string, st: BucketState): Promise<void> {
    for (;;) {
      try {
        st.known = (await addHits(svc.db, bucket, st.windowStart, st.inflight)).total;
        st.inflight = 0;
      } catch (err) {
        // Keep the hits counted locally; the next write carries them.
        svc.log.warn({ err, bucket }, 'rate-limit counter write failed');
        st.pending += st.inflight;
        st.inflight = 0;
        st.flushing = false;
        return;
      }
      if (st.pending === 0 || this.buckets.get(bucket) !== st) {
        st.flushing = false;
        return;
      }
      st.inflight = st.pending;
      st.pending = 0;
    }
  }

  /** Writes every hit counted so far and waits for the writes (drain on shutdown; tests). */
  async flush(svc: Services): Promise<void> {
    for (const [bucket, st] of this.buckets) {
      if (!st.flushing && st.pending > 0) {
        st.flushing = true;
        st.inflight = st.pending;
        st.pending = 0;
        void this.track(this.write(svc, bucket, st));
      }
    }
    while (this.writing.size) await Promise.all([...this.writing]);
  }

  private track(p: Promise<void>): Promise<void> {
    this.writing.add(p);
    return p.finally(() => this.writing.delete(p));
  }

  private prune(windowStart: number): void {
    for (const [key, st] of this.buckets) if (st.windowStart < windowStart && !st.flushing) this.buckets.delete(key);
  }
}

// One set of counters per database (that is, per process and service instance).
const coalescing = new WeakMap<DataSource, CoalescingCounters>();
function countersOf(svc: Services): CoalescingCounters {
  let c = coalescing.get(svc.db);
  if (!c) {
    c = new CoalescingCounters();
    coalescing.set(svc.db, c);
  }
  return c;
}

/** Writes the pull-API hits this process has counted but not yet written, and waits for them. */
export async function flushPullApiRateLimits(svc: Services): Promise<void> {
  await coalescing.get(svc.db)?.flush(svc);
}

/**
 * The pull API's limit, PULL_RATE_LIMIT_PER_MINUTE (default 120) per client, on /v1 and /mcp alike. A
 * connector serves many tenants and members under one client_id, so its budget is per connector and
 * member (and so per tenant): one member's assistant cannot starve another's.
 */
export function consumePullApiRateLimit(
  svc: Services, actor: Pick<TokenActor, 'clientId' | 'orgId'> & { memberId?: string },
): Promise<RateLimitState> {
  const bucket = actor.memberId ? `pull:${actor.clientId}:${actor.orgId}:${actor.memberId}` : `pull:${actor.clientId}:${actor.orgId}`;
  return countersOf(svc).consume(svc, bucket, {
    name: 'pull-api', limit: svc.config.pullRateLimitPerMinute, windowMs: 60_000,
  }).then((state) => refusalCounted(svc, state));
}

/**
 * The console's budget of mutations that reach outside services (webhook pings and tests, AI reviews,
 * monitoring runs, verification resends): CONSOLE_OUTBOUND_RATE_LIMIT_PER_MINUTE (default 30) per member
 * per one-minute window. An operation spends `n` at once; one the budget cannot hold whole is refused
 * (`rate_limited` with retryAfterSeconds) and spends nothing.
 */
export async function spendConsoleOutboundBudget(svc: Services, actor: Pick<MemberActor, 'orgId' | 'memberId'>, n: number): Promise<void> {
  const rule: RateLimit = { name: 'console-outbound', limit: svc.config.consoleOutboundRateLimitPerMinute, windowMs: 60_000 };
  const nowMs = svc.clock.now().getTime();
  const bucket = `console-outbound:${actor.orgId}:${actor.memberId}`;
  const windowStart = windowStartOf(rule, nowMs);
  const { total } = await addHits(svc.db, bucket, windowStart, n);
  const state = stateOf(rule, total, windowStart, nowMs);
  if (refusalCounted(svc, state).allowed) return;
  await refundHit(svc.db, bucket, windowStart, n);
  throw new DomainError(
    'rate_limited',
    `Too many requests that reach outside services (webhook tests, AI reviews, monitoring runs, verification emails): at most ${rule.limit} a minute. Wait ${state.resetSeconds === 1 ? '1 second' : `${state.resetSeconds} seconds`} and try again.`,
    { retryAfterSeconds: state.resetSeconds },
  );
}
