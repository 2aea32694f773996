import { MatchExplanation } from './screening-search.type';
import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { CASE_ASSIGNEES, SLA_STATES, type SlaState, CASE_SEARCH_DESCRIPTION, CASE_SORT_KEYS, CASE_TAG_DESCRIPTION, MAX_CASE_TAGS, type CaseAssignee, type CaseListView, type CaseSortKey, CASE_SOURCES, CASE_STATUSES, DECISION_OUTCOMES, ONBOARDING_STAGES, PARTY_KINDS, RISK_BANDS, ROSTER_STATUSES, type CaseSource, type CaseStatus, type ConsoleCaseView, type DecisionOutcome, type OnboardingStage, type RiskBand } from '../../src/cases/index';
import { DECISION_BLOCKER_CODES, RECOMMENDATIONS, type CaseViewerCan as CaseViewerCanView, type DecisionBlockerCode, type Recommendation } from '../../src/decisions/index';
import { DISPOSITIONS, type Disposition } from '../../src/screening/index';
import { DOCUMENT_OVERRIDE_STATUSES, DOCUMENT_STATUSES, type DocumentOverrideStatus, type DocumentStatus } from '../../src/documents/index';
import { ConnectionOf, PageInfo } from '../connection';

/** A GraphQL enum whose values are the domain's own strings. */
const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const CaseStatusEnum = enumOf(CASE_STATUSES);
registerEnumType(CaseStatusEnum, {
  name: 'CaseStatus',
  description: 'decisions.md "Case status": in_progress -> in_review (customer submits) -> approved | declined | pending_senior; pending_senior -> returned; returned -> approved | declined | pending_senior; approved | declined -> in_review only by reopenCase.',
});
export const CaseSourceEnum = enumOf(CASE_SOURCES);
registerEnumType(CaseSourceEnum, { name: 'CaseSource', description: 'How the case was opened: api (POST /v1/cases), manual (createCase), doc_upload, application_form.' });
export const OnboardingStageEnum = enumOf(ONBOARDING_STAGES);
registerEnumType(OnboardingStageEnum, { name: 'OnboardingStage', description: 'Journey stages in order of progress; a case reports the furthest reached.' });
export const RiskBandEnum = enumOf(RISK_BANDS);
registerEnumType(RiskBandEnum, { name: 'RiskBand' });
export const DecisionOutcomeEnum = enumOf(DECISION_OUTCOMES);
registerEnumType(DecisionOutcomeEnum, { name: 'DecisionOutcome' });
export const RecommendationEnum = enumOf(RECOMMENDATIONS);
registerEnumType(RecommendationEnum, { name: 'Recommendation', description: "A senior reviewer's answer to an escalation." });
export const DocumentStatusEnum = enumOf(DOCUMENT_STATUSES);
registerEnumType(DocumentStatusEnum, { name: 'DocumentStatus' });
export const DocumentOverrideStatusEnum = enumOf(DOCUMENT_OVERRIDE_STATUSES);
registerEnumType(DocumentOverrideStatusEnum, { name: 'DocumentOverrideStatus', description: 'What an analyst may set a document in error to.' });
export const DispositionEnum = enumOf(DISPOSITIONS);
registerEnumType(DispositionEnum, { name: 'Disposition', description: 'A verdict on a screening hit: true_match, false_positive or escalate.' });
const PartyKindEnum = enumOf(PARTY_KINDS);
registerEnumType(PartyKindEnum, { name: 'PartyKind' });
const RosterStatusEnum = enumOf(ROSTER_STATUSES);
registerEnumType(RosterStatusEnum, { name: 'VerificationStatus', description: "A director's or UBO's identity verification." });

@ObjectType({ simpleResolvers: true, description: 'The member who owns a case.' })
export class CaseOwner {
  @Field(() => ID, { nullable: true, description: 'The member id (null when the member no longer exists).' }) id!: string | null;
  @Field() name!: string;
  @Field() email!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A decision on a case; the same fields as case.decision.made.' })
export class Decision {
  @Field(() => DecisionOutcomeEnum) outcome!: DecisionOutcome;
  @Field() notes!: string;
  @Field({ description: 'The analyst, or policy_engine on an automatic decision.' }) analystEmail!: string;
  @Field(() => GraphQLISODateTime) decidedAt!: string;
  @Field({ description: 'True on an automatic decision.' }) auto!: boolean;
  @Field(() => String, { nullable: true, description: 'policy_engine or age_gate, on automatic decisions only.' }) reason!: string | null;
  @Field(() => Int, { nullable: true, description: 'The decision record\'s id (replayDecision); present in Case.decisions, null on Case.decision.' }) id?: number | null;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'What the decision rested on, recorded with it and never changed (the pull API\'s DecisionProvenance: policy version and rule, risk model version, '
      + 'score and factors, watchlist version and hits with dispositions, AI review, extraction engine and document SHA-256s, identity verifications, EDD items, '
      + 'members involved). Present in Case.decisions; null on Case.decision and on decisions recorded before provenance existed.',
  }) provenance?: Record<string, unknown> | null;
}

export const DecisionBlockerCodeEnum = enumOf(DECISION_BLOCKER_CODES);
registerEnumType(DecisionBlockerCodeEnum, {
  name: 'DecisionBlockerCode',
  description: 'An open check: identity_not_verified (a person), screening_hit_open (no disposition, or escalated), document_in_error, document_pending (processing or escalated), edd_outstanding, not_routed (the decision policy has not run).',
});

@ObjectType({ simpleResolvers: true, description: 'An open check of a case: approving it anyway needs an override reason (decideCase overrideReason).' })
export class DecisionBlocker {
  @Field(() => DecisionBlockerCodeEnum) code!: DecisionBlockerCode;
  @Field() message!: string;
  @Field(() => String, { nullable: true, description: "What it is about: the person's key, hit id, document id or EDD key; null for the case itself." })
  subject!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'An approval over open checks waiting for a second member (four-eyes): approveDecisionOverride or rejectDecisionOverride.' })
export class PendingDecisionOverride {
  @Field(() => DecisionOutcomeEnum) outcome!: DecisionOutcome;
  @Field() notes!: string;
  @Field({ description: 'Why the requester approves over the open checks.' }) reason!: string;
  @Field(() => [DecisionBlocker], { description: 'The open checks when it was asked.' }) blockers!: DecisionBlocker[];
  @Field({ description: 'The member who asked; the decision is theirs once another member approves it.' }) requestedBy!: string;
  @Field(() => GraphQLISODateTime) requestedAt!: string;
}

@ObjectType('Document', { simpleResolvers: true, description: 'A document of a case with what AI extraction found in it.' })
export class CaseDocument {
  @Field(() => Int) id!: number;
  @Field() caseId!: string;
  @Field(() => String, { nullable: true, description: 'passport, id_card, certificate_of_incorporation, register_extract, proof_of_address or other; null until extracted.' })
  documentType!: string | null;
  @Field(() => String, { nullable: true, description: 'Null once zero retention purged the document (purgedAt).' }) filename!: string | null;
  @Field() mimeType!: string;
  @Field(() => Float) sizeBytes!: number;
  @Field(() => DocumentStatusEnum) status!: DocumentStatus;
  @Field(() => String, { nullable: true, description: 'High, Medium or Low.' }) confidence!: string | null;
  @Field(() => GraphQLISODateTime) uploadedAt!: string;
  @Field(() => GraphQLISODateTime) updatedAt!: string;
  @Field(() => [GraphQLJSON], { description: 'What extraction noticed, as plain sentences (a failed MRZ check digit, an expired document, a stale proof of address).' })
  warnings!: unknown[];
  @Field(() => [String], { description: 'The fields expected of this documentType that extraction did not find.' }) missingFields!: string[];
  @Field(() => String, { nullable: true, description: 'Why extraction failed, when status is error.' }) notes!: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The complete extracted data (company name, registration number, directors ...); null once purged.' })
  extractedData!: Record<string, unknown> | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When zero retention purged the file and its extraction; null while held.' }) purgedAt!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'The AI triage of a screening hit (screening.hit.triaged).' })
export class HitTriage {
  @Field() status!: string;
  @Field(() => Int, { nullable: true }) confidence!: number | null;
  @Field(() => String, { nullable: true }) disposition!: string | null;
  @Field(() => String, { nullable: true }) shortReason!: string | null;
  @Field(() => String, { nullable: true, description: 'The triage engine: svc-rules (the local deterministic rules) or an LLM adapter\'s identifier.' }) provider!: string | null;
  @Field(() => String, { nullable: true, description: 'The model or rule set, e.g. rules-v1.' }) model!: string | null;
  @Field(() => String, { nullable: true, description: 'Version of the prompt or rule set, currently 1.' }) promptVersion!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) triagedAt!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A screening hit of a case with its triage and human disposition (the pull API\'s screening record).' })
export class ScreeningHit {
  @Field() hitId!: string;
  @Field(() => String, { nullable: true }) subjectId!: string | null;
  @Field(() => String, { nullable: true }) subjectName!: string | null;
  @Field(() => String, { nullable: true }) subjectRole!: string | null;
  @Field(() => String, { nullable: true }) caption!: string | null;
  @Field(() => String, { nullable: true, description: 'Person or Company.' }) schema!: string | null;
  @Field(() => Float, { nullable: true }) score!: number | null;
  @Field(() => [String]) topics!: string[];
  @Field(() => [String]) position!: string[];
  @Field(() => [String]) nationality!: string[];
  @Field() isPep!: boolean;
  @Field() isSanctioned!: boolean;
  @Field() source!: string;
  @Field(() => GraphQLISODateTime) detectedAt!: string;
  @Field(() => HitTriage, { nullable: true }) triage!: HitTriage | null;
  @Field(() => String, { nullable: true }) disposition!: string | null;
  @Field(() => String, { nullable: true }) dispositionNote!: string | null;
  @Field(() => String, { nullable: true }) dispositionBy!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) dispositionedAt!: string | null;
  @Field(() => [String], {
    nullable: true,
    description: 'When the hit was raised again after its subject and entity had been cleared as a false positive: what changed since (new alias, new topic, changed date of birth ...). Null otherwise.',
  })
  changes?: string[] | null;
  @Field(() => MatchExplanation, { nullable: true, description: 'Why it matched (stored when it was raised); null for older hits and providers that do not explain.' })
  explanation?: MatchExplanation | null;
}

@ObjectType({ simpleResolvers: true, description: 'A director or UBO of the case\'s company.' })
export class Party {
  @Field(() => PartyKindEnum) kind!: string;
  @Field(() => Int, { description: 'Zero-based position within its kind.' }) position!: number;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => [String]) roles!: string[];
  @Field(() => Float, { nullable: true }) ownershipPercent!: number | null;
  @Field(() => String, { nullable: true }) nationality!: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) dateOfBirth!: string | null;
  @Field(() => String, { nullable: true }) idNumber!: string | null;
  @Field(() => String, { nullable: true }) idCountry!: string | null;
  @Field(() => String, { nullable: true }) countryOfResidence!: string | null;
  @Field(() => String, { nullable: true }) source!: string | null;
  @Field(() => RosterStatusEnum, { nullable: true }) verificationStatus!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'One event of a case, as the event feed (/v1/events) and webhooks carry it.' })
export class TimelineEvent {
  @Field() eventId!: string;
  @Field() eventType!: string;
  @Field(() => Int) eventVersion!: number;
  @Field(() => GraphQLISODateTime) occurredAt!: string;
  @Field(() => Int, { description: "The event's place in its case: 1, 2, 3 ... in commit order." }) caseSequence!: number;
  @Field(() => GraphQLJSONObject, { description: 'The payload: the same JSON as the feed item\'s data and the webhook body.' }) payload!: Record<string, unknown>;
}

@ObjectType({ simpleResolvers: true, description: 'An "Accessed by AI assistant" entry: one MCP tool call of a connected app that read the case.' })
export class AssistantRead {
  @Field(() => ID) readId!: string;
  @Field({ description: 'The MCP tool, e.g. get_case, search_cases, list_documents.' }) tool!: string;
  @Field(() => GraphQLJSONObject, { description: 'The arguments of the call, as recorded (never a secret).' }) arguments!: Record<string, unknown>;
  @Field({ description: '`ok`, or the error code the call ended with.' }) outcome!: string;
  @Field(() => GraphQLISODateTime) calledAt!: string;
  @Field({ description: 'The connector (the AI assistant).' }) appName!: string;
  @Field() clientId!: string;
  @Field({ description: 'The member the assistant acted for.' }) memberEmail!: string;
}

@ObjectType({
  simpleResolvers: true,
  description: 'What the signed-in member may do to this case now, one flag per mutation: the permission its use case checks and, for the moves, the case transitions (decisions.md). The mutation checks again.',
})
export class CaseViewerCan implements CaseViewerCanView {
  @Field({ description: 'assignCaseOwner.' }) assignCaseOwner!: boolean;
  @Field({ description: 'decideCase (approve or decline): analyst or above, the case in_review or returned. Approving waits while pendingDecisionOverride is set.' }) decideCase!: boolean;
  @Field({ description: 'escalateCase: analyst or above, the case in_review or returned.' }) escalateCase!: boolean;
  @Field({ description: 'respondToEscalation: mlro or above, the case pending_senior.' }) respondToEscalation!: boolean;
  @Field({ description: 'reopenCase: mlro or above, the case approved or declined.' }) reopenCase!: boolean;
  @Field({ description: 'approveDecisionOverride: a pending override asked by another member, the case still decidable.' }) approveDecisionOverride!: boolean;
  @Field({ description: 'rejectDecisionOverride: a pending override asked by another member.' }) rejectDecisionOverride!: boolean;
  @Field({ description: 'overrideDocumentStatus on its documents in error.' }) overrideDocumentStatus!: boolean;
  @Field({ description: 'dispositionScreeningHit on its hits.' }) dispositionScreeningHit!: boolean;
  @Field({ description: 'recomputeRisk.' }) recomputeRisk!: boolean;
  @Field({ description: 'runAiReview.' }) runAiReview!: boolean;
  @Field({ description: 'runMonitoring: the case approved and its personal data held.' }) runMonitoring!: boolean;
  @Field({ description: 'setEddRequirement.' }) setEddRequirement!: boolean;
  @Field({ description: 'requestEddEvidence.' }) requestEddEvidence!: boolean;
  @Field({ description: 'sendOutreach.' }) sendOutreach!: boolean;
}

@ObjectType('Case', { simpleResolvers: true, description: "One customer's onboarding file. Nested lists (decisions, documents, screening hits, parties) are read for a whole page at once." })
export class CaseNode {
  @Field({ description: 'UUID (POST /v1/cases) or CS-<year>-<00000>; the same id on every surface.' }) caseId!: string;
  @Field({ description: 'A short reference for people, C-<n> per organisation (display only; caseId stays the id everywhere).' }) reference!: string;
  @Field(() => [String], { description: 'The case\'s tags, in order (lower case): setCaseTags.' }) tags!: string[];
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field(() => CaseStatusEnum) status!: CaseStatus;
  @Field(() => CaseSourceEnum) source!: CaseSource;
  @Field(() => OnboardingStageEnum) onboardingStage!: OnboardingStage;
  @Field(() => String, { nullable: true }) customerEmail!: string | null;
  @Field(() => String, { nullable: true }) customerName!: string | null;
  @Field(() => String, { nullable: true }) country!: string | null;
  @Field(() => String, { nullable: true }) companyNumber!: string | null;
  @Field(() => String, { nullable: true }) crmRecordId!: string | null;
  @Field(() => String, { nullable: true }) crmSource!: string | null;
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime) updatedAt!: string;
  @Field(() => String, { nullable: true, description: 'The analyst who opened it by hand (createCase); null otherwise.' }) createdBy!: string | null;
  @Field(() => CaseOwner, { nullable: true }) owner!: CaseOwner | null;
  @Field(() => RiskBandEnum, { nullable: true, description: "The case's current risk band." }) riskBand!: RiskBand | null;
  @Field(() => Float, { nullable: true, description: 'The composite score behind riskBand, 0 to 100.' }) riskScore!: number | null;
  @Field({ description: 'The case in the console: {APP_URL}/cases?case=<caseId>.' }) analystUrl!: string;
  @Field(() => GraphQLISODateTime, {
    nullable: true, description: "When zero retention purged the case's personal data (after its data package was delivered); null while held.",
  }) purgedAt!: string | null;
}

/**
 * A Case as its field resolvers take it (`@Root() c: CaseRoot`). A type, not the class: type-graphql copies
 * a root declared as a class into a new instance of it on every call (for `decision`, 50 copies of a whole
 * case per page of the list), and passes anything else as it is.
 */
export type CaseRoot = Readonly<CaseNode>;

/** The GraphQL node of a console case view (the same fields; nested parts come from the field resolvers). */
export const caseNodeOf = (c: ConsoleCaseView): CaseNode => c;

@ObjectType('CaseEdge', { simpleResolvers: true })
export class CaseEdge {
  @Field({ description: 'Pass as `after` to read the rows that follow this one.' }) cursor!: string;
  @Field(() => CaseNode) node!: CaseNode;
}

@ObjectType('CaseConnection', { simpleResolvers: true, description: 'A page of cases, and how many cases the filters select in all.' })
export class CaseConnection {
  @Field(() => [CaseEdge]) edges!: CaseEdge[];
  @Field(() => PageInfo) pageInfo!: PageInfo;
  @Field(() => Int, { description: 'How many cases the filters select, across every page, counted up to 1,000 (when asked for): past 1,000 it is 1,000 and totalCountCapped is true.' }) totalCount!: number;
  @Field({ description: 'True when more than 1,000 cases match: totalCount is then 1,000, a lower bound.' }) totalCountCapped!: boolean;
}

export const CaseAssigneeEnum = enumOf(CASE_ASSIGNEES);
registerEnumType(CaseAssigneeEnum, { name: 'CaseAssignee', description: 'me: cases the caller owns; nobody: cases without an owner.' });
export const CaseSortKeyEnum = enumOf(CASE_SORT_KEYS);
registerEnumType(CaseSortKeyEnum, {
  name: 'CaseSortKey', description: 'created (when the case was opened), updated (last change), risk (risk score; cases not assessed sort below every score) or sla (SLA due time; cases without one last in either direction).',
});
export const SlaStateEnum = enumOf(SLA_STATES);
registerEnumType(SlaStateEnum, {
  name: 'SlaState', description: 'on_track; at_risk (80 % of the target used); breached (the target passed); paused (the case waits on the customer, the policy pausing).',
});
export const SortDirectionEnum = enumOf(['asc', 'desc'] as const);
registerEnumType(SortDirectionEnum, { name: 'SortDirection' });

@InputType({ description: 'The order of the case list; the case\'s creation breaks ties. Newest first by creation when absent.' })
export class CaseSort {
  @Field(() => CaseSortKeyEnum) by!: CaseSortKey;
  @Field(() => SortDirectionEnum, { nullable: true, description: 'desc when absent.' }) direction?: 'asc' | 'desc' | null;
}

@ObjectType({ simpleResolvers: true, description: 'The filters of a case-list view (as CaseFilter).' })
export class CaseViewFilter {
  @Field(() => [CaseStatusEnum], { nullable: true }) status!: CaseStatus[] | null;
  @Field(() => String, { nullable: true }) search!: string | null;
  @Field(() => CaseSourceEnum, { nullable: true }) source!: CaseSource | null;
  @Field(() => String, { nullable: true }) crmSource!: string | null;
  @Field(() => ID, { nullable: true }) ownerId!: string | null;
  @Field(() => CaseAssigneeEnum, { nullable: true }) assignee!: CaseAssignee | null;
  @Field(() => RiskBandEnum, { nullable: true }) riskBand!: RiskBand | null;
  @Field(() => [String], { nullable: true }) tags!: string[] | null;
  @Field(() => [SlaStateEnum], { nullable: true }) slaStates!: SlaState[] | null;
}

@ObjectType('CaseView', { simpleResolvers: true, description: 'A view of the case list: built in (Mine, Needs a decision, Unassigned, Breaching SLA) or a filter saved for the organisation.' })
export class CaseListViewNode {
  @Field(() => ID, { description: 'builtin:<key> for a built-in view; the saved view\'s number otherwise.' }) id!: string;
  @Field() name!: string;
  @Field() builtIn!: boolean;
  @Field(() => CaseViewFilter) filter!: CaseViewFilter;
  @Field(() => String, { nullable: true, description: 'Who saved it; null for a built-in view.' }) createdBy!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) createdAt!: string | null;
  @Field({ description: 'Whether the caller may delete it (deleteCaseView): its author or an admin.' }) viewerCanDelete!: boolean;
}

export const caseListViewNodeOf = (v: CaseListView): CaseListViewNode => ({
  ...v,
  filter: {
    status: v.filter.statuses ?? null, search: v.filter.search ?? null, source: v.filter.source ?? null, crmSource: v.filter.crmSource ?? null,
    ownerId: v.filter.ownerId ?? null, assignee: v.filter.assignee ?? null, riskBand: v.filter.riskBand ?? null, tags: v.filter.tags ?? null,
    slaStates: v.filter.slaStates ?? null,
  },
});

export const TAGS_ARG_DESCRIPTION = `Every tag of the case (replacing the ones it had; [] clears them), at most ${MAX_CASE_TAGS}. ${CASE_TAG_DESCRIPTION}`;
export const TimelineEventConnection = ConnectionOf(TimelineEvent, 'TimelineEvent');
export const AssistantReadConnection = ConnectionOf(AssistantRead, 'AssistantRead');

@InputType({ description: 'Filters of the case list; each narrows it (AND).' })
export class CaseFilter {
  @Field(() => [CaseStatusEnum], { nullable: true, description: 'Any of these statuses.' }) status?: CaseStatus[] | null;
  @Field(() => String, { nullable: true, description: CASE_SEARCH_DESCRIPTION }) search?: string | null;
  @Field(() => CaseSourceEnum, { nullable: true }) source?: CaseSource | null;
  @Field(() => String, { nullable: true, description: 'The CRM the case came from (exact).' }) crmSource?: string | null;
  @Field(() => ID, { nullable: true, description: 'Cases owned by this member.' }) ownerId?: string | null;
  @Field(() => CaseAssigneeEnum, { nullable: true, description: 'me: the caller\'s cases; nobody: cases without an owner (instead of ownerId).' }) assignee?: CaseAssignee | null;
  @Field(() => RiskBandEnum, { nullable: true }) riskBand?: RiskBand | null;
  @Field(() => [String], { nullable: true, description: 'Cases carrying every one of these tags (any letter case).' }) tags?: string[] | null;
  @Field(() => [SlaStateEnum], { nullable: true, description: 'Open cases whose SLA is in any of these states now (cases without an SLA never match).' }) slaStates?: SlaState[] | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Cases updated at or after this instant (not kept by saveCaseView).' }) updatedSince?: Date | null;
}

@InputType({ description: 'A case opened by hand in the console (source manual, id CS-<year>-<00000>).' })
export class CreateCaseInput {
  @Field({ description: '1 to 200 characters.' }) companyName!: string;
  @Field(() => String, { nullable: true, description: 'Required when sendInvite is true.' }) customerEmail?: string | null;
  @Field(() => String, { nullable: true }) customerName?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) companyNumber?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Email the customer the magic-link invite, as POST /v1/cases does. Default false.' })
  sendInvite?: boolean | null;
}

export type { DecisionOutcome, Recommendation, DocumentOverrideStatus, Disposition };
