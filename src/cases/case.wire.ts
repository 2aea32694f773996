import { DateOnly, DateTime, Nullable, OptionalText, PageOf, StringEnum, Type, type Static } from '../wire';
import { CASE_SOURCES, CASE_STATUSES, ONBOARDING_STAGES } from './case.entity';
import { DECISION_OUTCOMES, DECISION_REASONS } from './decision.entity';
import { DecisionProvenanceSchema } from './decision-provenance.wire';

/**
 * Wire shapes of cases (pull API, POST /v1/cases, the crm-record-id route): one schema each, from which
 * the OpenAPI document, request validation and the TypeScript types (`*View`) are derived. Mappers
 * (case-views.ts, decision-views.ts, full-parity.ts) fill them from rows.
 */

// --- enums ---
/** Risk bands of an assessment (risk_assessments.band_id, cases.risk_band). */
export const RISK_BANDS = ['low', 'medium', 'high', 'prohibited'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

export const CaseStatusSchema = StringEnum(CASE_STATUSES, { description: 'decisions.md "Case status". The create response alone says `in-progress`.' });
export const CaseSourceSchema = StringEnum(CASE_SOURCES, { description: 'How the case was opened.' });
export const OnboardingStageSchema = StringEnum(ONBOARDING_STAGES, {
  description: 'Journey stages in order of progress; a case reports the furthest reached (never moves back). `invite_sent` once the mail ' +
    'system accepted the invite email; each move records case.onboarding_progress.changed.',
});
export const RiskBandSchema = StringEnum(RISK_BANDS);
export const DecisionOutcomeSchema = StringEnum(DECISION_OUTCOMES);
export const DecisionReasonSchema = StringEnum(DECISION_REASONS, { description: 'Why the decision was automatic.' });

/** What purgedAt says, wherever it appears. */
export const PURGED_AT = 'When zero retention purged the personal data of the case (customerEmail, customerName, documents, parties, company-profile personal '
  + 'fields, screening subjects are null or empty from then on); null while the service holds it. See docs/retention.md.';

const caseId = Type.String({ description: 'UUID for cases created through POST /v1/cases, `CS-<year>-<00000>` otherwise.' });

// --- GET /v1/cases ---
export const caseSummaryFields = {
  caseId,
  companyName: OptionalText(),
  status: CaseStatusSchema,
  source: CaseSourceSchema,
  onboardingStage: OnboardingStageSchema,
  customerEmail: OptionalText(),
  customerName: OptionalText(),
  country: OptionalText(),
  crmRecordId: OptionalText(),
  crmSource: OptionalText(),
  createdAt: DateTime(),
  updatedAt: DateTime({ description: 'Filterable with updatedSince.' }),
};
export const CaseSummarySchema = Type.Object(caseSummaryFields, { description: 'A case in lists. Consumers ignore unknown fields.' });
export type CaseSummaryView = Static<typeof CaseSummarySchema>;

export const CaseListSchema = PageOf(CaseSummarySchema,
  'Newest first by creation (an internal, immutable key): paging never skips nor repeats a case that did not change; cases created meanwhile appear before the first page.');

// --- decisions ---
const decisionFields = {
  outcome: DecisionOutcomeSchema,
  notes: Type.String(),
  analystEmail: Type.String({ description: '`policy_engine` on an automatic decision.' }),
  decidedAt: DateTime(),
  auto: Type.Boolean({ description: 'True on an automatic decision (policy engine or age gate).' }),
  reason: Nullable(DecisionReasonSchema, { description: 'Only on automatic decisions.' }),
};
/** The current decision of a case (its latest), as GET /v1/cases/{caseId} shows it. */
export const CurrentDecisionSchema = Type.Object(decisionFields);
export type CurrentDecisionView = Static<typeof CurrentDecisionSchema>;

/**
 * One decision of a case's history: the decisions record, shaped like case.decision.made (`auto` is
 * always present here, false for an analyst's decision; `reason` null unless automatic).
 */
export const DecisionSchema = Type.Object({
  id: Type.Integer(), caseId: Type.String(), ...decisionFields,
  provenance: Nullable(DecisionProvenanceSchema, { description: 'What the decision rested on, recorded with it (null on decisions recorded before provenance existed).' }),
}, { description: 'A decision record; same fields as case.decision.made, and its provenance.' });
export type DecisionView = Static<typeof DecisionSchema>;
export const DecisionListSchema = PageOf(DecisionSchema, 'Newest first.');

// --- GET /v1/cases/{caseId} ---
export const ScreeningSummarySchema = Type.Object({ totalHits: Type.Integer(), sanctionedHits: Type.Integer(), pepHits: Type.Integer() }, {
  description: 'Hits on the case; a hit dispositioned false_positive no longer counts.',
});
export type ScreeningSummaryView = Static<typeof ScreeningSummarySchema>;

/** A director or UBO in the pull API's full-parity projection. */
export const PullFullParityOwnerSchema = Type.Object({
  name: Type.String(), email: OptionalText(), roles: Type.Array(Type.String()), ownershipPercent: Nullable(Type.Number()), nationality: OptionalText(),
  dateOfBirth: Nullable(DateOnly()), idNumber: OptionalText(), idCountry: OptionalText(), countryOfResidence: OptionalText(), source: OptionalText(),
});
export type PullFullParityOwnerView = Static<typeof PullFullParityOwnerSchema>;


// --- POST /v1/cases ---
/**
 * Body of POST /v1/cases (decisions.md "POST /v1/cases"). Unknown fields are rejected: a typo must not
 * silently drop data.
 */
export const CreateCaseRequestSchema = Type.Object({
  customerEmail: Type.String({
    format: 'email', maxLength: 254,
    description: 'Who receives the invite. Any script; refused with control or invisible characters (a soft hyphen, a zero-width space), '
      + 'or a dot at the start or end of the part before the @ or two dots in a row there.',
  }),
  companyName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', 'x-message': 'must not be blank' }),
  customerName: Type.Optional(Type.String({ maxLength: 200 })),
  country: Type.Optional(Type.String({ maxLength: 100, description: 'Country name.' })),
  crmRecordId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Id of the upstream CRM record (case-sensitive); second dedup layer.' })),
  crmSource: Type.Optional(Type.String({ maxLength: 64, description: 'Name of the CRM.' })),
  sendInvite: Type.Optional(Type.Boolean({ default: true, description: 'Send the customer the magic-link invite email. Default true.' })),
  allowDuplicateCrmRecord: Type.Optional(Type.Boolean({ default: false, description: 'Bypass the (orgId, crmRecordId) guard.' })),
  allowDuplicate: Type.Optional(Type.Boolean({ default: false, description: 'Bypass the open-case guard; recorded in the tenant configuration audit log.' })),
}, { additionalProperties: false });
export type CreateCaseBody = Static<typeof CreateCaseRequestSchema>;

/** The contract's quirk: the create response says `in-progress` (hyphen) where every other surface says `in_progress`. */
export const CREATED_CASE_STATUSES = ['in-progress', ...CASE_STATUSES.filter((s) => s !== 'in_progress')] as const;

/** The response of POST /v1/cases (contract: "Case created through POST /v1/cases"); source is `api` for a case created this way. */
export const CreatedCaseSchema = Type.Object({
  caseId: Type.String({ description: 'UUID v4 for a created case (a replayed existing case keeps its own id, which may be CS-<year>-<00000>).' }),
  customerEmail: OptionalText({ description: 'Always set on a case created here; a crmRecordId replay of another case may have none.' }),
  customerName: OptionalText(),
  companyName: OptionalText({ description: 'Always set on a case created here.' }),
  crmRecordId: OptionalText(),
  crmSource: OptionalText(),
  source: CaseSourceSchema,
  status: StringEnum(CREATED_CASE_STATUSES, {
    description: 'Quirk kept from the contract: `in-progress` (hyphen) here, where every other surface says `in_progress`.',
  }),
  inviteSentAt: Nullable(DateTime(), {
    description: 'ISO 8601 UTC with milliseconds: when the invite email was accepted for sending (committed with the case; a job sends it and retries). Null when sendInvite is false.',
  }),
  customerPortalUrl: Type.String({
    format: 'uri',
    description: "The customer's single-use, expiring magic link. On a crmRecordId replay the portal address without a token (the link was issued to the first request only).",
  }),
  analystUrl: Type.String({ format: 'uri', description: '`{APP_URL}/cases?case=<caseId>`' }),
}, { description: 'The case created (source `api`, status `in-progress`), or on a crmRecordId replay the existing case.' });
export type CreatedCaseView = Static<typeof CreatedCaseSchema>;

/** The open case that blocks a POST /v1/cases for the same customer email (409 duplicate_open_case). */
export const ExistingOpenCaseSchema = Type.Object({ caseId: Type.String(), status: CaseStatusSchema, createdAt: DateTime() });
export type ExistingOpenCaseView = Static<typeof ExistingOpenCaseSchema>;

// --- POST {APP_URL}/api/cases/{caseId}/crm-record-id ---
export const CrmRecordIdRequestSchema = Type.Object({ crmRecordId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
export const CrmRecordIdResponseSchema = Type.Object({ caseId: Type.String(), crmRecordId: Type.String(), crmSource: OptionalText() });
export type CrmRecordIdView = Static<typeof CrmRecordIdResponseSchema>;

// --- POST /v1/cases/batch ---
/** At most this many cases in one batch (a larger batch is a 400). */
export const MAX_BATCH_CASES = 500;
export const BatchCaseItemSchema = Type.Object({
  ...CreateCaseRequestSchema.properties,
  idempotencyKey: Type.Optional(Type.String({
    minLength: 1, maxLength: 255,
    description: 'This item\'s Idempotency-Key (as the POST /v1/cases header: case-sensitive, kept 24 h, shared with single creations).',
  })),
}, { additionalProperties: false, description: 'A POST /v1/cases body, with an optional idempotencyKey of its own.' });
export const BatchCreateCasesRequestSchema = Type.Object({
  cases: Type.Array(BatchCaseItemSchema, {
    minItems: 1, maxItems: MAX_BATCH_CASES,
    description: `1 to ${MAX_BATCH_CASES} case bodies, created in order (keyless items up to 100 to a transaction). An item that breaks the rules is answered \`invalid\`; the others still run.`,
  }),
}, { additionalProperties: false });
export const BatchItemErrorSchema = Type.Object({
  error: Type.String({ description: 'validation_failed, idempotency_key_reused, idempotency_key_in_use or duplicate_open_case.' }),
  message: Type.String(),
}, { additionalProperties: true, description: 'The error body POST /v1/cases would have answered for this item (details, existing).' });
export const BatchItemResultSchema = Type.Object({
  index: Type.Integer({ minimum: 0, description: 'The item\'s position in `cases`.' }),
  status: StringEnum(['created', 'replayed', 'duplicate_open_case', 'invalid'] as const, {
    description: '`created`; `replayed`: an Idempotency-Key replay or the existing case of its crmRecordId (see `replay`); `duplicate_open_case`: the customer email has an open case (`error.existing`); `invalid`: the item was refused (`error`), nothing was written for it.',
  }),
  replay: Type.Optional(StringEnum(['idempotency_key', 'crm_record_id'] as const, { description: 'Why `replayed`.' })),
  case: Type.Optional(CreatedCaseSchema),
  error: Type.Optional(BatchItemErrorSchema),
});
export const BatchCreateCasesResponseSchema = Type.Object({
  data: Type.Array(BatchItemResultSchema, { description: 'One result per item, in the order of `cases`.' }),
  counts: Type.Object({
    created: Type.Integer({ minimum: 0 }), replayed: Type.Integer({ minimum: 0 }), duplicate_open_case: Type.Integer({ minimum: 0 }), invalid: Type.Integer({ minimum: 0 }),
  }),
});
export type BatchItemResultView = Static<typeof BatchItemResultSchema>;
export type BatchCreateCasesView = Static<typeof BatchCreateCasesResponseSchema>;
