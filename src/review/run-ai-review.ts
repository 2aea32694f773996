import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { AiReviewView } from './ai-review-views';
import { CaseReviewFailed, reviewCase } from './review-case';

/**
 * An analyst runs the AI case review of a case now (the console's runAiReview): triggeredBy is the
 * analyst's email, no step guard (every run is a new review). When the reviewer fails (the LLM is down
 * or gives an unusable answer) nothing is stored and the analyst gets `service_unavailable` saying so;
 * the detail goes to the log.
 */
export async function runAiReview(svc: Services, actor: Actor, input: { caseId: string }): Promise<AiReviewView> {
  authorize(actor, 'cases:work');
  const casePk = await findCasePk(forTenant(svc.db, actor), input.caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  try {
    const review = await reviewCase(svc, actor, { orgId: actor.orgId, casePk }, { triggeredBy: auditName(actor) });
    // Without a guard or runKey a review is always stored; null only if the case vanished meanwhile.
    if (!review) throw DomainError.notFound('Case');
    return review;
  } catch (err) {
    if (!(err instanceof CaseReviewFailed)) throw err;
    svc.log.warn({ err, orgId: actor.orgId, caseId: input.caseId, reviewer: err.reviewer }, 'AI case review failed');
    throw new DomainError('service_unavailable', `The AI case review (${err.reviewer}) did not give a usable answer; nothing was stored. Try again later.`);
  }
}
