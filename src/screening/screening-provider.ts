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
}

export interface ScreeningProvider {
  /** `local` or `yente`. */
  readonly name: string;
  /** The list version screened against (for monitoring: a new version means a rescreen can find new hits). */
  listVersion(): Promise<string>;
  /** Matches above the provider's threshold, best first. */
  screen(subject: ScreeningSubject): Promise<ScreeningMatch[]>;
}

declare module '../services' {
  interface Services {
    /** Sanctions and PEP screening of a case's parties: the local watchlist matcher, or yente (SCREENING_PROVIDER). */
    screening: ScreeningProvider;
  }
}
