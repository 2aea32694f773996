import type { VerificationFacts } from '../idv/index';
import type { CaseFacts } from '../risk/index';

/**
 * The facts a decision policy's rules see, computed from a case's facts (pure). Flat names so that a
 * condition is `{fact, operator, value}` with no path. Unknown values are null (a numeric comparison
 * with null is false in json-rules-engine).
 */
export interface PolicyFacts {
  /** The stored risk band and composite score (null before the first assessment). */
  band: string | null;
  compositeScore: number | null;
  hitsTotal: number;
  hitsSanctioned: number;
  hitsPep: number;
  /** Hits by outcome: the analyst's disposition, else the AI triage's, else untriaged. */
  hitsUntriaged: number;
  hitsTrueMatch: number;
  hitsEscalate: number;
  hitsFalsePositive: number;
  /** Sanctions hits not yet resolved (untriaged or escalate). */
  sanctionedUnresolved: number;
  /** Sanctions hits confirmed (true_match). */
  sanctionedTrueMatch: number;
  documentsTotal: number;
  documentsInError: number;
  documentsLowConfidence: number;
  /** Documents still being extracted. */
  documentsPending: number;
  /** The lowest confidence among extracted documents: High, Medium, Low, or null when none. */
  lowestDocumentConfidence: string | null;
  /** ISO 3166-1 alpha-2 of the company's country when recognised. */
  country: string | null;
  entityType: string | null;
  /** The entity type is one of the policy's individual entity types. */
  isIndividual: boolean;
  /** The individual applicant's age in full years at evaluation (null for a company, or no date of birth). */
  customerAge: number | null;
  /** The latest AI case review's recommendation (Approve, Refer, Decline), or null. */
  aiRecommendation: string | null;
  /** Every director, UBO and signatory passed identity verification or has an accepted ID on file (true when there is nobody to verify). */
  idvAllPassed: boolean;
  /** Some person's identity verification failed. */
  idvAnyFailed: boolean;
  /** Identity verifications still outstanding (links not yet answered). */
  idvOutstanding: number;
}

export const POLICY_FACTS: readonly (keyof PolicyFacts)[] = [
  'band', 'compositeScore', 'hitsTotal', 'hitsSanctioned', 'hitsPep', 'hitsUntriaged', 'hitsTrueMatch', 'hitsEscalate', 'hitsFalsePositive',
  'sanctionedUnresolved', 'sanctionedTrueMatch', 'documentsTotal', 'documentsInError', 'documentsLowConfidence', 'documentsPending',
  'lowestDocumentConfidence', 'country', 'entityType', 'isIndividual', 'customerAge', 'aiRecommendation',
  'idvAllPassed', 'idvAnyFailed', 'idvOutstanding',
];

const normal = (s: string) => s.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** Full years from a YYYY-MM-DD birth date to `at` (UTC). */
export function ageOn(dateOfBirth: string, at: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age--;
  return age;
}

/**
 * The individual applicant's date of birth: the director or UBO whose email is the customer's email,
 * else the first director, else the first UBO (the portal stores a person's details as a party).
 */
export function applicantDateOfBirth(facts: CaseFacts): string | null {
  const email = facts.customerEmail?.trim().toLowerCase();
  const byEmail = email ? facts.parties.find((p) => p.email?.trim().toLowerCase() === email) : undefined;
  const applicant = byEmail ?? facts.parties.find((p) => p.kind === 'director') ?? facts.parties.find((p) => p.kind === 'ubo');
  return applicant?.dateOfBirth ?? null;
}

const CONFIDENCE_ORDER = ['Low', 'Medium', 'High'];

export function policyFacts(
  facts: CaseFacts, extra: { aiRecommendation: string | null; individualEntityTypes: string[]; at: Date; idv?: VerificationFacts },
): PolicyFacts {
  const count = (pred: (h: CaseFacts['hits'][number]) => boolean) => facts.hits.filter(pred).length;
  const extracted = facts.documents.filter((d) => d.confidence !== null && d.status !== 'error' && d.status !== 'processing');
  const lowest = extracted.map((d) => d.confidence!).sort((a, b) => CONFIDENCE_ORDER.indexOf(a) - CONFIDENCE_ORDER.indexOf(b))[0] ?? null;
  const individuals = new Set(extra.individualEntityTypes.map(normal));
  const isIndividual = facts.entityType !== null && individuals.has(normal(facts.entityType));
  const dob = isIndividual ? applicantDateOfBirth(facts) : null;
  return {
    band: facts.riskBand,
    compositeScore: facts.riskScore,
    hitsTotal: facts.hits.length,
    hitsSanctioned: count((h) => h.isSanctioned),
    hitsPep: count((h) => h.isPep),
    hitsUntriaged: count((h) => h.outcome === 'untriaged'),
    hitsTrueMatch: count((h) => h.outcome === 'true_match'),
    hitsEscalate: count((h) => h.outcome === 'escalate'),
    hitsFalsePositive: count((h) => h.outcome === 'false_positive'),
    sanctionedUnresolved: count((h) => h.isSanctioned && (h.outcome === 'untriaged' || h.outcome === 'escalate')),
    sanctionedTrueMatch: count((h) => h.isSanctioned && h.outcome === 'true_match'),
    documentsTotal: facts.documents.length,
    documentsInError: facts.documents.filter((d) => d.status === 'error').length,
    documentsLowConfidence: extracted.filter((d) => d.confidence === 'Low').length,
    documentsPending: facts.documents.filter((d) => d.status === 'processing').length,
    lowestDocumentConfidence: lowest,
    country: facts.country,
    entityType: facts.entityType,
    isIndividual,
    customerAge: dob ? ageOn(dob, extra.at) : null,
    aiRecommendation: extra.aiRecommendation,
    idvAllPassed: extra.idv?.allPassed ?? true,
    idvAnyFailed: extra.idv?.anyFailed ?? false,
    idvOutstanding: extra.idv?.outstanding ?? 0,
  };
}
