import { DateTime, Nullable, OptionalText, Type, type Static } from '../wire';

/**
 * A decision's provenance: the immutable snapshot, written with the decision in its transaction, of what
 * the decision rested on (decisions table, `provenance`). Built by src/decisions (collectDecisionProvenance);
 * its shape is declared here because src/cases owns the decision wire (GET /v1/cases/{caseId}/decisions).
 * Null on decisions recorded before provenance existed.
 */
const Loose = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

export const ProvenancePolicySchema = Type.Object({
  policyId: Type.Integer(),
  name: Type.String(),
  version: Type.Integer({ description: 'The decision policy version evaluated (retrievable by version: replayDecision).' }),
  outcome: Type.String({ description: 'The routing outcome that version reached on these facts: AUTO_APPROVE, REVIEW_LEVEL_1, REVIEW_LEVEL_2 or DECLINE.' }),
  matchedRuleIndex: Nullable(Type.Integer(), { description: 'Zero-based; null for the default branch and the age gate.' }),
  matchedRuleName: OptionalText(),
  gate: OptionalText({ description: 'age_gate when the age gate decided before the rules.' }),
  facts: Loose('The facts the rules saw (the policy facts at the decision).'),
});

export const ProvenanceRiskSchema = Type.Object({
  assessmentId: Type.Integer(),
  modelId: Type.Integer(),
  modelVersion: Nullable(Type.Integer()),
  compositeScore: Type.Number(),
  band: Type.String(),
  bandLabel: Type.String(),
  factors: Type.Array(Loose('factor, label, weight, score, points, detail')),
  assessedBy: Type.String(),
  assessedAt: DateTime(),
});

export const ProvenanceHitSchema = Type.Object({
  hitId: Type.String(),
  subjectName: OptionalText(),
  subjectRole: OptionalText(),
  caption: OptionalText(),
  isPep: Type.Boolean(),
  isSanctioned: Type.Boolean(),
  source: Type.String(),
  score: Nullable(Type.Number()),
  triage: Nullable(Type.Object({
    disposition: OptionalText(), reason: OptionalText(), provider: OptionalText(), model: OptionalText(), promptVersion: OptionalText(),
    triagedAt: Nullable(DateTime()),
  })),
  disposition: OptionalText({ description: "The member's disposition (true_match, false_positive, escalate), or null." }),
  dispositionNote: OptionalText(),
  dispositionBy: OptionalText(),
  dispositionedAt: Nullable(DateTime()),
});

export const DecisionProvenanceSchema = Type.Object({
  schemaVersion: Type.Literal(1),
  recordedAt: DateTime(),
  decision: Type.Object({
    outcome: Type.String(),
    decidedBy: Type.String(),
    auto: Type.Boolean(),
    reason: OptionalText(),
    override: Nullable(Type.Object({ reason: Type.String(), blockers: Type.Array(Loose('code, message, subject')), approvedBy: OptionalText() })),
  }),
  policy: Nullable(ProvenancePolicySchema),
  risk: Nullable(ProvenanceRiskSchema),
  screening: Type.Object({
    watchlistVersion: OptionalText(),
    watchlistVersionSource: Type.String({ description: 'provider_at_decision: the screening provider\'s list version read when the decision was recorded.' }),
    hits: Type.Array(ProvenanceHitSchema),
  }),
  aiReview: Nullable(Type.Object({
    id: Type.Integer(), model: Type.String(), promptVersion: OptionalText(), recommendation: Type.String(), confidence: Type.String(), completedAt: DateTime(),
  })),
  documents: Type.Object({
    extractionEngine: Type.String({ description: 'The extraction engine (name and version) in service when the decision was recorded.' }),
    items: Type.Array(Type.Object({
      id: Type.Integer(), filename: Type.String(), documentType: OptionalText(), status: Type.String(), confidence: OptionalText(),
      sha256: OptionalText({ description: 'Hex SHA-256 of the stored bytes; null once purged.' }), sizeBytes: Type.Integer(), purgedAt: Nullable(DateTime()),
    })),
  }),
  identityVerifications: Type.Array(Type.Object({
    personKey: Type.String(), name: Type.String(), roles: Type.Array(Type.String()), outcome: OptionalText(), status: OptionalText(),
    vendorName: OptionalText(), completedAt: Nullable(DateTime()), satisfiedByDocId: Nullable(Type.Number()),
  })),
  edd: Type.Array(Type.Object({
    reqKey: Type.String(), label: Type.String(), source: Type.String(), status: Type.String(), updatedBy: Type.String(), updatedAt: DateTime(),
  })),
  members: Type.Array(Type.Object({ name: Type.String(), roles: Type.Array(Type.String()) }), {
    description: 'Everyone whose act the decision rests on, and how: decided, approved_override, owner, dispositioned_hit, changed_edd, dispatched_idv.',
  }),
}, { description: 'What the decision rested on, as it stood when it was recorded (immutable).' });
export type DecisionProvenance = Static<typeof DecisionProvenanceSchema>;
