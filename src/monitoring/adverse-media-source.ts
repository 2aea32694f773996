/**
 * The AdverseMediaSource port: news articles that name a party of a case in connection with crime, fraud,
 * sanctions evasion and the like. The local default searches a bundled fictional corpus
 * (ADVERSE_MEDIA_PATH, default data/adverse-media/sample.jsonl) without any network; an adapter for an HTTP
 * JSON search API sits behind the same port (worker/vendors/http-adverse-media.ts).
 */

export interface AdverseMediaQuery {
  name: string;
  schema: 'Person' | 'Company';
}

export interface AdverseMediaArticle {
  /** Stable id of the article at the source (the alert's fact identity). */
  id: string;
  title: string;
  /** The publication. */
  source: string;
  /** YYYY-MM-DD. */
  publishedAt: string;
  /** e.g. `fraud`, `corruption`, `sanctions_evasion`. */
  topics: string[];
  severity: 'low' | 'medium' | 'high';
}

export interface AdverseMediaSource {
  /** `local` or `http`. */
  readonly name: string;
  /** Articles naming the subject; rejects when the source cannot be asked (the run's check is then `error`). */
  search(query: AdverseMediaQuery): Promise<AdverseMediaArticle[]>;
}

declare module '../services' {
  interface Services {
    /** Adverse media search of monitoring runs: the bundled local corpus, or an HTTP search API (ADVERSE_MEDIA_PROVIDER). */
    adverseMedia: AdverseMediaSource;
  }
}
