import type { Tx } from '../db/transaction';
import type { Services } from '../services';

/**
 * After a change to what a cached live check reads has committed (a revoked client, grant or token; a
 * tenant's IP allow-list or MFA rule; a session ended or switched; a member whose role, standing or second
 * factors changed): flushes every live-check cache of this process at once (the feed delivers to this
 * process first) and of every other one through the feed. A failed announcement is logged; other processes
 * then drop their cached checks within their TTL, and any process whose feed connection broke has stopped
 * caching.
 */
export async function announceRevocation(svc: Services): Promise<void> {
  try {
    await svc.revocations.publish();
  } catch (err) {
    svc.log.error({ err }, 'could not announce a revocation to other processes');
  }
}

/** Announces once the transaction `tx` has committed (once per transaction). */
export function announceRevocationAfterCommit(tx: Tx): void {
  tx.afterCommitOnce('oauth-revocation', () => announceRevocation(tx.services));
}
