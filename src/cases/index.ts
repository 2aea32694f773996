export { CASE_STATUSES, CLOSED_STATUSES, CASE_SOURCES, ONBOARDING_STAGES, type CaseStatus, type CaseSource, type OnboardingStage } from './case.entity';
export { DECISION_OUTCOMES, DECISION_REASONS, type DecisionOutcome, type DecisionReason } from './decision.entity';
export { PARTY_KINDS, ROSTER_STATUSES } from './case-party.entity';
export {
  RISK_BANDS, CaseStatusSchema, CaseSourceSchema, OnboardingStageSchema, RiskBandSchema, DecisionOutcomeSchema, DecisionReasonSchema,
  CaseSummarySchema, CaseListSchema, CurrentDecisionSchema, DecisionSchema, DecisionListSchema, ScreeningSummarySchema,
  PullFullParityOwnerSchema, PURGED_AT, caseSummaryFields, CreateCaseRequestSchema, CreatedCaseSchema, CREATED_CASE_STATUSES, ExistingOpenCaseSchema,
  CrmRecordIdRequestSchema, CrmRecordIdResponseSchema, MAX_BATCH_CASES, BatchCaseItemSchema, BatchCreateCasesRequestSchema, BatchItemErrorSchema, BatchItemResultSchema,
  BatchCreateCasesResponseSchema, type BatchItemResultView, type BatchCreateCasesView,
  type RiskBand, type CaseSummaryView, type CurrentDecisionView, type DecisionView, type ScreeningSummaryView,
  type PullFullParityOwnerView, type CreateCaseBody, type CreatedCaseView, type ExistingOpenCaseView, type CrmRecordIdView,
} from './case.wire';
export { CASE_ID_PATTERN, isCaseId, caseNumber } from './case-id';
export { listCases, type ListCasesInput } from './list-cases';
export { listCasesQuery, findCaseRowByPk, lockCase, lockCaseRow, findCasePk, findCaseRow, findLatestRiskAssessment, findCaseDetailRow, readFullParitySwitches, findCompanyProfile, listCaseParties, findOpenCaseByEmailKey, findCaseByCrmRecordId, findCaseMode, casePksOfMode, insertCase, insertCompanyProfile, nextCaseSequence, type CaseRecord, type CaseDetailRecord } from './cases.repository';
export { CASE_SEARCH_DESCRIPTION } from './case-search';
export { listCaseDecisions } from './list-case-decisions';
export { setCrmRecordId } from './set-crm-record-id';
export { advanceOnboardingStage, onboardingProgressFields, recordRosterChange, caseRoster, STAGE_LABELS, ROSTER_STATUS_LABELS } from './onboarding-progress';
export { emailKey, emailAddressProblem, isAcceptedEmail } from '../email-address';
export { clearOwnerOfRemovedMember } from './clear-owner-of-removed-member';
export { CASE_TRANSITIONS, assertTransition, REOPENABLE_FROM, mayMove } from './case-transitions';
export type { ConsoleCaseView, CaseOwnerView, CasePartyView } from './console-case-views';
export { listConsoleCases, type ListConsoleCasesInput, type ConsoleCaseFilter, type ConsoleCaseListItem, type ConsoleCasePage } from './list-console-cases';
export { exportCases, CASE_EXPORT_COLUMNS, CSV_BOM, EXPORT_PAGE_SIZE, type CaseExport } from './export-cases';
export type { ConsoleCaseQueryInput } from './console-case-query';
export { CASE_SORT_KEYS, type CaseSort, type CaseSortKey } from './case-work.repository';
export type { CaseListFilter } from './case-filter';
export { CASE_ASSIGNEES, CASE_TAG_DESCRIPTION, MAX_CASE_TAGS, MAX_TAG_LENGTH, type CaseAssignee } from './case-tags';
export { setCaseTags } from './set-case-tags';
export { listCaseTags } from './list-case-tags';
export { BUILT_IN_CASE_VIEWS, type CaseListView } from './case-list-views';
export { saveCaseView, MAX_VIEW_NAME, MAX_SAVED_VIEWS } from './save-case-view';
export { listCaseViews } from './list-case-views';
export { deleteCaseView } from './delete-case-view';
export { findConsoleCase } from './find-console-case';
export { caseLabels, type CaseLabel } from './case-labels';
export { listCaseTimeline, type TimelineEventView } from './list-case-timeline';
export { assignCaseOwner, assignCaseOwnerInTx } from './assign-case-owner';
export { caseQueueFacts, openCaseQueueFactsAfter, countOpenCasesOwned, type CaseQueueFacts } from './sql/queue-facts';
export { nowForCase } from './case-now';
export { markCaseRouted, lockConsoleCase, findConsoleCaseRow, updateCaseStatus, answerOpenEscalation, findRoutedAt, decisionsOf, latestDecisionsOf, partiesOf, insertEscalation } from './case-work.repository';
export { setCaseRisk, setReviewLevel, recountCaseScreening, takeCaseSequences } from './case-columns.repository';
export { purgeCasePersonalData, erasePartiesOfPerson, eraseCaseCustomerContact } from './case-purge.repository';
export { setPartyRosterStatus } from './case-parties.repository';
export { setPersonEmail, type PersonEmailChange } from './set-person-email';
export { findApplicationProfile, findCaseReference, listApplicationParties, type ApplicationProfileRecord, type PartyRecord, lockCaseStatus, markReviewConfirmed, clearReviewConfirmation, transitionCaseStatus, updateCaseCompany } from './application.repository';
export { consoleCaseView, casePartyView } from './console-case-views';
export { loadApplication, missingForSubmission, incompleteApplication, refuseUnlessEditable, checkDraft, portalCaseOf, writeDraft, type Application, isEditable, missingForStep, missingPersonEmails, incompleteStep, normaliseWebsite, PERSON_EMAIL_MESSAGE } from './application';
export { caseSummaryView, createdCaseView } from './case-views';
export { currentDecisionView, decisionView } from './decision-views';
export { DecisionProvenanceSchema, type DecisionProvenance } from './decision-provenance.wire';
export { findLatestDecision, findDecisionOfCase, listDecisionsWithProvenance, type DecisionRecord } from './decisions.repository';
export { dedupLockKey, ensureDedupLockRows, lockDedupKeys } from './sql/dedup-locks';
export { type SubmittedView, ApplicationDraftSchema, ApplicationSchema, CompanyProfileDraftSchema, OwnerDraftSchema, PortalSessionSchema, RequestNewLinkSchema, ReviewSchema, ReviewConfirmSchema, SubmittedSchema, STEP_STATES, APPLICATION_STEPS, LinkBrandingInputSchema, LinkBrandingSchema, type LinkBrandingView, type ApplicationStepKey, type ApplicationDraft, type ApplicationView, type PortalSessionView, type ReviewView, type StepState, type CompanyProfileView, type OwnerView, type OwnerDraft } from './application.wire';
export { MAX_BULK_CASES, type BulkCaseResult, type BulkOutcome } from './bulk-cases';
export { bulkAssignCases } from './bulk-assign-cases';
export { bulkTagCases } from './bulk-tag-cases';
export { SLA_STATES, slaStateSql, type ListedCaseSla, type SlaState } from './case-sla';
export { csvRecords } from './csv-records';
export { csvLine } from './csv-line';
