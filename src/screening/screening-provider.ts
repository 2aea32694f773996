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
  /** The entity's names, aliases (strong: alias, previousName), weak aliases and sanction programmes, when the provider knows them (what a cleared hit fingerprints). */
  names?: string[];
  aliases?: string[];
  weakAliases?: string[];
  programs?: string[];
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
}

declare module '../services' {
  interface Services {
    /** Sanctions and PEP screening of a case's parties: the local watchlist matcher, or yente (SCREENING_PROVIDER). */
    screening: ScreeningProvider;
  }
}
