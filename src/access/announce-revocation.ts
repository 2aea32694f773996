import type { Tx } from '../db/transaction';
import type { Services } from '../services';

/**
 * After a revocation, or any other change to what the bearer check reads live (a tenant's IP allow-list), has
 * committed: flushes this process's bearer-check cache at once and tells every other process through the feed. A failed announcement is logged; other processes then drop their
 * cached checks within LIVE_CHECK_TTL_MS, and any process whose feed connection broke has stopped caching.
 */
export async function announceRevocation(svc: Services): Promise<void> {
  // Services declares the cache in src/oauth (access-token-cache.ts); this file needs only its flush.
  (svc as Services & { accessTokenCache: { flush(): void } }).accessTokenCache.flush();
  try {
    await svc.revocations.publish();
  } catch (err) {
    svc.log.error({ err }, 'could not announce an OAuth revocation to other processes');
  }
}

/** Announces once the transaction `tx` has committed (once per transaction). */
export function announceRevocationAfterCommit(tx: Tx): void {
  tx.afterCommitOnce('oauth-revocation', () => announceRevocation(tx.services));
}
