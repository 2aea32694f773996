/**
 * A tenant's risk model: the weighted factors the risk engine scores a case on, the lists behind them
 * and the band thresholds. Stored as JSON, one row per version (risk_models); the newest version is
 * active and its row id is the `configId` of risk.assessed.
 *
 * Scoring (score-risk.ts): each factor gets a level (low, medium, high) worth 0, 50 or 100 points of
 * its own; the composite is the weighted sum (weights add up to 100), so it runs 0 to 100. A
 * `prohibited` country anywhere on the case forces the band `prohibited` whatever the score.
 */

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const COUNTRY_LEVELS = ['low', 'medium', 'high', 'prohibited'] as const;
export type CountryLevel = (typeof COUNTRY_LEVELS)[number];

/** Each factor's own score for a level (before its weight). */
export const LEVEL_SCORES: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 50, high: 100 };

export const RISK_FACTORS = ['country', 'industry', 'entityType', 'ownership', 'screening', 'international', 'documents'] as const;
export type RiskFactorKey = (typeof RISK_FACTORS)[number];

export const FACTOR_LABELS: Readonly<Record<RiskFactorKey, string>> = {
  country: 'Country of the company',
  industry: 'Industry',
  entityType: 'Entity type',
  ownership: 'Ownership (untraced ownership, offshore UBOs)',
  screening: 'Sanctions, PEP and adverse-media hits',
  international: 'International transactions',
  documents: 'Documents (errors, low confidence)',
};

/** A hit's own score by its outcome (a dismissed false_positive always scores 0). */
export interface HitScores {
  true_match: number;
  escalate: number;
  /** Not triaged and not dispositioned yet. */
  untriaged: number;
}

export const HIT_KINDS = ['sanctioned', 'pep', 'adverseMedia', 'other'] as const;
export type HitKind = (typeof HIT_KINDS)[number];

/** Keyword rule of a list (industry, entity type): the first whose `match` starts a word of the text (any letter case) gives the level. */
export interface KeywordLevel {
  match: string;
  level: RiskLevel;
}

export const BANDS = ['low', 'medium', 'high', 'prohibited'] as const;
export type Band = (typeof BANDS)[number];

export interface RiskModelDefinition {
  /** Weight of each factor, 0 to 100; together exactly 100. */
  weights: Record<RiskFactorKey, number>;
  /** ISO 3166-1 alpha-2 code -> level; `prohibited` forces the band. */
  countries: Record<string, CountryLevel>;
  /** Level of a country not in the list (or unknown). */
  unlistedCountryLevel: RiskLevel;
  /** Checked against the industry sector, then the business activity. */
  industries: KeywordLevel[];
  unlistedIndustryLevel: RiskLevel;
  entityTypes: KeywordLevel[];
  unlistedEntityTypeLevel: RiskLevel;
  ownership: {
    /**
     * Percent of the company not traced to a declared UBO (layered or undisclosed ownership) from which
     * ownership is medium, and high. A UBO resident in or a national of a high or prohibited country
     * (an offshore UBO) makes it high.
     */
    untracedMediumPercent: number;
    untracedHighPercent: number;
  };
  /** Each hit's score by its kind and outcome; the factor takes the highest. */
  screening: Record<HitKind, HitScores>;
  /** Level of a company that transacts internationally; a high country among its countries makes it high. */
  internationalLevel: RiskLevel;
  /** Composite score from which each band starts (medium < high; prohibited null: only forced by a country). */
  bands: { medium: number; high: number; prohibited: number | null };
  bandLabels: Record<Band, string>;
}

/**
 * The model a tenant starts with (stored as its version 1 on first use). The country list is a
 * starting point for the tenant's own (FATF call-for-action countries prohibited; jurisdictions under
 * broad sanctions or FATF increased monitoring, and common offshore centres, high): not legal advice.
 */
export const DEFAULT_RISK_MODEL: RiskModelDefinition = {
  weights: { country: 25, industry: 15, entityType: 10, ownership: 15, screening: 25, international: 5, documents: 5 },
  countries: {
    KP: 'prohibited', IR: 'prohibited',
    MM: 'high', SY: 'high', YE: 'high', AF: 'high', CU: 'high', RU: 'high', BY: 'high', SS: 'high', VE: 'high', HT: 'high', LB: 'high',
    VG: 'high', KY: 'high', BZ: 'high', SC: 'high', PA: 'high', MH: 'high', VU: 'high', WS: 'high', BS: 'high',
    AE: 'medium', TR: 'medium', NG: 'medium', ZA: 'medium', VN: 'medium', PH: 'medium', KE: 'medium', MC: 'medium',
  },
  unlistedCountryLevel: 'low',
  industries: [
    { match: 'gambling', level: 'high' }, { match: 'casino', level: 'high' }, { match: 'crypto', level: 'high' },
    { match: 'virtual asset', level: 'high' }, { match: 'money service', level: 'high' }, { match: 'money transfer', level: 'high' },
    { match: 'arms', level: 'high' }, { match: 'precious metal', level: 'high' }, { match: 'jewel', level: 'high' },
    { match: 'real estate', level: 'medium' }, { match: 'construction', level: 'medium' }, { match: 'mining', level: 'medium' },
    { match: 'oil', level: 'medium' }, { match: 'charity', level: 'medium' }, { match: 'used car', level: 'medium' },
  ],
  unlistedIndustryLevel: 'low',
  entityTypes: [
    { match: 'trust', level: 'high' }, { match: 'foundation', level: 'high' },
    { match: 'partnership', level: 'medium' }, { match: 'charity', level: 'medium' },
  ],
  unlistedEntityTypeLevel: 'low',
  ownership: { untracedMediumPercent: 25, untracedHighPercent: 50 },
  screening: {
    sanctioned: { true_match: 100, escalate: 80, untriaged: 80 },
    pep: { true_match: 60, escalate: 40, untriaged: 40 },
    adverseMedia: { true_match: 50, escalate: 30, untriaged: 30 },
    other: { true_match: 40, escalate: 20, untriaged: 20 },
  },
  internationalLevel: 'medium',
  bands: { medium: 30, high: 60, prohibited: null },
  bandLabels: { low: 'Low risk', medium: 'Medium risk', high: 'High risk', prohibited: 'Prohibited' },
};
