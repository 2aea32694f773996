import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { recordEvent } from '../events/record-event';
import type { StepGuard } from '../step-guard';
import type { Services } from '../services';
import { REVIEW_CONFIDENCES, REVIEW_RECOMMENDATIONS, RISK_FACTOR_SEVERITIES } from './ai-review.entity';
import type { AiReviewView } from './ai-review-views';
import { insertAiReview } from './ai-reviews.repository';
import type { CaseReviewResult } from './case-reviewer';
import { loadCaseReviewFacts } from './load-case-review-facts';

export interface ReviewTrigger {
  /** The analyst's email, or `system:form-submission:<email>` / `system:confirm-review:<email>` (review-triggers.ts). */
  triggeredBy: string;
  /**
   * Optional dedup key of a background run (for example `form-submission:<submittedAt>`): a second run
   * with the same key on the same case stores and records nothing, even without a guard.
   */
  runKey?: string;
}

/**
 * The reviewer failed or gave an invalid result (the LLM timed out, answered 5xx, or answered something
 * unusable): nothing was stored. `cause` is the reviewer's own error (messages never hold a secret).
 */
export class CaseReviewFailed extends Error {
  constructor(readonly reviewer: string, cause: unknown) {
    super(`The case reviewer ${reviewer} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'CaseReviewFailed';
  }
}

const MAX_TRIGGERED_BY = 320;
const MAX_REVIEWER = 200;

/**
 * The AI case review of one case (a pipeline step, and the body of runAiReview): the facts are read
 * and the reviewer (svc.reviewer: local rules or the LLM) is asked outside any transaction; then one
 * transaction stores the review (ai_reviews) and records ai_review.completed with reviewId,
 * companyName, triggeredBy, recommendation, confidence, riskFactorCount, riskFactors and completedAt.
 * With a guard, nothing is written when it says the step is done. Returns the stored review, or null
 * when nothing was written (the guard, or a runKey already stored). A reviewer failure is a
 * CaseReviewFailed (nothing stored): a background job retries it; runAiReview turns it into a clear error.
 */
export async function reviewCase(
  svc: Services, actor: Actor, ref: { orgId: string; casePk: number }, trigger: ReviewTrigger, guard?: StepGuard,
): Promise<AiReviewView | null> {
  authorize(actor, 'cases:work');
  if (actor.orgId !== ref.orgId) throw DomainError.notFound('Case');
  const triggeredBy = trigger.triggeredBy.trim();
  if (!triggeredBy || triggeredBy.length > MAX_TRIGGERED_BY) {
    throw DomainError.validation([{ path: 'triggeredBy', message: `must be 1 to ${MAX_TRIGGERED_BY} characters` }]);
  }
  const facts = await loadCaseReviewFacts(forTenant(svc.db, ref.orgId), ref.casePk);
  if (!facts) throw DomainError.notFound('Case');
  const reviewer = svc.reviewer.name.slice(0, MAX_REVIEWER);
  let result: CaseReviewResult;
  try {
    result = checkResult(await svc.reviewer.review(facts));
  } catch (err) {
    throw new CaseReviewFailed(reviewer, err);
  }

  return inTransaction(svc, async (tx) => {
    if (guard && !(await guard.claim(tx))) return null;
    const completedAt = svc.clock.now();
    const reviewId = await insertAiReview(forTenant(tx.manager, ref.orgId), ref.casePk, {
      triggeredBy, reviewer, ...result, runKey: trigger.runKey ?? null, completedAt,
    });
    if (reviewId === null) {
      // The runKey's review is stored already (or the case is gone): the step is done all the same.
      await guard?.done(tx);
      return null;
    }
    await recordEvent(tx, {
      orgId: ref.orgId,
      type: 'ai_review.completed',
      case: { pk: ref.casePk },
      fields: {
        reviewId, companyName: facts.companyName, triggeredBy, recommendation: result.recommendation, confidence: result.confidence,
        riskFactorCount: result.riskFactors.length, riskFactors: result.riskFactors, completedAt: completedAt.toISOString(),
      },
    });
    await guard?.done(tx);
    return {
      reviewId, triggeredBy, reviewer, recommendation: result.recommendation, confidence: result.confidence, riskFactors: result.riskFactors,
      completedAt: completedAt.toISOString(),
    };
  });
}

/** A reviewer's result is checked like any input before it is stored (an adapter's bug must not reach the event feed). */
function checkResult(r: CaseReviewResult): CaseReviewResult {
  const details: ValidationDetail[] = [];
  if (!REVIEW_RECOMMENDATIONS.includes(r?.recommendation)) details.push({ path: 'recommendation', message: `must be one of ${REVIEW_RECOMMENDATIONS.join(', ')}` });
  if (!REVIEW_CONFIDENCES.includes(r?.confidence)) details.push({ path: 'confidence', message: `must be one of ${REVIEW_CONFIDENCES.join(', ')}` });
  const factors = Array.isArray(r?.riskFactors) ? r.riskFactors : [];
  if (!Array.isArray(r?.riskFactors)) details.push({ path: 'riskFactors', message: 'must be an array' });
  factors.forEach((f, i) => {
    if (typeof f?.text !== 'string' || f.text.trim() === '') details.push({ path: `riskFactors.${i}.text`, message: 'must be a non-empty string' });
    if (!RISK_FACTOR_SEVERITIES.includes(f?.severity)) details.push({ path: `riskFactors.${i}.severity`, message: `must be one of ${RISK_FACTOR_SEVERITIES.join(', ')}` });
  });
  if (details.length) throw new Error(`The case reviewer gave an invalid result: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`);
  return { recommendation: r.recommendation, confidence: r.confidence, riskFactors: factors.map((f) => ({ text: f.text, severity: f.severity })) };
}
