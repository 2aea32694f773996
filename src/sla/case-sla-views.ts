import { authorize, type Actor } from '../access/index';
import { CLOSED_STATUSES, type ListedCaseSla } from '../cases/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { nowOfMode } from '../test-clock/index';
import { clockState } from './sla-clock';
import { clocksByCaseId } from './sla.repository';

/** A case's SLA as the console shows it: the shape the case list also reads with its page (src/cases' ListedCaseSla). */
export type CaseSlaView = ListedCaseSla;

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
