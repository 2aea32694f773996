/**
 * The ScreeningProvider port: matches a case's parties against sanctions and PEP lists. The local default
 * is an in-process matcher over a FollowTheMoney JSON-lines watchlist (WATCHLIST_PATH); an adapter for
 * OpenSanctions' self-hosted matching API (yente `/match`) sits behind the same port.
 */

/** One screened party of a case. */
export interface ScreeningSubject {
  /** Stable within the case: `company`, or `director:<n>` / `ubo:<n>` (its index in the application). */
  subjectId: string;
  name: string;
  role: 'company' | 'director' | 'ubo';
  schema: 'Person' | 'Company';
  /** YYYY-MM-DD when known. */
  birthDate: string | null;
  /** ISO 3166-1 alpha-2 when known (nationality of a person). */
  nationality: string | null;
  /** ISO 3166-1 alpha-2 when known (jurisdiction of a company, residence of a person). */
  country: string | null;
}

/** One watchlist entity that matched a subject. */
export interface ScreeningMatch {
  /** The watchlist entity id (the raw vendor id): the hit's `hitId`. */
  entityId: string;
  /** The entity's display name. */
  caption: string;
  schema: 'Person' | 'Company';
  /** 0..1, how well the entity matches the subject. */
  score: number;
  topics: string[];
  positions: string[];
  nationality: string[];
  birthDates: string[];
  countries: string[];
  datasets: string[];
  isPep: boolean;
  isSanctioned: boolean;
  /** Why it matched (the local provider; absent from providers that do not say). */
  explanation?: MatchExplanation;
  /** The entity's names, aliases (strong: alias, previousName), weak aliases and sanction programmes, when the provider knows them (what a cleared hit fingerprints). */
  names?: string[];
  aliases?: string[];
  weakAliases?: string[];
  programs?: string[];
}

/** How a query word was paired with a listed word. */
export type TokenMatchHow = 'exact' | 'transliterated' | 'phonetic' | 'edit_distance' | 'initial' | 'joined';

/** What a corroborating feature did to the score: `effect` is added to the name score. */
export interface FeatureEffectView {
  effect: number;
  reason: string;
}

/**
 * Why an entity matched, small and JSON-serialisable: which of its names matched and how each word was
 * paired, the name score, what the date of birth and the nationality (a company: jurisdiction) did, and
 * the final score.
 */
export interface MatchExplanation {
  /** The entity's name that matched best: its primary name, an alias, a weak alias or a previous name, as listed. */
  name: { text: string; kind: 'name' | 'alias' | 'weakAlias' | 'previousName' };
  tokens: { query: string; matched: string; how: TokenMatchHow; similarity: number }[];
  /** Words of the query, and of the listed name, that have no counterpart. */
  unmatched: { query: string[]; listed: string[] };
  /** 0..1, the names alone (a weak alias counts WEAK_ALIAS_FACTOR of its similarity). */
  nameScore: number;
  birthDate?: FeatureEffectView;
  nationality?: FeatureEffectView;
  score: number;
}

/** An ad-hoc search of the watchlist (an analyst's or an integrator's question, not a case's party). */
export interface WatchlistQuery {
  name: string;
  schema: 'Person' | 'Company';
  birthDate?: string | null;
  nationality?: string | null;
  country?: string | null;
  /** Only entities of these datasets (any of them); all when absent or empty. */
  datasets?: string[];
}

/** A candidate of a search: the entity, its score and explanation, and whether it counts as a match at the provider's threshold. */
export interface WatchlistCandidate extends ScreeningMatch {
  explanation: MatchExplanation;
  isMatch: boolean;
}

/** How a date of birth corroborates a name: the full date (`exact`), the year only (`year`), or not at all (`none`). */
export const BIRTH_DATE_TOLERANCES = ['exact', 'year', 'none'] as const;
export type BirthDateTolerance = (typeof BIRTH_DATE_TOLERANCES)[number];

/**
 * A tenant's screening settings as a query's options (every field optional: absent, the provider's own
 * default). The local provider honours all of them; yente takes the threshold and datasets where its API
 * allows and the rest is filtered on its answer.
 */
export interface ScreeningQueryOptions {
  /** Score (0..1) a match needs; default the provider's (SCREENING_MATCH_THRESHOLD). */
  threshold?: number;
  /** OpenSanctions topics that count (a topic also covers its subtopics: `crime` covers `crime.fin`); empty or absent: all. */
  topics?: readonly string[];
  /** Datasets that count; empty or absent: all. */
  datasets?: readonly string[];
  birthDateTolerance?: BirthDateTolerance;
  /** Whether names listed as weak aliases (FtM `weakAlias`) may match; default false. */
  weakAliases?: boolean;
}

/** Whether a match passes the topic and dataset filters of `options` (the provider-independent part). */
export function matchCounts(m: Pick<ScreeningMatch, 'topics' | 'datasets'>, options: ScreeningQueryOptions | undefined): boolean {
  const topics = options?.topics ?? [];
  if (topics.length && !m.topics.some((t) => topics.some((want) => t === want || t.startsWith(`${want}.`)))) return false;
  const datasets = options?.datasets ?? [];
  if (datasets.length && !m.datasets.some((d) => datasets.includes(d))) return false;
  return true;
}

export interface ScreeningProvider {
  /** `local` or `yente`. */
  readonly name: string;
  /** The list version screened against (for monitoring: a new version means a rescreen can find new hits). */
  listVersion(): Promise<string>;
  /** Matches above the threshold (the options' or the provider's), best first. */
  screen(subject: ScreeningSubject, options?: ScreeningQueryOptions): Promise<ScreeningMatch[]>;
  /**
   * The best candidates for an ad-hoc query, best first, at most `limit`, each explained; candidates under
   * the threshold are included down to a floor (so an analyst sees the near misses), flagged `isMatch: false`.
   * Only providers that can explain their scores have it (the local one). `options`: a tenant's settings (the
   * query's own datasets win over the settings').
   */
  search?(query: WatchlistQuery, limit?: number, options?: ScreeningQueryOptions): Promise<WatchlistCandidate[]>;
}

declare module '../services' {
  interface Services {
    /** Sanctions and PEP screening of a case's parties: the local watchlist matcher, or yente (SCREENING_PROVIDER). */
    screening: ScreeningProvider;
  }
}
