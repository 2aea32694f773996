import type { Services } from '../services';
import { consumeRateLimit, type RateLimitState } from '../access/rate-limit';
import { sourceAddressKey } from '../access/source-address';

/**
 * Counts one GET /v1/oauth/authorize against its source address's budget, AUTHORIZE_RATE_LIMIT_PER_MINUTE
 * (default 60) per minute, whatever the client_id: anyone may start an authorization request, and one
 * naming a metadata-document URL makes the service fetch it, so an address that sends more waits for
 * the window's end (a 429 page with Retry-After, as the sign-in form's limit answers).
 */
export function admitAuthorizationRequest(svc: Services, address: string | undefined): Promise<RateLimitState> {
  return consumeRateLimit(svc, `authorize-addr:${sourceAddressKey(address)}`, {
    name: 'authorize-address', limit: svc.config.authorizeRateLimitPerMinute, windowMs: 60_000,
  });
}
