import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { aiReviewView, type AiReviewView } from './ai-review-views';
import { findLatestAiReviewsByCaseId } from './ai-reviews.repository';

/** The latest AI review of each case (by caseId, in the order given; null where none), for a page of cases at once. */
export async function loadLatestAiReviews(svc: Services, actor: Actor, caseIds: string[]): Promise<(AiReviewView | null)[]> {
  authorize(actor, 'cases:read');
  const rows = await findLatestAiReviewsByCaseId(forTenant(svc.db, actor), [...new Set(caseIds)]);
  const byCase = new Map(rows.map((r) => [r.caseId, aiReviewView(r)]));
  return caseIds.map((id) => byCase.get(id) ?? null);
}
