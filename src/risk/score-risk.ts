import { countryCodeOf } from '../countries';
import type { CaseFacts, CaseFactsHit } from './case-facts.repository';
import {
  FACTOR_LABELS, LEVEL_SCORES, RISK_FACTORS,
  type Band, type CountryLevel, type HitKind, type KeywordLevel, type RiskFactorKey, type RiskLevel, type RiskModelDefinition,
} from './risk-model';

/** `1 document`, `2 documents`: a count in words, never `document(s)`. */
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One factor of an assessment: its own score (0 to 100), its weight, the points it adds, and why. */
export interface RiskFactorResult {
  factor: RiskFactorKey;
  label: string;
  weight: number;
  score: number;
  points: number;
  detail: string;
}

export interface RiskScore {
  compositeScore: number;
  band: Band;
  bandLabel: string;
  /** Set when a prohibited country forced the band: which country, where on the case. */
  prohibitedBy: string | null;
  factors: RiskFactorResult[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const RANK: Readonly<Record<CountryLevel, number>> = { low: 0, medium: 1, high: 2, prohibited: 3 };
const highest = <T extends CountryLevel>(levels: T[], floor: T): T => levels.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), floor);

/** Whether `keyword` starts a word of `text` (any letter case): "oil" matches "Oil and gas" and "oilfield services", not "soil testing". */
export function startsAWord(text: string, keyword: string): boolean {
  const escaped = keyword.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}`, 'u').test(text.toLowerCase());
}

function keywordLevel(rules: KeywordLevel[], texts: (string | null)[], unlisted: RiskLevel): { level: RiskLevel; match: string | null } {
  for (const text of texts) {
    if (!text) continue;
    const rule = rules.find((r) => startsAWord(text, r.match));
    if (rule) return { level: rule.level, match: rule.match };
  }
  return { level: unlisted, match: null };
}

function hitKind(h: CaseFactsHit): HitKind {
  if (h.isAdverseMedia) return 'adverseMedia';
  if (h.isSanctioned) return 'sanctioned';
  if (h.isPep) return 'pep';
  return 'other';
}

/** The band of a composite score under the model's thresholds (a score exactly at a threshold is in the higher band). */
export function bandOf(model: RiskModelDefinition, score: number): Band {
  if (model.bands.prohibited !== null && score >= model.bands.prohibited) return 'prohibited';
  if (score >= model.bands.high) return 'high';
  if (score >= model.bands.medium) return 'medium';
  return 'low';
}

/**
 * Scores a case's facts under a risk model: pure, deterministic. The composite is the weighted sum of
 * the factors' own scores (rounded to 2 decimals, as stored); the band follows the thresholds, except
 * that a prohibited country (the company's, a director's or UBO's nationality, residence or ID
 * country, or a country it trades with) forces `prohibited`.
 */
export function scoreRisk(model: RiskModelDefinition, facts: CaseFacts): RiskScore {
  const countryLevel = (code: string | null): CountryLevel => {
    const iso = countryCodeOf(code);
    return (iso && model.countries[iso.toUpperCase()]) || model.unlistedCountryLevel;
  };
  const own: Record<RiskFactorKey, { score: number; detail: string }> = {} as never;

  // Country of the company.
  const companyLevel = countryLevel(facts.country);
  own.country = { score: companyLevel === 'prohibited' ? 100 : LEVEL_SCORES[companyLevel], detail: `${facts.country ?? 'unknown'}: ${companyLevel}` };

  const industry = keywordLevel(model.industries, [facts.industrySector, facts.businessActivity], model.unlistedIndustryLevel);
  own.industry = { score: LEVEL_SCORES[industry.level], detail: industry.match ? `matches "${industry.match}": ${industry.level}` : `not listed: ${industry.level}` };

  const entity = keywordLevel(model.entityTypes, [facts.entityType], model.unlistedEntityTypeLevel);
  own.entityType = { score: LEVEL_SCORES[entity.level], detail: `${facts.entityType ?? 'unknown'}${entity.match ? ` (matches "${entity.match}")` : ''}: ${entity.level}` };

  // Ownership: offshore UBOs, else the share not traced to a declared UBO.
  const ubos = facts.parties.filter((p) => p.kind === 'ubo');
  const offshore = ubos.filter((u) => RANK[highest([countryLevel(u.nationality), countryLevel(u.countryOfResidence)], 'low')] >= RANK.high);
  if (offshore.length) {
    own.ownership = { score: 100, detail: `${count(offshore.length, 'offshore UBO')} (nationality or residence in a high-risk country)` };
  } else if (facts.hasUbos === false) {
    own.ownership = { score: 0, detail: 'no person owns or controls 25% or more' };
  } else if (ubos.length === 0) {
    own.ownership = { score: LEVEL_SCORES.medium, detail: 'no UBO declared' };
  } else {
    const traced = ubos.reduce((sum, u) => sum + (u.ownershipPercent ?? 0), 0);
    const untraced = Math.max(0, round2(100 - traced));
    const level: RiskLevel = untraced >= model.ownership.untracedHighPercent ? 'high' : untraced >= model.ownership.untracedMediumPercent ? 'medium' : 'low';
    own.ownership = { score: LEVEL_SCORES[level], detail: `${untraced}% not traced to a declared UBO: ${level}` };
  }

  // Screening: the highest-scoring hit by its kind and outcome; a false positive scores 0.
  let hitScore = 0;
  let worst = 'no hits';
  for (const h of facts.hits) {
    const kind = hitKind(h);
    const score = h.outcome === 'false_positive' ? 0 : model.screening[kind][h.outcome];
    if (score > hitScore) {
      hitScore = score;
      worst = `${kind} hit ${h.hitId} (${h.outcome})`;
    }
  }
  if (facts.hits.length && hitScore === 0) worst = `${count(facts.hits.length, 'hit')}, all false positives`;
  own.screening = { score: hitScore, detail: worst };

  // International transactions: the model's level, raised to high by a high-risk country traded with.
  if (!facts.transactsInternationally) own.international = { score: 0, detail: 'does not transact internationally' };
  else {
    const traded = highest(facts.internationalCountries.map(countryLevel), 'low');
    const level: RiskLevel = RANK[traded] >= RANK.high ? 'high' : model.internationalLevel;
    own.international = { score: LEVEL_SCORES[level], detail: `transacts internationally (${facts.internationalCountries.join(', ') || 'countries not given'}): ${level}` };
  }

  const inError = facts.documents.filter((d) => d.status === 'error').length;
  const low = facts.documents.filter((d) => d.status !== 'error' && d.confidence === 'Low').length;
  own.documents = inError
    ? { score: 100, detail: `${count(inError, 'document')} in error` }
    : low ? { score: 50, detail: `${count(low, 'document')} with Low confidence` } : { score: 0, detail: `${count(facts.documents.length, 'document')}, none in error or Low confidence` };

  const factors = RISK_FACTORS.map((f): RiskFactorResult => ({
    factor: f, label: FACTOR_LABELS[f], weight: model.weights[f], score: own[f].score, points: round2((model.weights[f] * own[f].score) / 100), detail: own[f].detail,
  }));
  const compositeScore = Math.min(100, Math.max(0, round2(factors.reduce((sum, f) => sum + f.points, 0))));

  // The prohibited override: any country on the case.
  const places: [string, string | null][] = [
    ['company country', facts.country],
    ...facts.parties.flatMap((p): [string, string | null][] => [
      [`${p.kind} ${p.name} nationality`, p.nationality], [`${p.kind} ${p.name} residence`, p.countryOfResidence], [`${p.kind} ${p.name} ID country`, p.idCountry],
    ]),
    ...(facts.transactsInternationally ? facts.internationalCountries.map((c): [string, string | null] => ['international transactions', c]) : []),
  ];
  const prohibited = places.find(([, code]) => code !== null && countryLevel(code) === 'prohibited');
  const prohibitedBy = prohibited ? `${prohibited[0]}: ${countryCodeOf(prohibited[1])}` : null;
  const band: Band = prohibitedBy ? 'prohibited' : bandOf(model, compositeScore);
  return { compositeScore, band, bandLabel: model.bandLabels[band], prohibitedBy, factors };
}
