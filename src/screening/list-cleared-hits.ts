import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { DomainError } from '../errors';
import { pageSize } from '../pagination/index';
import type { Services } from '../services';
import { listActiveClearedPairs } from './cleared-pairs.repository';
import { clearedHitView, type ClearedHitView } from './screening-views';

/**
 * The tenant's cleared hits (active pairs: not raised again, not revoked), newest first. Keyset-paged by
 * id: `after` is the last id seen. Returns up to `first` (pageSize) and whether more follow.
 */
export async function listClearedHits(
  svc: Services, actor: Actor, input: { first?: number | null; after?: string | null } = {},
): Promise<{ clearedHits: ClearedHitView[]; hasMore: boolean }> {
  authorize(actor, 'cleared_hits:read');
  const first = pageSize(input.first, 'first');
  const after = input.after ? Number(input.after) : null;
  if (after !== null && (!/^[1-9]\d{0,15}$/.test(input.after!) || !Number.isSafeInteger(after))) {
    throw DomainError.validation([{ path: 'after', message: 'must be the id of a cleared hit' }]);
  }
  const rows = await listActiveClearedPairs(forTenant(svc.db, actor), { after, limit: first + 1 });
  return { clearedHits: rows.slice(0, first).map(clearedHitView), hasMore: rows.length > first };
}
