/**
 * The CaseReviewer port: an autonomous review of a whole case that lists its risk factors and recommends
 * Approve, Refer or Decline. The local default derives them from the case's data, documents, screening and
 * risk by rules; an OpenAI-compatible LLM adapter sits behind the same port.
 */
export interface CaseReviewFacts {
  caseId: string;
  companyName: string | null;
  /** The application's company profile and ownership as submitted (null when none). */
  application: Record<string, unknown> | null;
  documents: { id: number; documentType: string | null; status: string; confidence: string | null; warnings: string[] }[];
  hits: {
    hitId: string; subjectName: string | null; subjectRole: string | null; isPep: boolean; isSanctioned: boolean;
    triageDisposition: string | null; disposition: string | null;
  }[];
  risk: { compositeScore: number; band: string } | null;
}

export interface CaseReviewResult {
  recommendation: 'Approve' | 'Refer' | 'Decline';
  confidence: 'High' | 'Medium' | 'Low';
  riskFactors: { text: string; severity: 'HIGH' | 'MEDIUM' | 'LOW' }[];
}

export interface CaseReviewer {
  /** `local` or `llm:<model>`. */
  readonly name: string;
  review(facts: CaseReviewFacts): Promise<CaseReviewResult>;
}

declare module '../services' {
  interface Services {
    /** The AI case review (REVIEW_PROVIDER): the local rules, or the OpenAI-compatible LLM at LLM_URL. */
    reviewer: CaseReviewer;
  }
}
