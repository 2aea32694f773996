import { forTenant } from '../db/index';
import { auditName, authorize, can, type Actor } from '../access/index';
import type { Services } from '../services';
import type { CaseStatus } from '../cases/index';
import { mayMove, REOPENABLE_FROM } from '../cases/index';
import { findCasePk } from '../cases/index';
import { findPendingOverride } from './decision-overrides.repository';

/**
 * What the actor may do to one case now, one flag per console mutation: the permission each use case
 * authorizes (src/access PERMISSIONS) and, for the moves of the case, the transition it asserts
 * (case-transitions.ts). The console shows a control only when its flag is true; the use case checks again.
 */
export interface CaseViewerCan {
  /** assignCaseOwner (cases:work). */
  assignCaseOwner: boolean;
  /** decideCase, approve or decline (cases:work; in_review or returned). */
  decideCase: boolean;
  /** escalateCase (cases:work; in_review or returned). */
  escalateCase: boolean;
  /** respondToEscalation (cases:respond_escalation; pending_senior). */
  respondToEscalation: boolean;
  /** reopenCase (cases:reopen; approved or declined). */
  reopenCase: boolean;
  /** approveDecisionOverride (cases:work; a pending override asked by someone else, the case still decidable). */
  approveDecisionOverride: boolean;
  /** rejectDecisionOverride (cases:work; a pending override asked by someone else). */
  rejectDecisionOverride: boolean;
  /** overrideDocumentStatus (cases:work). */
  overrideDocumentStatus: boolean;
  /** dispositionScreeningHit (screening:disposition). */
  dispositionScreeningHit: boolean;
  /** recomputeRisk (cases:work). */
  recomputeRisk: boolean;
  /** runAiReview (cases:work). */
  runAiReview: boolean;
  /** runMonitoring (monitoring:run; an approved case whose personal data is held). */
  runMonitoring: boolean;
  /** setEddRequirement (edd:manage). */
  setEddRequirement: boolean;
  /** requestEddEvidence (outreach:send and edd:manage). */
  requestEddEvidence: boolean;
  /** sendOutreach (outreach:send). */
  sendOutreach: boolean;
}

/** What caseViewerCan needs to know of the case. */
export interface CaseForViewer {
  status: CaseStatus;
  purgedAt: string | null;
  /** The pending decision override (four-eyes), or null. */
  pendingOverride: { requestedBy: string; outcome: CaseStatus } | null;
}

/** The pure rule: what `actor` may do to a case in this state (no database). */
export function caseViewerCan(actor: Actor, c: CaseForViewer): CaseViewerCan {
  const work = can(actor, 'cases:work');
  const signOff = work && c.pendingOverride !== null && c.pendingOverride.requestedBy !== auditName(actor);
  return {
    assignCaseOwner: work,
    decideCase: work && mayMove(c.status, 'approved') && mayMove(c.status, 'declined'),
    escalateCase: work && mayMove(c.status, 'pending_senior'),
    respondToEscalation: can(actor, 'cases:respond_escalation') && mayMove(c.status, 'returned'),
    reopenCase: can(actor, 'cases:reopen') && mayMove(c.status, 'in_review', REOPENABLE_FROM),
    approveDecisionOverride: signOff && mayMove(c.status, c.pendingOverride!.outcome),
    rejectDecisionOverride: signOff,
    overrideDocumentStatus: work,
    dispositionScreeningHit: can(actor, 'screening:disposition'),
    recomputeRisk: work,
    runAiReview: work,
    runMonitoring: can(actor, 'monitoring:run') && c.status === 'approved' && c.purgedAt === null,
    setEddRequirement: can(actor, 'edd:manage'),
    requestEddEvidence: can(actor, 'outreach:send') && can(actor, 'edd:manage'),
    sendOutreach: can(actor, 'outreach:send'),
  };
}

/** What the actor may do to the case (cases:read): reads its pending override, then caseViewerCan. */
export async function getCaseViewerCan(
  svc: Services, actor: Actor, c: { caseId: string; status: CaseStatus; purgedAt: string | null },
): Promise<CaseViewerCan> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'cases:read');
  const casePk = await findCasePk(db, c.caseId);
  const pending = casePk === null ? null : await findPendingOverride(db, casePk);
  return caseViewerCan(actor, { status: c.status, purgedAt: c.purgedAt, pendingOverride: pending && { requestedBy: pending.requestedBy, outcome: pending.outcome } });
}
