import { DateTime, Nullable, OptionalText, PageOf, StringEnum, Type, type Static } from '../wire';
import { DISPOSITIONS, HIT_ENTITY_SCHEMAS, HIT_SOURCES, TRIAGE_STATUSES } from './screening-hit.entity';

/** Wire shapes of screening (GET /v1/cases/{caseId}/screening and the disposition endpoint). */
export const DispositionSchema = StringEnum(DISPOSITIONS, { description: 'A verdict on a hit.' });
export const HitSourceSchema = StringEnum(HIT_SOURCES);

/** How a query word was paired with a listed word (the matcher's explanation). */
const TokenMatchSchema = Type.Object({
  query: Type.String(),
  matched: Type.String(),
  how: StringEnum(['exact', 'transliterated', 'phonetic', 'edit_distance', 'initial', 'joined'] as const),
  similarity: Type.Number({ minimum: 0, maximum: 1 }),
});
const FeatureEffectSchema = Type.Object({
  effect: Type.Number({ description: 'Added to the name score (negative lowers it).' }),
  reason: Type.String(),
});

/** Why an entity matched: which of its names, how each word paired, what date of birth and nationality did. */
export const MatchExplanationSchema = Type.Object({
  name: Type.Object({
    text: Type.String({ description: 'The listed name that matched best, as listed.' }),
    kind: StringEnum(['name', 'alias', 'weakAlias', 'previousName'] as const),
  }),
  tokens: Type.Array(TokenMatchSchema),
  unmatched: Type.Object({ query: Type.Array(Type.String()), listed: Type.Array(Type.String()) }),
  nameScore: Type.Number({ minimum: 0, maximum: 1 }),
  birthDate: Type.Optional(FeatureEffectSchema),
  nationality: Type.Optional(FeatureEffectSchema),
  score: Type.Number(),
}, { description: 'Why the entity matched: the listed name, the word pairs and how each matched, the name score, and what the date of birth and nationality did.' });

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
  explanation: Type.Optional(MatchExplanationSchema),
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

/** Body of POST /v1/screening/match (and the console's screenName input). */
export const ScreenNameRequestSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', 'x-message': 'must be a name of 1 to 200 characters, not blank', description: 'A person\'s or a company\'s name, in any script.' }),
  schema: Type.Optional(StringEnum(['Person', 'Company'] as const, { description: 'What the name is of. Default Person.' })),
  birthDate: Type.Optional(Nullable(Type.String({ pattern: '^\\d{4}(-\\d{2}(-\\d{2})?)?$', 'x-message': 'must be a date as YYYY, YYYY-MM or YYYY-MM-DD', description: 'YYYY, YYYY-MM or YYYY-MM-DD.' }))),
  nationality: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 60, description: 'ISO 3166-1 alpha-2 (or alpha-3, or an English country name).' }))),
  country: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 60, description: 'Residence of a person, jurisdiction of a company; as nationality.' }))),
  datasets: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20, description: 'Only entities of these datasets; all when absent or empty.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'Candidates at most, default 10.' })),
}, { additionalProperties: false });
export type ScreenNameInput = Static<typeof ScreenNameRequestSchema>;

/** One candidate of an ad-hoc screening search. */
export const ScreeningCandidateSchema = Type.Object({
  entityId: Type.String({ description: 'The watchlist entity id (a case hit\'s `hitId`).' }),
  caption: Type.String(),
  schema: StringEnum(HIT_ENTITY_SCHEMAS),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  match: Type.Boolean({ description: 'Whether the score reaches the tenant\'s match threshold (a case would get a hit).' }),
  topics: Type.Array(Type.String()),
  datasets: Type.Array(Type.String()),
  birthDates: Type.Array(Type.String()),
  nationality: Type.Array(Type.String()),
  countries: Type.Array(Type.String()),
  isPep: Type.Boolean(),
  isSanctioned: Type.Boolean(),
  explanation: Nullable(MatchExplanationSchema, { description: 'Null from a provider that does not explain its scores (yente).' }),
});
export type ScreeningCandidateView = Static<typeof ScreeningCandidateSchema>;

export const ScreenNameResultSchema = Type.Object({
  data: Type.Array(ScreeningCandidateSchema, { description: 'Best first; candidates under the threshold are included down to a floor, with `match: false`.' }),
  threshold: Type.Number({ description: 'The match threshold applied.' }),
  listVersion: Type.String({ description: 'The watchlist version searched.' }),
});
export type ScreenNameResult = Static<typeof ScreenNameResultSchema>;
