export { CASE_STATUSES, CLOSED_STATUSES, CASE_SOURCES, ONBOARDING_STAGES, type CaseStatus, type CaseSource, type OnboardingStage } from './case.entity';
export { DECISION_OUTCOMES, DECISION_REASONS, type DecisionOutcome, type DecisionReason } from './decision.entity';
export { PARTY_KINDS, ROSTER_STATUSES } from './case-party.entity';
export {
  RISK_BANDS, CaseStatusSchema, CaseSourceSchema, OnboardingStageSchema, RiskBandSchema, DecisionOutcomeSchema, DecisionReasonSchema,
  CaseSummarySchema, CaseListSchema, CaseDetailSchema, CurrentDecisionSchema, DecisionSchema, DecisionListSchema, ScreeningSummarySchema,
  PullFullParitySchema, PullFullParityOwnerSchema, CreateCaseRequestSchema, CreatedCaseSchema, CREATED_CASE_STATUSES, ExistingOpenCaseSchema,
  CrmRecordIdRequestSchema, CrmRecordIdResponseSchema,
  type RiskBand, type CaseSummaryView, type CaseDetailView, type CurrentDecisionView, type DecisionView, type ScreeningSummaryView,
  type PullFullParityView, type PullFullParityOwnerView, type CreateCaseBody, type CreatedCaseView, type ExistingOpenCaseView, type CrmRecordIdView,
} from './case.wire';
export { CASE_ID_PATTERN, isCaseId } from './case-id';
export { createCase, type CreateCaseOutcome, type CreateCaseResult, type CreateCaseInput } from './create-case';
export { openCase, insertOpenedCase, type OpenCaseInput } from './open-case';
export { listCases, type ListCasesInput } from './list-cases';
export { CASE_SEARCH_DESCRIPTION } from './case-search';
export { listCasesQuery } from './cases.repository';
export { getCase } from './get-case';
export { listCaseDecisions } from './list-case-decisions';
export { setCrmRecordId } from './set-crm-record-id';
export { buildFullParity, pullFullParity, type FullParityParts } from './full-parity';
export { advanceOnboardingStage, onboardingProgressFields, recordRosterChange, caseRoster, STAGE_LABELS, ROSTER_STATUS_LABELS } from './onboarding-progress';
export { emailKey, emailAddressProblem, isAcceptedEmail } from '../email-address';
export { clearOwnerOfRemovedMember } from './clear-owner-of-removed-member';
export { CASE_TRANSITIONS } from './case-transitions';
export type { ConsoleCaseView, CaseOwnerView, CasePartyView } from './console-case-views';
export { listConsoleCases, type ListConsoleCasesInput, type ConsoleCaseFilter, type ConsoleCaseListItem } from './list-console-cases';
export { findConsoleCase } from './find-console-case';
export { loadCaseParts, type CaseParts, type CasePart } from './load-case-parts';
export { listCaseTimeline, type TimelineEventView } from './list-case-timeline';
export { assignCaseOwner } from './assign-case-owner';
export { decideCase, MAX_OVERRIDE_REASON } from './decide-case';
export { redactOverrideBlockers } from './decision-overrides.repository';
export { listDecisionBlockers, DECISION_BLOCKER_CODES, type DecisionBlocker, type DecisionBlockerCode } from './list-decision-blockers';
export { approveDecisionOverride } from './approve-decision-override';
export { rejectDecisionOverride } from './reject-decision-override';
export { getPendingDecisionOverride, type PendingDecisionOverrideView } from './get-pending-decision-override';
export { markCaseRouted } from './case-work.repository';
export { setCaseRisk, setReviewLevel, recountCaseScreening, purgeCaseCustomerContact, takeCaseSequences } from './case-columns.repository';
export { recordDecision, POLICY_ENGINE, type DecisionToRecord } from './record-decision';
export { escalateCase } from './escalate-case';
export { respondToEscalation, RECOMMENDATIONS, type Recommendation } from './respond-to-escalation';
export { reopenCase } from './reopen-case';
export { prepareCustomerEmailGuard, resumeOrOpenCase } from './resume-or-open-case';
export { caseViewerCan, getCaseViewerCan, type CaseViewerCan, type CaseForViewer } from './case-viewer-can';
