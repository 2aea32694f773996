import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import type { Services } from '../services';
import { isEditable, portalCaseOf } from '../cases/index';
import type { ReviewView } from '../cases/index';
import { buildReview, reviewView } from './review';

/**
 * review.get: the case's data per section and field, the application's values beside what extraction
 * read from the documents, with `pending` while uploaded documents still await extraction (today nothing
 * extracts, so the extracted values are usually empty and the sections show what the application holds).
 */
export async function getReview(svc: Services, actor: Actor, input: { caseId?: string } = {}): Promise<ReviewView> {
  const c = await portalCaseOf(svc.db, actor, input.caseId);
  return reviewView(await buildReview(forTenant(svc.db, actor), c), c, isEditable(c));
}
