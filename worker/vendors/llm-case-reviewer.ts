import type { CaseReviewer, CaseReviewFacts, CaseReviewResult } from '../../src/review/index';
import { LlmError, type OpenAiCompatibleClient } from './openai-compatible';
import { CASE_REVIEW_SYSTEM_PROMPT, CaseReviewAnswerSchema, caseReviewInstruction } from './prompts/case-review.v2';

const MAX_FACTORS = 30;
const MAX_FACTOR_TEXT = 500;
/** Owner fields a review does not need: they stay out of what is sent (data minimisation). */
const WITHHELD_OWNER_FIELDS = ['email', 'idNumber', 'personKey'];

/**
 * CaseReviewer over an OpenAI-compatible LLM (REVIEW_PROVIDER=llm), named `llm:<model>`: the case's facts
 * go as JSON (owners' emails and ID numbers withheld), the answer is strict JSON (prompts/case-review.v2.ts).
 * Any failure, a malformed answer included, is an LlmError: nothing is stored.
 */
export class LlmCaseReviewer implements CaseReviewer {
  readonly name: string;

  constructor(private readonly client: OpenAiCompatibleClient) {
    this.name = `llm:${client.model}`;
  }

  async review(facts: CaseReviewFacts): Promise<CaseReviewResult> {
    const answer = await this.client.completeJson({
      name: 'case_review',
      schema: CaseReviewAnswerSchema,
      system: CASE_REVIEW_SYSTEM_PROMPT,
      user: caseReviewInstruction(minimise(facts)),
      maxTokens: 2000,
    });
    const riskFactors = answer.riskFactors
      .map((f) => ({ text: f.text.trim(), severity: f.severity }))
      .filter((f) => f.text !== '');
    if (riskFactors.length > MAX_FACTORS) throw new LlmError('bad_answer', `The model listed ${riskFactors.length} risk factors; at most ${MAX_FACTORS} are kept as a review.`);
    return {
      recommendation: answer.recommendation,
      confidence: answer.confidence,
      riskFactors: riskFactors.map((f) => ({ ...f, text: f.text.length > MAX_FACTOR_TEXT ? `${f.text.slice(0, MAX_FACTOR_TEXT - 1)}…` : f.text })),
    };
  }
}

function minimise(facts: CaseReviewFacts): CaseReviewFacts {
  const app = facts.application;
  if (!app) return facts;
  const ownership = app.ownership as Record<string, unknown> | undefined;
  if (!ownership || typeof ownership !== 'object') return facts;
  const strip = (list: unknown) => (Array.isArray(list)
    ? list.map((o) => (o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).filter(([k]) => !WITHHELD_OWNER_FIELDS.includes(k))) : o))
    : list);
  return { ...facts, application: { ...app, ownership: { ...ownership, directors: strip(ownership.directors), ubos: strip(ownership.ubos) } } };
}
