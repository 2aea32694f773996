import type { ScreeningMatch, ScreeningSubject } from './screening-provider';

/**
 * The HitTriager port: a first opinion on a sanctions hit (false positive, true match, or escalate), stored
 * on the hit and shown beside it; the analyst's disposition stays the decision. The local default is
 * deterministic rules (and says so in `provider`/`model`); an OpenAI-compatible LLM adapter sits behind it.
 */
export interface TriageInput {
  hitId: string;
  subject: ScreeningSubject;
  match: ScreeningMatch;
}

export interface TriageResult {
  status: 'complete' | 'failed';
  /** 0..100. */
  confidence: number;
  disposition: 'false_positive' | 'true_match' | 'escalate';
  /** One sentence, at most 280 characters. */
  shortReason: string;
}

export interface HitTriager {
  /** The triage engine's identifier (event field `provider`). */
  readonly provider: string;
  /** The model identifier (event field `model`). */
  readonly model: string;
  /** Version of the prompt or rule set (event field `promptVersion`), currently `1`. */
  readonly promptVersion: string;
  triage(input: TriageInput): Promise<TriageResult>;
}

declare module '../services' {
  interface Services {
    /** A first opinion on each screening hit: the local deterministic rules (svc-rules), or an LLM adapter. */
    triager: HitTriager;
  }
}
