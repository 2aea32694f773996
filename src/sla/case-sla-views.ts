import { authorize, type Actor } from '../access/index';
import { CLOSED_STATUSES } from '../cases/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { nowOfMode } from '../test-clock/index';
import { clockState } from './sla-clock';
import type { SlaState } from './sla-policy';
import { clocksByCaseId } from './sla.repository';

/** A case's SLA as the console shows it. */
export interface CaseSlaView {
  /** When the target is reached; null while paused. */
  dueAt: string | null;
  state: SlaState;
  /** Since when the clock waits on the customer; null while it runs. */
  pausedSince: string | null;
  /** The status's target (hours). */
  targetHours: number;
}

/**
 * The SLAs of some of the tenant's cases of the caller's mode, in the order asked (a test case's at its test time): null for a closed case, a case without a
 * clock, or one whose status has no target (and for unknown or foreign ids).
 */
export async function caseSlas(svc: Services, actor: Actor, caseIds: readonly string[]): Promise<(CaseSlaView | null)[]> {
  authorize(actor, 'sla:read');
  const db = forTenant(svc.db, actor);
  const clocks = await clocksByCaseId(db, caseIds);
  // The caller's mode's time: a test case's clock (the console's test view) is read on the tenant's test clock.
  const now = await nowOfMode(svc.clock, db, db.mode);
  return caseIds.map((id) => {
    const c = clocks.get(id);
    if (!c || CLOSED_STATUSES.includes(c.caseStatus) || c.caseStatus !== c.status) return null;
    const state = clockState(c, now);
    if (state === null) return null;
    return { dueAt: c.dueAt?.toISOString() ?? null, state, pausedSince: c.pausedSince?.toISOString() ?? null, targetHours: c.targetMs! / 3_600_000 };
  });
}
