import { LRUCache } from 'lru-cache';
import type { Mode } from '../access/index';

/**
 * The tenants (per mode) whose whole case list is known, in this process, to hold more cases than the console's
 * count reads (its cap). Cases are never deleted and never change mode, so a tenant's cases of one mode only grow
 * in number: once its unfiltered list counted past the cap, it always will, and the count (MariaDB reading the cap
 * plus one index entries, most of the page's own cost in a tenant that large) need not run for it again. Were cases
 * ever deleted, this would have to go.
 */
const pastCap = new LRUCache<string, true>({ max: 10_000 });

/** `mode` undefined: a handle that sees both modes' cases. */
const key = (orgId: string, mode: Mode | undefined) => `${orgId} ${mode ?? 'all'}`;

/** Whether the tenant's whole list of this mode is known to count past the cap. */
export function knownPastCountCap(orgId: string, mode: Mode | undefined): boolean {
  return pastCap.has(key(orgId, mode));
}

/** The tenant's whole list of this mode counted past the cap. */
export function rememberPastCountCap(orgId: string, mode: Mode | undefined): void {
  pastCap.set(key(orgId, mode), true);
}
