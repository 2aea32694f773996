import {
  caseSummaryFields, CaseStatusSchema, CurrentDecisionSchema, DecisionOutcomeSchema, PullFullParityOwnerSchema, PURGED_AT, RiskBandSchema,
  ScreeningSummarySchema,
} from '../cases/index';
import { DOCUMENT_CONFIDENCES, DOCUMENT_STATUSES } from '../documents/index';
import { InviteStatusSchema } from '../invites/index';
import { DateOnly, DateTime, Nullable, OptionalText, StringEnum, Type, type Static } from '../wire';

// The case file as the pull API returns it: one case with its decision, risk, screening summary and invite,
// and the contract's full-parity projection (documents included), composed from the features that own them.

/**
 * The contract's full-parity projection as GET /v1/cases/{caseId} returns it. Why a second shape beside
 * the event's (schemas/webhooks/common/full-parity.v1.json, the generated `FullParity` type): the event is
 * emitted once a decision is recorded, so it promises a decision, a risk assessment and every profile
 * string; the pull API answers for a case at any stage, where the company profile, the owners' details,
 * the decision and the risk assessment may not exist yet. Those are null here, never invented.
 */
export const PullFullParitySchema = Type.Object({
  caseId: Type.String(), orgId: Type.String(), status: CaseStatusSchema, crmRecordId: OptionalText(), crmSource: OptionalText(),
  // Optional in the schema only so that the event's FullParity (which has no purgedAt) is also a valid PullFullParity; the pull API always sends it.
  purgedAt: Type.Optional(Nullable(DateTime(), { description: PURGED_AT })),
  companyProfile: Nullable(Type.Object({
    companyName: OptionalText(), registrationNumber: OptionalText(), country: OptionalText(), entityType: OptionalText(),
    incorporationDate: Nullable(DateOnly()), registeredAddress: OptionalText(), taxId: OptionalText(), vatNumber: OptionalText(),
    businessActivity: OptionalText(), industrySector: OptionalText(), annualRevenue: OptionalText(), website: OptionalText(),
    customerEmail: OptionalText(), sourceOfFunds: OptionalText(), transactsInternationally: Type.Boolean(),
    internationalCountries: Type.Array(Type.String()), customAnswers: Type.Record(Type.String(), Type.Unknown()),
  }), { description: 'Null once the personal data was purged (purgedAt).' }),
  ownership: Nullable(Type.Object({ directors: Type.Array(PullFullParityOwnerSchema), ubos: Type.Array(PullFullParityOwnerSchema) }), {
    description: 'Null once the personal data was purged (purgedAt).',
  }),
  documents: Nullable(Type.Array(Type.Object({
    id: Type.Integer(), documentType: OptionalText(), filename: Type.String(), mimeType: Type.String(), sizeBytes: Type.Integer(),
    status: StringEnum(DOCUMENT_STATUSES), confidence: Nullable(StringEnum(DOCUMENT_CONFIDENCES)), uploadedAt: DateTime(),
    warnings: Type.Array(Type.Unknown()), notes: OptionalText(), extractedData: Type.Record(Type.String(), Type.Unknown(), { description: 'The complete extracted data.' }),
  })), { description: 'Null once the personal data was purged (purgedAt).' }),
  decision: Nullable(Type.Object({ outcome: DecisionOutcomeSchema, notes: Type.String(), analystEmail: Type.String(), decidedAt: DateTime() })),
  risk: Nullable(Type.Object({ compositeScore: Type.Number(), band: RiskBandSchema, assessedAt: DateTime() })),
  screeningSummary: ScreeningSummarySchema,
}, {
  description: "The contract's full-parity projection of a case at any stage: what the case does not have yet is null (unlike the decision-time event's). "
    + 'On a purged case (purgedAt) the personal parts, companyProfile, ownership and documents, are null; ids, status, decision, risk and screening summary stay.',
});
export type PullFullParityView = Static<typeof PullFullParitySchema>;

export const CaseDetailSchema = Type.Object({
  ...caseSummaryFields,
  decision: Nullable(CurrentDecisionSchema, { description: 'The current (latest) decision.' }),
  riskBand: Nullable(RiskBandSchema),
  riskScore: Nullable(Type.Number()),
  screeningSummary: ScreeningSummarySchema,
  inviteSentAt: Nullable(DateTime(), { description: 'When the invite email was accepted for sending; null when sendInvite was false.' }),
  invite: Nullable(InviteStatusSchema, { description: 'The latest invite and its delivery state.' }),
  purgedAt: Nullable(DateTime(), { description: PURGED_AT }),
  fullParity: Type.Optional(Type.Unsafe<PullFullParityView>({
    allOf: [PullFullParitySchema],
    description: 'Present only when the tenant has full-parity egress enabled and the token has read:full_case.',
  })),
}, { description: 'One case with its current decision, risk band, screening summary and invite.' });
export type CaseDetailView = Static<typeof CaseDetailSchema>;
