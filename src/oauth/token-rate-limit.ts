import type { Services } from '../services';
import { addHits, readHits, refundHit, refusalCounted, stateOf, windowStartOf, type RateLimit, type RateLimitState } from '../access/rate-limit';
import { sourceAddressKey } from '../access/source-address';

/**
 * The token endpoint's budgets, both TOKEN_RATE_LIMIT_PER_MINUTE (default 30, the contract's limit)
 * per one-minute window:
 * - grants that succeed, per client (the contract's "30 requests per minute per client");
 * - grants that fail (invalid_grant, invalid_scope, ...), per client and source address.
 * A failure never uses a success's place, and one address's failures (bogus refresh tokens sent by
 * anyone who knows a public connector's client_id) stop only that address: the real user's exchange
 * from elsewhere goes through. Each admitted request holds a place in the success budget while it
 * runs (so concurrent requests cannot overshoot) and gives it back if it fails.
 */
export interface TokenRequestTicket {
  clientId: string;
  /** The success budget's window that holds this request's place. */
  windowStart: number;
  failureBucket: string;
}

const successRule = (svc: Services): RateLimit => ({ name: 'token', limit: svc.config.tokenRateLimitPerMinute, windowMs: 60_000 });
const failureRule = (svc: Services): RateLimit => ({ name: 'token-failures', limit: svc.config.tokenRateLimitPerMinute, windowMs: 60_000 });

/**
 * Admits a token request of an authenticated client from `address`, or says why not (allowed false,
 * with the budget that refused it and when it resets).
 */
export async function admitTokenRequest(svc: Services, input: { clientId: string; address: string | undefined }): Promise<{ state: RateLimitState; ticket: TokenRequestTicket | null }> {
  const nowMs = svc.clock.now().getTime();
  const failures = failureRule(svc);
  const failureBucket = `token-fail:${input.clientId}:${sourceAddressKey(input.address)}`;
  const failureWindow = windowStartOf(failures, nowMs);
  const failed = await readHits(svc.db, failureBucket, failureWindow);
  if (failed >= failures.limit) return { state: refusalCounted(svc, { ...stateOf(failures, failed, failureWindow, nowMs), allowed: false }), ticket: null };

  const successes = successRule(svc);
  const bucket = `token:${input.clientId}`;
  const windowStart = windowStartOf(successes, nowMs);
  const { total } = await addHits(svc.db, bucket, windowStart, 1);
  const state = stateOf(successes, total, windowStart, nowMs);
  if (!state.allowed) {
    await refundHit(svc.db, bucket, windowStart);
    return { state: refusalCounted(svc, state), ticket: null };
  }
  return { state, ticket: { clientId: input.clientId, windowStart, failureBucket } };
}

/**
 * An admitted request that did not succeed gives its place back; when the client got it wrong
 * (`refused`: a 4xx answer) it counts as a failure of its client and address. A server fault only
 * gives the place back.
 */
export async function settleFailedTokenRequest(svc: Services, ticket: TokenRequestTicket, outcome: 'refused' | 'errored'): Promise<void> {
  await refundHit(svc.db, `token:${ticket.clientId}`, ticket.windowStart);
  if (outcome === 'refused') {
    const rule = failureRule(svc);
    await addHits(svc.db, ticket.failureBucket, windowStartOf(rule, svc.clock.now().getTime()), 1);
  }
}
