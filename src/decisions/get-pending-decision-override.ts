import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { findCasePk } from '../cases/index';
import { findPendingOverride } from './decision-overrides.repository';
import type { DecisionBlocker } from './list-decision-blockers';

/** An approval over open checks waiting for a second member (four-eyes). */
export interface PendingDecisionOverrideView {
  outcome: 'approved' | 'declined';
  notes: string;
  reason: string;
  /** The blockers as they stood when it was asked. */
  blockers: DecisionBlocker[];
  requestedBy: string;
  requestedAt: string;
}

/** The case's pending decision override (cases:read), or null (none, or no such case). */
export async function getPendingDecisionOverride(svc: Services, actor: Actor, caseId: string): Promise<PendingDecisionOverrideView | null> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'cases:read');
  const casePk = await findCasePk(db, caseId);
  const p = casePk === null ? null : await findPendingOverride(db, casePk);
  return p && {
    outcome: p.outcome, notes: p.notes, reason: p.reason, blockers: p.blockers, requestedBy: p.requestedBy, requestedAt: p.requestedAt.toISOString(),
  };
}
