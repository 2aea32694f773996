import type { TenantDb } from '../db/index';
import { breachedClocks } from './sla.repository';

/**
 * The tenant's open cases whose SLA is breached at `now` (case pk, and the instant it was due; null while
 * paused): what the work queues count and digest per queue.
 */
export function slaBreaches(db: TenantDb, now: Date): Promise<{ casePk: number; dueAt: Date | null }[]> {
  return breachedClocks(db, now);
}
