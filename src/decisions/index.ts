// Deciding a case: the decision gate (open checks block an approval), overrides and their sign-off, escalation,
// reopening, recording a decision with its data package, and the case file (full-parity projection, parts) that
// a decision rests on. Sits above cases and the check features (documents, screening, idv, edd).
export { getCase } from './get-case';
export { buildFullParity, pullFullParity, type FullParityParts } from './full-parity';
export { loadCaseParts, type CaseParts, type CasePart } from './load-case-parts';
export { decideCase, MAX_OVERRIDE_REASON } from './decide-case';
export { redactOverrideBlockers } from './decision-overrides.repository';
export { listDecisionBlockers, DECISION_BLOCKER_CODES, type DecisionBlocker, type DecisionBlockerCode } from './list-decision-blockers';
export { approveDecisionOverride } from './approve-decision-override';
export { rejectDecisionOverride } from './reject-decision-override';
export { getPendingDecisionOverride, type PendingDecisionOverrideView } from './get-pending-decision-override';
export { recordDecision, POLICY_ENGINE, type DecisionToRecord } from './record-decision';
export { escalateCase } from './escalate-case';
export { respondToEscalation, RECOMMENDATIONS, type Recommendation } from './respond-to-escalation';
export { reopenCase } from './reopen-case';
export { caseViewerCan, getCaseViewerCan, type CaseViewerCan, type CaseForViewer } from './case-viewer-can';
export { CaseDetailSchema, PullFullParitySchema, type CaseDetailView, type PullFullParityView } from './case-file.wire';
export { routeCase, type RouteResult } from './route-case';
export { collectDecisionProvenance, watchlistVersionAtDecision, type EvaluatedPolicy } from './decision-provenance';
export { replayDecision, type DecisionReplayView, type PolicyAnswerView } from './replay-decision';
export { whatIfDecision, type WhatIfView } from './what-if-decision';
