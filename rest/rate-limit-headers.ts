import type { Response } from 'express';
import type { RateLimitState } from '../src/access/index';

/**
 * Announces a rate limit as draft-ietf-httpapi-ratelimit-headers does (structured fields):
 * `RateLimit-Policy: "pull-api";q=120;w=60` and `RateLimit: "pull-api";r=<left>;t=<seconds to reset>`,
 * plus `Retry-After` (seconds, RFC 9110) when the request was refused.
 */
export function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  res.setHeader('RateLimit-Policy', `"${state.name}";q=${state.limit};w=${state.windowSeconds}`);
  res.setHeader('RateLimit', `"${state.name}";r=${state.remaining};t=${state.resetSeconds}`);
  if (!state.allowed) res.setHeader('Retry-After', String(state.resetSeconds));
}
