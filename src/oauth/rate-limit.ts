import type { Services } from '../services';
import type { Principal } from './principal';
import { sha256Hex } from '../security/tokens';

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

/**
 * Counts one request in `bucket` against `rule` and says whether it may proceed. The counters live in
 * MySQL (`rate_limit_counters`) so every API process shares them: one upsert per request, whose
 * LAST_INSERT_ID(expr) hands back the new count without a second round trip or a lock held.
 */
export async function consumeRateLimit(svc: Services, bucket: string, rule: RateLimit): Promise<RateLimitState> {
  const nowMs = svc.clock.now().getTime();
  const windowStart = nowMs - (nowMs % rule.windowMs);
  const result = (await svc.db.query(
    'INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + 1)',
    [bucket, windowStart],
  )) as { affectedRows: number; insertId: number | string };
  // affectedRows is 1 for a fresh row (count 1), 2 for an increment (count in insertId).
  const hits = result.affectedRows === 1 ? 1 : Number(result.insertId);
  if (hits === 1) {
    // First request of a new window: drop this bucket's old windows so the table stays small.
    await svc.db.query('DELETE FROM rate_limit_counters WHERE bucket = ? AND window_start < ?', [bucket, windowStart]);
  }
  const resetSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - nowMs) / 1000));
  return {
    allowed: hits <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - hits),
    resetSeconds,
    windowSeconds: Math.round(rule.windowMs / 1000),
    name: rule.name,
  };
}

/**
 * The pull API's limit, PULL_RATE_LIMIT_PER_MINUTE (default 120) per client. A connector serves many
 * tenants under one client_id, so its budget is per client and tenant: one tenant cannot starve another.
 */
export function consumePullApiRateLimit(svc: Services, principal: Pick<Principal, 'clientId' | 'orgId'>): Promise<RateLimitState> {
  return consumeRateLimit(svc, `pull:${principal.clientId}:${principal.orgId}`, {
    name: 'pull-api', limit: svc.config.pullRateLimitPerMinute, windowMs: 60_000,
  });
}

/** The token endpoint's limit, TOKEN_RATE_LIMIT_PER_MINUTE (default 30) per authenticated client. */
export function consumeTokenRateLimit(svc: Services, clientId: string): Promise<RateLimitState> {
  return consumeRateLimit(svc, `token:${clientId}`, { name: 'token', limit: svc.config.tokenRateLimitPerMinute, windowMs: 60_000 });
}

const SIGN_IN_FAILURES: RateLimit = { name: 'sign-in', limit: 10, windowMs: 60_000 };
const signInBucket = (email: string) => `signin:${sha256Hex(String(email).trim().toLowerCase())}`;

/**
 * Password guessing on the authorization pages: after 10 failed sign-ins for one email address in a
 * minute, further attempts are refused until the window ends. Successful sign-ins do not count.
 */
export async function signInAllowed(svc: Services, email: string): Promise<RateLimitState> {
  const nowMs = svc.clock.now().getTime();
  const windowStart = nowMs - (nowMs % SIGN_IN_FAILURES.windowMs);
  const rows = (await svc.db.query('SELECT hits FROM rate_limit_counters WHERE bucket = ? AND window_start = ?', [signInBucket(email), windowStart])) as { hits: number }[];
  const hits = Number(rows[0]?.hits ?? 0);
  return {
    allowed: hits < SIGN_IN_FAILURES.limit, limit: SIGN_IN_FAILURES.limit, remaining: Math.max(0, SIGN_IN_FAILURES.limit - hits),
    resetSeconds: Math.max(1, Math.ceil((windowStart + SIGN_IN_FAILURES.windowMs - nowMs) / 1000)), windowSeconds: 60, name: SIGN_IN_FAILURES.name,
  };
}

export async function recordSignInFailure(svc: Services, email: string): Promise<void> {
  await consumeRateLimit(svc, signInBucket(email), SIGN_IN_FAILURES);
}
