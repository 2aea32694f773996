import { DateTime, Nullable, OptionalText, PageOf, StringEnum, Type, type Static } from '../wire';
import { DISPOSITIONS, HIT_ENTITY_SCHEMAS, HIT_SOURCES, TRIAGE_STATUSES } from './screening-hit.entity';

/** Wire shapes of screening (GET /v1/cases/{caseId}/screening and the disposition endpoint). */
export const DispositionSchema = StringEnum(DISPOSITIONS, { description: 'A verdict on a hit.' });
export const HitSourceSchema = StringEnum(HIT_SOURCES);

/**
 * One screening hit of a case's history: the screening_hits record, with the fields of
 * screening.hit.detected, the AI triage of screening.hit.triaged (when it ran), and the human
 * disposition (POST /v1/cases/{caseId}/screening/disposition or the console).
 */
export const ScreeningHitSchema = Type.Object({
  hitId: Type.String({ description: 'Raw vendor id, `vn:<slug>` or `am:<id>`, as in screening.hit.detected.' }),
  caseId: Type.String(),
  subjectId: OptionalText(),
  subjectName: OptionalText(),
  subjectRole: OptionalText(),
  caption: OptionalText(),
  schema: Nullable(StringEnum(HIT_ENTITY_SCHEMAS)),
  score: Nullable(Type.Number()),
  topics: Type.Array(Type.String()),
  position: Type.Array(Type.String()),
  nationality: Type.Array(Type.String()),
  isPep: Type.Boolean(),
  isSanctioned: Type.Boolean(),
  source: HitSourceSchema,
  detectedAt: DateTime(),
  triage: Nullable(Type.Object({
    status: StringEnum(TRIAGE_STATUSES),
    confidence: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    disposition: Nullable(DispositionSchema),
    shortReason: OptionalText(),
    provider: OptionalText({ description: 'The triage engine (screening.hit.triaged\'s provider): `svc-rules` for the local deterministic rules.' }),
    model: OptionalText({ description: 'The model (or rule set) identifier, e.g. `rules-v1`.' }),
    promptVersion: OptionalText({ description: 'Version of the prompt or rule set, currently `1`.' }),
    triagedAt: Nullable(DateTime()),
  }), { description: 'The AI triage of screening.hit.triaged, when it ran.' }),
  disposition: Nullable(DispositionSchema, { description: 'The human disposition.' }),
  dispositionNote: OptionalText(),
  dispositionBy: OptionalText({ description: 'Analyst email, or `api_client:<clientId>` when set through the API.' }),
  dispositionedAt: Nullable(DateTime()),
  changes: Type.Optional(Type.Array(Type.String(), {
    description: 'Present when the hit was raised again after its subject and entity had been cleared as a false positive: what changed since (new alias, new topic, changed date of birth ...).',
  })),
}, { description: 'A screening hit with its triage and disposition; pairs with screening.hit.detected and screening.hit.triaged on (caseId, hitId).' });
export type ScreeningHitView = Static<typeof ScreeningHitSchema>;

export const ScreeningHitListSchema = PageOf(ScreeningHitSchema, 'Newest first.');

/** Body of POST /v1/cases/{caseId}/screening/disposition. */
export const DispositionRequestSchema = Type.Object({
  hitId: Type.String({ minLength: 1, maxLength: 191, description: 'The hit id as in screening.hit.detected and the screening history.' }),
  disposition: DispositionSchema,
  note: Type.Optional(Type.String({ maxLength: 2000 })),
}, { additionalProperties: false });
export type DispositionBody = Static<typeof DispositionRequestSchema>;
